#!/usr/bin/python3
"""Cluster test: PostgreSQL, three caipan-servers and HAProxy (deploy/cluster.sh), games
partitioned across the servers, one server killed with SIGKILL and restarted while clients play.

Clients play gomoku games through HAProxy, each call naming its game in the caipan-game header,
so HAProxy sends all of a game's calls to one server, which owns the game; a call that failed is
retried with the same ply; timed games are left to run out of time. Watchers follow every game
through HAProxy too (on the game's server) from its first move, and watch again from their last
event when their stream ends (the server was killed, or the game moved to another server). Server
1 is killed in the middle of play (its games move to the others) and restarted later (its games
come back to it). Afterwards:
  - no acknowledged move is lost: every server shows each game with exactly the acknowledged
    moves, each at the sequence its acknowledgement gave;
  - no game stalls: every game is played to its last move before the deadline;
  - every flag falls once: each timed game ends on time with exactly one flag_fell event (a timed
    game whose server died is adopted by another once the dead server's lease has run out);
  - the watchers saw every event of every game in order, without a gap or a repeat, and how long
    after the mover's acknowledgement (p50/p95/p99 printed; p95 checked against
    --max-watch-p95-ms: on a 2-core machine shared with the load, p99 is at the mercy of the
    scheduler);
  - every live game is owned by a server whose lease is alive (none is left to the killed one),
    and the games are spread over more than one server.
A client that sends no caipan-game header plays a game through HAProxy on one server (keyed by
its address), the game never claimed away. Then a tournament is paired on server 2, its games played (one through server 3, the others
through HAProxy), its results read on server 1 and server 3, and its next round paired on server
3.

Usage: cluster_test.py --server PATH --proto-dir DIR --deploy-dir DIR [--seed S]
"""

import argparse
import concurrent.futures
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import grpc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "game"))
import crash_test as ct  # noqa: E402  (the client stubs and move generators)

RETRYABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
             grpc.StatusCode.CANCELLED)
CALL_TIMEOUT = 5.0
PLAYED_GAMES = 16
PLIES = 100
MOVE_GAP_S = 0.02
TIMED_GAMES = 4
TIMED_PLIES = 2
TIME_CONTROL_S = 4
KILL_AT_S = 1.0
DOWN_S = 1.5
DEADLINE_S = 90
ARBITER_TOKEN = "cluster-test-arbiter-token-0123456789"


def about(name):
    """The metadata of a call about game `name`: HAProxy's routing key."""
    return (("caipan-game", name),)


class Failure(Exception):
    pass


class Cluster:
    def __init__(self, deploy_dir, server, work_dir):
        self.script = os.path.join(deploy_dir, "cluster.sh")
        os.makedirs(work_dir, exist_ok=True)
        tokens = os.path.join(work_dir, "arbiters.txt")
        with open(tokens, "w") as f:
            f.write("%s\n" % ARBITER_TOKEN)
        os.chmod(tokens, 0o600)
        self.env = dict(os.environ, CAIPAN_SERVER=server,
                        CAIPAN_SERVER_ARGS="--arbiter-tokens-file %s" % tokens)
        self.dir = work_dir
        self.ports = {}

    def run(self, *args):
        result = subprocess.run(["bash", self.script] + list(args), env=self.env,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise Failure("cluster.sh %s failed:\n%s%s" % (" ".join(args), result.stdout,
                                                            result.stderr))
        return result.stdout

    def start(self):
        print(self.run("start", self.dir, "3").strip())
        with open(os.path.join(self.dir, "cluster.env")) as f:
            for line in f:
                key, _, value = line.strip().partition("=")
                self.ports[key] = value.strip("'")

    def grpc(self, server=None):
        port = self.ports["GRPC"] if server is None else self.ports["SERVER_%d_GRPC" % server]
        return "127.0.0.1:%s" % port

    def haproxy_status(self, server):
        """HAProxy's health-check state of server `server` in the gRPC backend (UP, DOWN, …)."""
        sock = socket.socket(socket.AF_UNIX)
        sock.settimeout(5)
        sock.connect(os.path.join(self.dir, "haproxy.sock"))
        sock.sendall(b"show stat\n")
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        sock.close()
        for line in data.decode().splitlines():
            fields = line.split(",")
            if len(fields) > 17 and fields[0] == "caipan_grpc" and fields[1] == "s%d" % server:
                return fields[17]
        return None

    def wait_status(self, server, wanted, limit_s=10):
        """Waits until HAProxy's checks say `wanted` (the gRPC health check at work)."""
        end = time.monotonic() + limit_s
        status = None
        while time.monotonic() < end:
            status = self.haproxy_status(server)
            if status is not None and status.startswith(wanted):
                return time.monotonic()
            time.sleep(0.05)
        raise Failure("HAProxy still says server %d is %s, %.0f s after it should be %s"
                      % (server, status, limit_s, wanted))

    def sql(self, query):
        """Rows of `query` on the cluster's database (psql, tab-separated)."""
        result = subprocess.run(["psql", "-At", "-F", "\t", "-c", query, self.ports["PG"]],
                                capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise Failure("psql: %s" % result.stderr.strip())
        return [line.split("\t") for line in result.stdout.splitlines() if line]

    def stop(self):
        try:
            self.run("stop", self.dir)
        except Failure as e:
            print(e)


class Game:
    def __init__(self, index, moves, time_control):
        self.index = index
        self.moves = moves
        self.time_control = time_control
        self.name = None
        self.tokens = {}
        self.acked = []  # (canonical move, sequence, monotonic ack time)
        self.error = None
        self.done = False

    def label(self):
        return self.name or "game #%d" % self.index

    def side(self, ply):
        return ct.common.SIDE_BLACK if ply % 2 == 1 else ct.common.SIDE_WHITE


RETRIES = [0]  # calls retried after a retryable error (the kill's effect on clients)


def call(fn, what, deadline):
    """Retries fn until it is answered (a server may be down under HAProxy)."""
    while True:
        try:
            return fn()
        except grpc.RpcError as e:
            RETRIES[0] += 1
            if e.code() not in RETRYABLE:
                raise Failure("%s: %s: %s" % (what, e.code().name, e.details()))
            if time.monotonic() > deadline:
                raise Failure("%s: no answer before the deadline (%s: %s)"
                              % (what, e.code().name, e.details()))
            time.sleep(0.02)


def play(stub, game, deadline):
    try:
        request = ct.gs.CreateGameRequest(
            kind=ct.gs.GAME_KIND_GOMOKU, time_control=game.time_control,
            clock_start=ct.gs.CLOCK_START_AT_START_TIME,
            players=[ct.gs.Player(side=ct.common.SIDE_BLACK, name="b%d" % game.index),
                     ct.gs.Player(side=ct.common.SIDE_WHITE, name="w%d" % game.index)],
            event="cluster test", request_id="cluster-%d-%d" % (os.getpid(), game.index),
            gomoku_rules=ct.gm.GomokuRuleOptions(rule_set=ct.gm.GOMOKU_RULE_SET_FREESTYLE))
        answer = call(lambda: stub.CreateGame(request, timeout=CALL_TIMEOUT), "create", deadline)
        game.name = answer.game.name
        game.tokens = {t.side: t.token for t in answer.tokens}
        for index, move in enumerate(game.moves):
            time.sleep(MOVE_GAP_S)
            ply = index + 1
            r = ct.gs.SubmitMoveRequest(name=game.name, token=game.tokens[game.side(ply)],
                                        move=move, ply=ply)
            answer = call(lambda r=r: stub.SubmitMove(r, timeout=CALL_TIMEOUT,
                                                      metadata=about(game.name)),
                          "%s ply %d" % (game.label(), ply), deadline)
            if not answer.check.legal:
                raise Failure("%s: ply %d %s refused: %s" % (game.label(), ply, move,
                                                             answer.check.reason))
            game.acked.append((answer.check.move, answer.sequence, time.monotonic()))
        game.done = True
    except Failure as e:
        game.error = str(e)
    except Exception as e:  # pylint: disable=broad-except
        game.error = "%s: %r" % (type(e).__name__, e)


class Watcher(threading.Thread):
    """Follows one game through HAProxy from its first move (after_sequence=1); when its stream
    ends before it is stopped (the server was killed, the game moved, or the stream was idle),
    it watches again from the last event it saw."""

    def __init__(self, address, game):
        super().__init__(daemon=True)
        self.channel = grpc.insecure_channel(address)
        self.stub = ct.game_stubs.GameServiceStub(self.channel)
        self.game = game
        self.seen = []  # (sequence, kind, monotonic time)
        self.error = None
        self.resumed = 0
        self.call = None
        self.stopped = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        while not self.stopped.is_set():
            after = self.seen[-1][0] if self.seen else 1
            try:
                with self.lock:
                    if self.stopped.is_set():
                        return
                    self.call = self.stub.WatchGame(
                        ct.gs.WatchGameRequest(name=self.game.name, after_sequence=after),
                        metadata=about(self.game.name))
                over = False
                for item in self.call:
                    if item.HasField("event"):
                        e = item.event
                        self.seen.append((e.sequence, e.WhichOneof("kind"), time.monotonic()))
                    if item.HasField("game"):
                        over = item.game.status not in (ct.gs.GAME_STATUS_LIVE,
                                                        ct.gs.GAME_STATUS_UNSPECIFIED)
                if over:
                    return  # the game's last event was seen
            except grpc.RpcError as e:
                if self.stopped.is_set():
                    return
                # A stream cut by the kill reaches the client through HAProxy as a reset
                # stream: "Stream removed", or "RST_STREAM".
                details = e.details() or ""
                cut = (e.code() in (grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL) and
                       ("Stream removed" in details or "RST_STREAM" in details))
                if e.code() not in RETRYABLE and not cut:
                    self.error = "%s: %s" % (e.code().name, e.details())
                    return
            self.resumed += 1
            time.sleep(0.02)

    def stop(self):
        with self.lock:
            self.stopped.set()
            if self.call is not None:
                self.call.cancel()
        self.join(5)
        self.channel.close()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100.0 * len(values)))] if values else 0


def verify(cluster, games, watchers, max_p95_ms):
    stats = {"moves": 0, "flag_falls": 0}
    latencies = []
    channels = {s: grpc.insecure_channel(cluster.grpc(s)) for s in (1, 2, 3)}
    try:
        for g in games:
            if g.error:
                raise Failure("%s: %s" % (g.label(), g.error))
            if not g.done:
                raise Failure("%s stalled: %d of %d moves acknowledged"
                              % (g.label(), len(g.acked), len(g.moves)))
            timed = g.time_control != "none"
            want_last = 1 + len(g.acked) + (1 if timed else 0)
            for s, channel in channels.items():
                stub = ct.game_stubs.GameServiceStub(channel)
                got = stub.GetGame(ct.gs.GetGameRequest(name=g.name), timeout=CALL_TIMEOUT)
                if timed:
                    # The flag falls about TIME_CONTROL_S after the last move: wait for it.
                    end = time.monotonic() + TIME_CONTROL_S + 5
                    while got.last_sequence < want_last and time.monotonic() < end:
                        time.sleep(0.1)
                        got = stub.GetGame(ct.gs.GetGameRequest(name=g.name),
                                           timeout=CALL_TIMEOUT)
                if list(got.moves) != [m for m, _, _ in g.acked]:
                    raise Failure("%s on server %d: moves %s, acknowledged %s"
                                  % (g.label(), s, list(got.moves), [m for m, _, _ in g.acked]))
                if got.last_sequence != want_last:
                    raise Failure("%s on server %d: last sequence %d, expected %d"
                                  % (g.label(), s, got.last_sequence, want_last))
                if timed and got.verdict.reason != ct.common.VERDICT_REASON_TIME_FORFEIT:
                    raise Failure("%s on server %d: not lost on time: %s"
                                  % (g.label(), s, got.verdict.explanation))
            for ply, (_, sequence, _) in enumerate(g.acked, start=1):
                if sequence != ply + 1:
                    raise Failure("%s: ply %d acknowledged with sequence %d"
                                  % (g.label(), ply, sequence))
            stats["moves"] += len(g.acked)
            acked_at = {sequence: t for _, sequence, t in g.acked}
            for w in watchers[g.name]:
                end = time.monotonic() + 5
                while len(w.seen) < want_last - 1 and time.monotonic() < end:
                    time.sleep(0.05)
                if w.error:
                    raise Failure("%s: a watcher failed: %s" % (g.label(), w.error))
                sequences = [sequence for sequence, _, _ in w.seen]
                if sequences != list(range(2, want_last + 1)):
                    raise Failure("%s: a watcher saw sequences %s, expected 2..%d"
                                  % (g.label(), sequences, want_last))
                flags = [kind for _, kind, _ in w.seen if kind == "flag_fell"]
                if len(flags) != (1 if timed else 0):
                    raise Failure("%s: a watcher saw %d flag falls" % (g.label(), len(flags)))
                for sequence, _, t in w.seen:
                    if sequence in acked_at:
                        latencies.append((t - acked_at[sequence]) * 1000.0)
            stats["flag_falls"] += 1 if timed else 0
    finally:
        for channel in channels.values():
            channel.close()
    p50, p95, p99 = (percentile(latencies, 50), percentile(latencies, 95),
                     percentile(latencies, 99))
    print("cluster: %d games, %d acknowledged moves (%d calls retried), %d flag falls (each "
          "once), every event seen in order by %d watchers (who watched again %d times)"
          % (len(games), stats["moves"], RETRIES[0], stats["flag_falls"],
             sum(len(w) for w in watchers.values()),
             sum(w.resumed for ws in watchers.values() for w in ws)))
    print("cluster: a watcher saw a move after its acknowledgement: p50 %.1f ms,"
          " p95 %.1f ms, p99 %.1f ms, max %.1f ms (%d samples)"
          % (p50, p95, p99, max(latencies), len(latencies)))
    if p95 > max_p95_ms:
        raise Failure("watchers' p95 latency %.1f ms is over %.0f ms" % (p95, max_p95_ms))


def verify_owners(cluster):
    """Every live game is owned by a server with a live lease, and the games are spread."""
    rows = cluster.sql("SELECT g.name, g.owner, coalesce(s.lease_until > now(), false) "
                       "FROM games g LEFT JOIN servers s ON s.id = g.owner "
                       "WHERE g.status = 'live' AND g.kind <> 'tournament'")
    owners = {}
    for name, owner, alive in rows:
        if alive != "t":
            raise Failure("%s is owned by %r, which holds no lease" % (name, owner or None))
        owners.setdefault(owner, []).append(name)
    if len(rows) >= 4 and len(owners) < 2:
        raise Failure("every live game is on one server: %s" % list(owners))
    print("cluster: %d live games, each owned by a server with a live lease: %s"
          % (len(rows), ", ".join(str(len(v)) for v in owners.values())))


# A xiangqi opening, every move legal.
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5",
           "c3c4", "g6g5"]


def headerless_client_keeps_its_game(cluster):
    """A client that never sends the caipan-game header (as a plain gRPC tool would) creates a
    game and plays it through HAProxy: keyed by the client's address, every call reaches one
    server, so the game is never claimed away from its creator (owner_epoch stays 1). Spread
    round robin over three servers, the twelve moves would move it again and again."""
    channel = grpc.insecure_channel(cluster.grpc())
    try:
        stub = ct.game_stubs.GameServiceStub(channel)
        created = stub.CreateGame(ct.gs.CreateGameRequest(
            kind=ct.gs.GAME_KIND_XIANGQI,
            players=[ct.gs.Player(side=ct.common.SIDE_RED, name="no header red"),
                     ct.gs.Player(side=ct.common.SIDE_BLACK, name="no header black")]),
            timeout=CALL_TIMEOUT)
        tokens = {t.side: t.token for t in created.tokens}
        for ply, move in enumerate(OPENING, start=1):
            side = ct.common.SIDE_RED if ply % 2 == 1 else ct.common.SIDE_BLACK
            answer = stub.SubmitMove(ct.gs.SubmitMoveRequest(
                name=created.game.name, token=tokens[side], move=move, ply=ply),
                timeout=CALL_TIMEOUT)
            if not answer.check.legal:
                raise Failure("header-less game: %s refused: %s" % (move, answer.check.reason))
    except grpc.RpcError as e:
        raise Failure("header-less game: %s: %s" % (e.code().name, e.details()))
    finally:
        channel.close()
    rows = cluster.sql("SELECT owner_epoch, last_sequence FROM games WHERE name = '%s'"
                       % created.game.name)
    if rows != [["1", str(1 + len(OPENING))]]:
        raise Failure("header-less game: (owner_epoch, last_sequence) %s, want [1, %d]: its "
                      "calls reached more than one server" % (rows, 1 + len(OPENING)))
    print("cluster: a client without the caipan-game header played %d moves on one server "
          "(owner_epoch 1)" % len(OPENING))


def tournament_across_servers(cluster):
    """Paired on server 2, played through server 3 and HAProxy, results read on servers 1 and
    3, the next round paired on server 3."""
    from caipan.v1 import tournament_service_pb2 as ts
    from caipan.v1 import tournament_service_pb2_grpc as tournament_stubs
    channels = {s: grpc.insecure_channel(cluster.grpc(s)) for s in (None, 1, 2, 3)}
    try:
        events = {s: tournament_stubs.TournamentServiceStub(c) for s, c in channels.items()}
        games = {s: ct.game_stubs.GameServiceStub(c) for s, c in channels.items()}
        created = events[2].CreateTournament(ts.CreateTournamentRequest(
            token=ARBITER_TOKEN, title="Cluster open", kind=ct.gs.GAME_KIND_XIANGQI,
            system=ts.PAIRING_SYSTEM_SWISS, rounds=3), timeout=CALL_TIMEOUT)
        events[2].AddPlayers(ts.AddPlayersRequest(
            token=ARBITER_TOKEN, tournament=created.name,
            players=[ts.Entrant(name="Player %d" % i) for i in range(1, 7)]),
            timeout=CALL_TIMEOUT)
        round1 = events[2].PairRound(ts.PairRoundRequest(
            token=ARBITER_TOKEN, tournament=created.name, round=1), timeout=CALL_TIMEOUT)
        # Red resigns at every table: table 1 through server 3, the others through HAProxy.
        for table in round1.pairings:
            red = [t.token for t in table.tokens if t.side == ct.common.SIDE_RED][0]
            via = 3 if table.table == 1 else None
            games[via].Resign(ct.gs.ResignRequest(name=table.game, token=red),
                              timeout=CALL_TIMEOUT, metadata=about(table.game))
        for s in (1, 3):
            end = time.monotonic() + 10
            while True:
                state = events[s].GetRound(ts.GetRoundRequest(tournament=created.name, round=1),
                                           timeout=CALL_TIMEOUT)
                results = [t.result for t in state.pairings]
                if all(r == ts.TABLE_RESULT_BLACK_WINS for r in results):
                    break
                if time.monotonic() > end:
                    raise Failure("tournament on server %d: round 1 results %s" % (s, results))
                time.sleep(0.1)
        round2 = events[3].PairRound(ts.PairRoundRequest(
            token=ARBITER_TOKEN, tournament=created.name, round=2), timeout=CALL_TIMEOUT)
        if len(round2.pairings) != 3:
            raise Failure("round 2 paired on server 3 has %d tables" % len(round2.pairings))
        print("cluster: a tournament paired on server 2, its 3 results recorded by the servers "
              "that played the games and read on servers 1 and 3, round 2 paired on server 3")
    except grpc.RpcError as e:
        raise Failure("tournament: %s: %s" % (e.code().name, e.details()))
    finally:
        for channel in channels.values():
            channel.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--proto-dir", required=True)
    parser.add_argument("--deploy-dir", required=True)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--max-watch-p95-ms", type=float, default=100.0)
    args = parser.parse_args()
    if shutil.which("haproxy") is None:
        print("FAILED: haproxy is not installed (tools/setup.sh installs it)")
        return 1
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="caipan_cluster_")
    os.chmod(work, 0o755)  # PostgreSQL runs as its own user below it
    ct.generate_client(args.proto_dir, os.path.join(work, "stubs"))
    cluster = Cluster(args.deploy_dir, args.server, os.path.join(work, "cluster"))
    watchers = {}
    try:
        cluster.start()
        channel = grpc.insecure_channel(cluster.grpc())
        stub = ct.game_stubs.GameServiceStub(channel)
        adjudication = ct.adj_stubs.AdjudicationServiceStub(channel)
        # Each game's stones, checked by the servers' CheckMove, all games at once.
        plans = [(PLIES, "none")] * PLAYED_GAMES + [(TIMED_PLIES, str(TIME_CONTROL_S))] * TIMED_GAMES
        with concurrent.futures.ThreadPoolExecutor(len(plans)) as pool:
            sequences = list(pool.map(
                lambda i: ct.gomoku_sequence(adjudication, random.Random(args.seed * 1000 + i),
                                             plans[i][0], False), range(len(plans))))
        games = [Game(i, sequences[i], plans[i][1]) for i in range(len(plans))]
        deadline = time.monotonic() + DEADLINE_S
        play_started = time.monotonic()
        players = []
        for g in games:
            t = threading.Thread(target=play, args=(stub, g, deadline), daemon=True)
            t.start()
            players.append(t)
        # Watchers on the servers that stay up, from each game's creation on.
        end = time.monotonic() + 30
        while any(g.name is None and g.error is None for g in games):
            if time.monotonic() > end:
                raise Failure("games were not created within 30 s")
            time.sleep(0.01)
        for g in games:
            if g.name is not None:
                watchers[g.name] = [Watcher(cluster.grpc(), g) for _ in range(2)]
                for w in watchers[g.name]:
                    w.start()
        time.sleep(max(0.0, KILL_AT_S - 0.3))
        cluster.wait_status(1, "UP")
        cluster.run("kill", cluster.dir, "1")
        killed = time.monotonic()
        print("cluster: server 1 killed (SIGKILL) at %.1f s, %.1f s into play"
              % (killed - started, killed - play_started))
        down = cluster.wait_status(1, "DOWN")
        print("cluster: HAProxy's health checks took it out after %.1f s" % (down - killed))
        time.sleep(max(0.0, DOWN_S - (time.monotonic() - killed)))
        cluster.run("restart", cluster.dir, "1")
        restarted = time.monotonic()
        print("cluster: server 1 restarted at %.1f s" % (restarted - started))
        up = cluster.wait_status(1, "UP")
        print("cluster: HAProxy's health checks put it back after %.1f s" % (up - restarted))
        for t in players:
            t.join(max(0.0, deadline - time.monotonic()))
        verify(cluster, games, watchers, args.max_watch_p95_ms)
        verify_owners(cluster)
        headerless_client_keeps_its_game(cluster)
        tournament_across_servers(cluster)
        channel.close()
    except Failure as e:
        print("FAILED: %s" % e)
        for i in (1, 2, 3):
            log = os.path.join(cluster.dir, "server-%d.log" % i)
            if os.path.exists(log):
                print("--- server %d (last lines) ---" % i)
                with open(log) as f:
                    print("".join(f.readlines()[-10:]))
        return 1
    finally:
        for ws in watchers.values():
            for w in ws:
                w.stop()
        cluster.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("cluster: passed in %.1f s" % (time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
