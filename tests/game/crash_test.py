#!/usr/bin/python3
"""Crash test of caipan.v1.GameService on the real caipan-server binary.

Several clients (one thread per game) play xiangqi and gomoku games concurrently while a killer
thread sends the server SIGKILL at random moments (--kills times, 50-400 ms after it is up) and
restarts it on the same SQLite store. Clients retry a call that failed with the same ply (moves)
or the same request_id (creates) once the server is back. Afterwards the test checks that:
  - every acknowledged move is in the game, in order, at its ply, with the sequence number the
    acknowledgement gave; nothing else is there except, at most, the move a client was
    submitting when the server was killed for the last time (applied, answer lost);
  - each game's events are contiguous (WatchGame snapshot and replay from after_sequence=1);
  - a retried create gives the same game and tokens, and no duplicate games exist;
  - a retried move returns the stored answer (same sequence) and is never applied twice;
  - the clocks resume from the last event's readings: time the server was down is charged to
    no one (checked on every move's elapsed time and on the readings after a restart).

Move sequences are generated deterministically (--seed) from the server's stateless
AdjudicationService (ListMoves / CheckMove) before the clients start.

Usage: crash_test.py --server PATH --proto-dir DIR [--kills N] [--seed S]
"""

import os
import random
import shutil
import sys
import tempfile
import threading
import time

import grpc

import crash_common
from crash_common import CALL_TIMEOUT, RETRYABLE, Failure, FinalKill, call_once, now_ms

pb = None  # caipan.v1.adjudication_service_pb2
adj_stubs = None  # caipan.v1.adjudication_service_pb2_grpc
gs = None  # caipan.v1.game_service_pb2
game_stubs = None  # caipan.v1.game_service_pb2_grpc
common = None  # caipan.v1.common_pb2
gm = None  # caipan.v1.gomoku_pb2
xq = None  # caipan.v1.xiangqi_pb2

ARBITER_TOKEN = "crash-test-arbiter-token-0123456789"
INITIAL_MS = 1200 * 1000
INCREMENT_MS = 5 * 1000
# Milliseconds of tolerance for readings taken on the same machine's clock.
SLACK_MS = 30


def generate_client(proto_dir, out_dir):
    crash_common.generate_client(proto_dir, out_dir)
    global pb, adj_stubs, gs, game_stubs, common, gm, xq
    from caipan.v1 import adjudication_service_pb2 as pb
    from caipan.v1 import adjudication_service_pb2_grpc as adj_stubs
    from caipan.v1 import common_pb2 as common
    from caipan.v1 import game_service_pb2 as gs
    from caipan.v1 import game_service_pb2_grpc as game_stubs
    from caipan.v1 import gomoku_pb2 as gm
    from caipan.v1 import xiangqi_pb2 as xq


class Connection(crash_common.Connection):
    """A client's channel to the current server (GameService, AdjudicationService)."""

    def open_stubs(self, channel):
        self.game = game_stubs.GameServiceStub(channel)
        self.adjudication = adj_stubs.AdjudicationServiceStub(channel)


# --- Move sequences ---------------------------------------------------------------------------

def xiangqi_sequence(stub, rng, max_plies):
    """A random legal xiangqi game that never repeats a position; ends early on a verdict."""
    moves = []
    seen = set()
    listed = stub.ListMoves(pb.ListMovesRequest(xiangqi=xq.XiangqiPosition(moves=[])),
                            timeout=CALL_TIMEOUT)
    seen.add(listed.fen.split(" ")[0] + listed.fen.split(" ")[1])
    while len(moves) < max_plies and listed.moves:
        candidates = [m.move for m in listed.moves]
        rng.shuffle(candidates)
        chosen = None
        for move in candidates[:12]:
            after = stub.ListMoves(pb.ListMovesRequest(
                xiangqi=xq.XiangqiPosition(moves=moves + [move])), timeout=CALL_TIMEOUT)
            key = after.fen.split(" ")[0] + after.fen.split(" ")[1]
            if key not in seen:
                chosen, listed = move, after
                seen.add(key)
                break
        if chosen is None:
            break
        check = stub.CheckMove(pb.CheckMoveRequest(xiangqi=xq.XiangqiPosition(moves=moves),
                                                   move=chosen), timeout=CALL_TIMEOUT)
        if not check.check.legal:
            raise Failure("pre-generation: ListMoves gave %s but CheckMove refuses it: %s"
                          % (chosen, check.check.reason))
        moves.append(chosen)
        if check.check.verdict.result != common.RESULT_ONGOING:
            break
    return moves


def gomoku_sequence(stub, rng, max_plies, black_five_on_a):
    """Random freestyle stones; with black_five_on_a, every 6th Black stone goes on a1, a2, …
    (White never plays on column a), so Black wins with five there unless the game ends sooner.
    Ends early on a verdict."""
    rules = gm.GomokuRuleOptions(rule_set=gm.GOMOKU_RULE_SET_FREESTYLE)
    cols = "abcdefghijklmno"
    free = ["%s%d" % (c, r) for c in cols for r in range(1, 16)]
    if black_five_on_a:
        free = [p for p in free if not p.startswith("a")]
    rng.shuffle(free)
    moves = []
    while len(moves) < max_plies:
        black_index = len(moves) // 2
        if black_five_on_a and len(moves) % 2 == 0 and black_index % 6 == 5:
            move = "a%d" % (black_index // 6 + 1)
        else:
            move = free.pop()
        check = stub.CheckMove(pb.CheckMoveRequest(gomoku=gm.GomokuPosition(moves=moves),
                                                   move=move, gomoku_rules=rules),
                               timeout=CALL_TIMEOUT)
        if not check.check.legal:
            raise Failure("pre-generation: gomoku stone %s refused: %s"
                          % (move, check.check.reason))
        moves.append(check.check.move)
        if check.check.verdict.result != common.RESULT_ONGOING:
            break
    return moves


# --- Games and their clients ------------------------------------------------------------------

class Acked:
    def __init__(self, move, canonical, sequence, sent_ms, attempts, over):
        self.move = move
        self.canonical = canonical
        self.sequence = sequence
        self.sent_ms = sent_ms
        self.attempts = attempts
        self.over = over


class GameRun:
    def __init__(self, index, kind, time_control, moves):
        self.index = index
        self.kind = kind
        self.time_control = time_control
        self.moves = moves
        self.request_id = "crash-test-%d-%d" % (os.getpid(), index)
        self.name = None
        self.tokens = {}
        self.create_attempts = 0
        self.acked = []  # Acked per ply, in order
        self.pending = None  # (ply, move) in flight at the last kill, answer lost
        self.error = None
        self.created = threading.Event()
        self.over = False
        # A game that ends (the gomoku game with five on column a) is played faster, so that
        # it ends while the kills go on.
        self.finish_fraction = 1.0

    def label(self):
        return "%s (%s %s)" % (self.name or "game #%d" % self.index,
                               "xiangqi" if self.kind == gs.GAME_KIND_XIANGQI else "gomoku",
                               self.time_control)

    def create_request(self):
        if self.kind == gs.GAME_KIND_XIANGQI:
            players = [gs.Player(side=common.SIDE_RED, name="red %d" % self.index),
                       gs.Player(side=common.SIDE_BLACK, name="black %d" % self.index)]
            return gs.CreateGameRequest(kind=self.kind, time_control=self.time_control,
                                        players=players, event="crash test",
                                        round=str(self.index), request_id=self.request_id,
                                        clock_start=gs.CLOCK_START_AT_START_TIME)
        players = [gs.Player(side=common.SIDE_BLACK, name="black %d" % self.index),
                   gs.Player(side=common.SIDE_WHITE, name="white %d" % self.index)]
        return gs.CreateGameRequest(
            kind=self.kind, time_control=self.time_control, players=players,
            event="crash test", round=str(self.index), request_id=self.request_id,
            clock_start=gs.CLOCK_START_AT_START_TIME,
            gomoku_rules=gm.GomokuRuleOptions(rule_set=gm.GOMOKU_RULE_SET_FREESTYLE))

    def mover_side(self, ply):
        first, second = ((common.SIDE_RED, common.SIDE_BLACK)
                         if self.kind == gs.GAME_KIND_XIANGQI
                         else (common.SIDE_BLACK, common.SIDE_WHITE))
        return first if ply % 2 == 1 else second

    def token_for_ply(self, ply):
        return self.tokens[self.mover_side(ply)]


class Client(threading.Thread):
    """Plays one game through the kills, retrying each call until it is answered."""

    def __init__(self, game, server, schedule, seed):
        super().__init__(name="client-%d" % game.index, daemon=True)
        self.game = game
        self.conn = Connection(server)
        self.final = server.final
        self.schedule = schedule
        self.rng = random.Random(seed)

    def run(self):
        try:
            self.play()
        except Failure as e:
            self.game.error = str(e)
        except Exception as e:  # pylint: disable=broad-except
            self.game.error = "%s: %r" % (type(e).__name__, e)
        finally:
            self.conn.close()

    def attempt(self, fn):
        """Retries fn until it is answered: (answer, calls made, unix ms of the last call).
        The answer is None when the final kill interrupted it."""
        deadline = time.monotonic() + 60
        attempts = 0
        while True:
            try:
                stubs = self.conn.stubs(deadline, during_kills=True)
            except FinalKill:
                return None, attempts, now_ms()
            attempts += 1
            sent = now_ms()
            try:
                return fn(stubs), attempts, sent
            except grpc.RpcError as e:
                if e.code() not in RETRYABLE:
                    raise Failure("%s: %s: %s (attempt %d)"
                                  % (self.game.label(), e.code().name, e.details(), attempts))
                if self.final.is_set():
                    return None, attempts, sent
                if time.monotonic() > deadline:
                    raise Failure("%s: no answer within 60 s (last: %s: %s)"
                                  % (self.game.label(), e.code().name, e.details()))
                time.sleep(0.01)

    def play(self):
        g = self.game
        # Games are created at different moments, some after the first kills.
        time.sleep(self.rng.uniform(0, 0.8))
        request = g.create_request()
        answer, g.create_attempts, _ = self.attempt(
            lambda s: s.game.CreateGame(request, timeout=CALL_TIMEOUT))
        if answer is None:
            # The killer waits for every game to exist before its last kill.
            raise Failure("%s: not created before the final kill" % g.label())
        g.name = answer.game.name
        g.tokens = {t.side: t.token for t in answer.tokens}
        if len(g.tokens) != 2 or answer.game.ply != 0:
            raise Failure("%s: CreateGame answer has %d tokens, ply %d"
                          % (g.label(), len(g.tokens), answer.game.ply))
        g.created.set()
        last_call_s = 0.0
        for index, move in enumerate(g.moves):
            if self.final.is_set():
                return
            # Spread the remaining moves over the time the kills are expected to last.
            interval = self.schedule.left_s(g.finish_fraction) / (len(g.moves) - index)
            time.sleep(max(0.0, self.rng.uniform(0.5, 1.5) * interval - last_call_s))
            if self.final.is_set():
                return
            call_started = time.monotonic()
            ply = index + 1
            request = gs.SubmitMoveRequest(name=g.name, token=g.token_for_ply(ply), move=move,
                                           ply=ply)
            answer, attempts, sent = self.attempt(
                lambda s, r=request: s.game.SubmitMove(r, timeout=CALL_TIMEOUT))
            last_call_s = time.monotonic() - call_started
            if answer is None:
                if attempts > 0:  # sent at least once: it may have been applied
                    g.pending = (ply, move)
                return
            if not answer.check.legal:
                raise Failure("%s: ply %d %s refused: %s (attempt %d)"
                              % (g.label(), ply, move, answer.check.reason, attempts))
            over = answer.check.verdict.result != common.RESULT_ONGOING
            g.acked.append(Acked(move, answer.check.move, answer.sequence, sent, attempts, over))
            if answer.sequence <= 0:
                raise Failure("%s: ply %d acknowledged with sequence %d"
                              % (g.label(), ply, answer.sequence))
            if over:
                g.over = True
                return


class Schedule:
    """When the kills are expected to be over, so that clients spread their moves across them
    (the estimate follows the measured kill-and-restart cycle)."""

    def __init__(self, kills, startup_s):
        self.lock = threading.Lock()
        self.started = time.monotonic()
        self.kills = kills
        self.done = 0
        self.end = self.started + kills * (0.225 + startup_s + 0.02)

    def killed(self):
        with self.lock:
            self.done += 1
            cycle = (time.monotonic() - self.started) / self.done
            self.end = time.monotonic() + (self.kills - self.done) * cycle

    def left_s(self, fraction=1.0):
        """Seconds left until `fraction` of the kills' expected duration."""
        with self.lock:
            target = self.started + fraction * (self.end - self.started)
            return max(0.0, target - time.monotonic())


def killer(server, kills, games, rng, schedule):
    """Kills the server `kills` times at random moments and restarts it (not after the last)."""
    for k in range(kills):
        time.sleep(rng.uniform(0.05, 0.4))
        if k == kills - 1:
            # Every game must exist before the last kill (creates are retried until then).
            for g in games:
                while not g.created.wait(0.05):
                    if g.error:
                        break
            with server.cond:
                server.final.set()
        server.kill()
        if k < kills - 1:
            server.start()
        schedule.killed()


# --- Checks after the last restart ------------------------------------------------------------

def clock_of(clocks, side):
    return {common.SIDE_RED: clocks.red_ms, common.SIDE_BLACK: clocks.black_ms,
            common.SIDE_WHITE: clocks.white_ms}[side]


def read_events(conn, g, last_sequence):
    """Events 2..last_sequence from WatchGame(after_sequence=1)."""
    wanted = last_sequence - 1
    events = []
    if wanted <= 0:
        return events
    call = conn.stubs(time.monotonic() + 30).game.WatchGame(
        gs.WatchGameRequest(name=g.name, after_sequence=1), timeout=20)
    try:
        for item in call:
            if not item.HasField("event"):
                raise Failure("%s: WatchGame(after_sequence=1) sent a %s"
                              % (g.label(), item.WhichOneof("item")))
            events.append(item.event)
            if len(events) == wanted:
                break
    except grpc.RpcError as e:
        if len(events) < wanted:
            raise Failure("%s: WatchGame(after_sequence=1) ended after %d of %d events: %s: %s"
                          % (g.label(), len(events), wanted, e.code().name, e.details()))
    finally:
        call.cancel()
    if len(events) != wanted:
        raise Failure("%s: WatchGame(after_sequence=1) gave %d events, expected %d (2..%d)"
                      % (g.label(), len(events), wanted, last_sequence))
    return events


def check_snapshot(conn, g):
    call = conn.stubs(time.monotonic() + 30).game.WatchGame(
        gs.WatchGameRequest(name=g.name, after_sequence=0), timeout=20)
    try:
        first = next(iter(call))
    except grpc.RpcError as e:
        raise Failure("%s: WatchGame(after_sequence=0): %s: %s"
                      % (g.label(), e.code().name, e.details()))
    finally:
        call.cancel()
    if not first.HasField("snapshot"):
        raise Failure("%s: WatchGame(after_sequence=0) did not start with a snapshot"
                      % g.label())
    return first.snapshot


def check_game(conn, g, game, incarnations, stats):
    """The record against what the client was told; returns the game's events 2..N."""
    label = g.label()
    moves = list(game.moves)
    acked = g.acked
    n = len(acked)
    for i, a in enumerate(acked):
        if i >= len(moves):
            raise Failure("%s: acknowledged ply %d (%s, sequence %d) is missing: the game has "
                          "only %d moves" % (label, i + 1, a.move, a.sequence, len(moves)))
        if moves[i] != a.canonical:
            raise Failure("%s: ply %d is %s but %s was acknowledged (sequence %d)"
                          % (label, i + 1, moves[i], a.canonical, a.sequence))
    extra = moves[n:]
    if extra:
        if (len(extra) != 1 or g.pending is None or g.pending[0] != n + 1
                or extra[0] != g.pending[1]):
            raise Failure("%s: moves beyond the %d acknowledged: %s (in flight at the last kill:"
                          " %s)" % (label, n, extra, g.pending))
        stats["pending_applied"] += 1
    elif g.pending is not None:
        stats["pending_lost"] += 1
    if game.ply != len(moves):
        raise Failure("%s: ply %d but %d moves" % (label, game.ply, len(moves)))
    if acked and acked[-1].over and game.status != gs.GAME_STATUS_FINISHED:
        raise Failure("%s: ply %d ended the game when acknowledged, but its status is %d"
                      % (label, n, game.status))
    if any(a.over for a in acked[:-1]):
        raise Failure("%s: a move before the last acknowledged one ended the game" % label)

    snapshot = check_snapshot(conn, g)
    last = game.last_sequence
    if snapshot.last_sequence != last or list(snapshot.moves) != moves:
        raise Failure("%s: WatchGame snapshot (last_sequence %d, %d moves) differs from GetGame "
                      "(last_sequence %d, %d moves)" % (label, snapshot.last_sequence,
                                                        len(snapshot.moves), last, len(moves)))
    # Only creation and moves happened: events are 1 (created) and one per move.
    if last != len(moves) + 1:
        raise Failure("%s: last_sequence %d with %d moves (expected %d events)"
                      % (label, last, len(moves), len(moves) + 1))
    events = read_events(conn, g, last)
    for i, e in enumerate(events):
        if e.sequence != i + 2:
            raise Failure("%s: event #%d has sequence %d (gap or disorder): %s"
                          % (label, i + 2, e.sequence, [x.sequence for x in events]))
        if not e.HasField("move"):
            raise Failure("%s: event %d is a %s, expected a move"
                          % (label, e.sequence, e.WhichOneof("kind")))
        if e.move.at_ply != i or e.ply != i + 1 or e.move.move != moves[i]:
            raise Failure("%s: event %d is %s at ply %d (ply after %d), the record has %s at "
                          "ply %d" % (label, e.sequence, e.move.move, e.move.at_ply, e.ply,
                                      moves[i], i))
        if e.move.side != g.mover_side(i + 1):
            raise Failure("%s: event %d: move by side %d, expected %d"
                          % (label, e.sequence, e.move.side, g.mover_side(i + 1)))
        if i < n:
            a = acked[i]
            if a.sequence != e.sequence:
                raise Failure("%s: ply %d was acknowledged with sequence %d but its event is %d"
                              % (label, i + 1, a.sequence, e.sequence))
            if e.move.submitted != a.move:
                raise Failure("%s: event %d keeps submitted text %r, the client sent %r"
                              % (label, e.sequence, e.move.submitted, a.move))
            if a.attempts > 1:
                stats["retried_moves"] += 1
                if e.time_unix_ms < a.sent_ms:
                    stats["stored_answers"] += 1
    check_elapsed(g, game, events, incarnations)
    return events


def incarnation_at(incarnations, t):
    spawn = None
    for inc in incarnations:
        if inc[0] <= t:
            spawn = inc[0]
    return spawn


def check_elapsed(g, game, events, incarnations):
    """Time charged to each move: never more than the server was up since the turn started,
    and (timed games) the clocks move by exactly the elapsed time and the increment."""
    label = g.label()
    prev_time = game.create_time_unix_ms
    timed = game.clocks.timed
    prev = {common.SIDE_RED: INITIAL_MS, common.SIDE_BLACK: INITIAL_MS,
            common.SIDE_WHITE: INITIAL_MS}
    for e in events:
        spawn = incarnation_at(incarnations, e.time_unix_ms)
        start = max(prev_time, spawn if spawn is not None else prev_time)
        limit = e.time_unix_ms - start + SLACK_MS
        if e.move.elapsed_ms > limit:
            raise Failure("%s: event %d (ply %d, %s) charged %d ms, but the server was up only "
                          "%d ms since the turn started (turn from %d, server start %s, event "
                          "at %d): downtime was charged"
                          % (label, e.sequence, e.move.at_ply + 1, e.move.move, e.move.elapsed_ms,
                             e.time_unix_ms - start, prev_time, spawn, e.time_unix_ms))
        prev_time = e.time_unix_ms
        if not timed:
            if e.clocks.timed:
                raise Failure("%s: event %d has timed clocks in an untimed game"
                              % (label, e.sequence))
            continue
        mover = e.move.side
        others = [s for s in prev if s != mover]
        got = clock_of(e.clocks, mover)
        charged = prev[mover] - e.move.elapsed_ms
        over = e.verdict.result != common.RESULT_ONGOING
        allowed = (charged + INCREMENT_MS, charged) if over else (charged + INCREMENT_MS,)
        if got not in allowed:
            raise Failure("%s: event %d: mover's clock %d, expected %d - %d elapsed + %d"
                          % (label, e.sequence, got, prev[mover], e.move.elapsed_ms,
                             INCREMENT_MS))
        for s in others:
            if g.kind == gs.GAME_KIND_XIANGQI and s == common.SIDE_WHITE:
                continue
            if g.kind == gs.GAME_KIND_GOMOKU and s == common.SIDE_RED:
                continue
            if clock_of(e.clocks, s) != prev[s]:
                raise Failure("%s: event %d: the waiting side's clock moved from %d to %d"
                              % (label, e.sequence, prev[s], clock_of(e.clocks, s)))
        prev[mover] = got


def check_clocks_after_restart(g, events, first, second, spawn_ms, wall_gap_ms):
    """Readings right after a restart and 300 ms later, against the last event's readings."""
    label = g.label()
    if not first.clocks.timed:
        return False
    last = events[-1].clocks if events else None
    if last is None:
        return False
    running = first.clocks.running
    sides = ([common.SIDE_RED, common.SIDE_BLACK] if g.kind == gs.GAME_KIND_XIANGQI
             else [common.SIDE_BLACK, common.SIDE_WHITE])
    if running != last.running:
        raise Failure("%s: after the restart side %d's clock runs, the last event had %d"
                      % (label, running, last.running))
    for side in sides:
        before = clock_of(last, side)
        r1 = clock_of(first.clocks, side)
        r2 = clock_of(second.clocks, side)
        if side != running:
            if r1 != before or r2 != before:
                raise Failure("%s: the waiting side's clock changed across the restart: last "
                              "event %d, after restart %d, 300 ms later %d"
                              % (label, before, r1, r2))
            continue
        up_ms = first.clocks.read_unix_ms - spawn_ms
        if r1 > before:
            raise Failure("%s: the running clock gained time across the restart: %d -> %d"
                          % (label, before, r1))
        if r1 < before - up_ms - SLACK_MS:
            raise Failure("%s: the running clock lost %d ms across the restart, but the server "
                          "had been up only %d ms (downtime charged); last event's reading %d at "
                          "%d, after restart %d at %d"
                          % (label, before - r1, up_ms, before, last.read_unix_ms, r1,
                             first.clocks.read_unix_ms))
        ran = r1 - r2
        between = second.clocks.read_unix_ms - first.clocks.read_unix_ms
        if abs(ran - between) > 5 or ran > wall_gap_ms + SLACK_MS or ran < 250:
            raise Failure("%s: the running clock went down %d ms between readings %d ms apart "
                          "(%d ms wall time)" % (label, ran, between, wall_gap_ms))
    return True


def verify(server, games, stats, downtime_s):
    conn = Connection(server)
    try:
        time.sleep(downtime_s)  # downtime that must be charged to no one
        spawn, _ = server.start()
        # Readings right after the restart and 300 ms later.
        first = {}
        first_sent = {}
        for g in games:
            first_sent[g.index] = time.monotonic()
            first[g.index] = call_once(conn, lambda s: s.game.GetGame(
                gs.GetGameRequest(name=g.name), timeout=CALL_TIMEOUT), g.label() + ": GetGame")
        time.sleep(0.3)
        second = {}
        wall_gap_ms = {}  # per game: at most this long between its two readings
        for g in games:
            second[g.index] = call_once(conn, lambda s: s.game.GetGame(
                gs.GetGameRequest(name=g.name), timeout=CALL_TIMEOUT), g.label() + ": GetGame")
            wall_gap_ms[g.index] = (time.monotonic() - first_sent[g.index]) * 1000
        for g in games:
            game = second[g.index]
            events = check_game(conn, g, game, server.incarnations, stats)
            if check_clocks_after_restart(g, events, first[g.index], second[g.index], spawn,
                                          wall_gap_ms[g.index]):
                stats["clock_checks"] += 1
            stats["acked"] += len(g.acked)
            stats["plies"] += len(game.moves)
            if game.status != gs.GAME_STATUS_LIVE:
                stats["finished"] += 1
        # No duplicate games, and a retried create gives the same game and tokens.
        listed = call_once(conn, lambda s: s.game.ListGames(
            gs.ListGamesRequest(page_size=1000), timeout=CALL_TIMEOUT), "ListGames")
        names = sorted(x.name for x in listed.games)
        if names != sorted(g.name for g in games):
            raise Failure("ListGames has %s, the clients created %s"
                          % (names, sorted(g.name for g in games)))
        for g in games:
            again = call_once(conn, lambda s: s.game.CreateGame(
                g.create_request(), timeout=CALL_TIMEOUT), g.label() + ": CreateGame again")
            if (again.game.name != g.name
                    or {t.side: t.token for t in again.tokens} != g.tokens):
                raise Failure("%s: CreateGame with request_id %s again gave %s (other tokens?)"
                              % (g.label(), g.request_id, again.game.name))
        # Retries after the restart: the stored answer, never a second application; then one
        # more move to show the recovered game plays on.
        expected = {}
        extended = set()
        for g in games:
            game = second[g.index]
            played = len(game.moves)
            expected[g.index] = game.last_sequence
            if played == 0:
                continue
            ply = played
            answer = call_once(conn, lambda s: s.game.SubmitMove(gs.SubmitMoveRequest(
                name=g.name, token=g.token_for_ply(ply), move=g.moves[ply - 1], ply=ply),
                timeout=CALL_TIMEOUT), "%s: SubmitMove retry of ply %d" % (g.label(), ply))
            if (not answer.check.legal or answer.sequence != ply + 1
                    or answer.game.last_sequence != game.last_sequence
                    or answer.game.ply != game.ply):
                raise Failure("%s: retry of ply %d after restart: legal=%s sequence %d, game "
                              "last_sequence %d (was %d), ply %d (was %d)"
                              % (g.label(), ply, answer.check.legal, answer.sequence,
                                 answer.game.last_sequence, game.last_sequence,
                                 answer.game.ply, game.ply))
            stats["stored_answers_after_restart"] += 1
            if played >= 2:
                other = g.moves[played - 1]
                try:
                    conn.stubs(time.monotonic() + 30).game.SubmitMove(gs.SubmitMoveRequest(
                        name=g.name, token=g.token_for_ply(played - 1), move=other,
                        ply=played - 1), timeout=CALL_TIMEOUT)
                    raise Failure("%s: a different move for the played ply %d was accepted"
                                  % (g.label(), played - 1))
                except grpc.RpcError as e:
                    if e.code() != grpc.StatusCode.FAILED_PRECONDITION:
                        raise Failure("%s: a different move for played ply %d: %s: %s "
                                      "(expected FAILED_PRECONDITION)"
                                      % (g.label(), played - 1, e.code().name, e.details()))
            if game.status == gs.GAME_STATUS_LIVE and played < len(g.moves):
                nxt = played + 1
                answer = call_once(conn, lambda s: s.game.SubmitMove(gs.SubmitMoveRequest(
                    name=g.name, token=g.token_for_ply(nxt), move=g.moves[nxt - 1], ply=nxt),
                    timeout=CALL_TIMEOUT), "%s: SubmitMove ply %d after restart"
                    % (g.label(), nxt))
                if not answer.check.legal or answer.sequence != game.last_sequence + 1:
                    raise Failure("%s: ply %d after restart: legal=%s (%s), sequence %d (expected "
                                  "%d)" % (g.label(), nxt, answer.check.legal,
                                           answer.check.reason, answer.sequence,
                                           game.last_sequence + 1))
                stats["moves_after_restart"] += 1
                extended.add(g.index)
            expected[g.index] = game.last_sequence + (1 if g.index in extended else 0)
        # The refused and retried calls changed nothing.
        for g in games:
            game = call_once(conn, lambda s: s.game.GetGame(
                gs.GetGameRequest(name=g.name), timeout=CALL_TIMEOUT), g.label() + ": GetGame")
            if game.last_sequence != expected[g.index]:
                raise Failure("%s: last_sequence %d at the end, expected %d"
                              % (g.label(), game.last_sequence, expected[g.index]))
        final = call_once(conn, lambda s: s.game.ListGames(
            gs.ListGamesRequest(page_size=1000), timeout=CALL_TIMEOUT), "ListGames")
        if len(final.games) != len(games):
            raise Failure("ListGames has %d games at the end, expected %d"
                          % (len(final.games), len(games)))
    finally:
        conn.close()


# --- Main -------------------------------------------------------------------------------------

def main():
    parser = crash_common.argument_parser(__doc__, default_seed=20240531)
    parser.add_argument("--xiangqi-games", type=int, default=6)
    parser.add_argument("--gomoku-games", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=100)
    args = crash_common.parse_args(parser)

    started = time.monotonic()
    work_dir = tempfile.mkdtemp(prefix="caipan-crash-test-")
    server = None
    clients = []
    try:
        generate_client(args.proto_dir, os.path.join(work_dir, "py"))
        server = crash_common.Server(args.server, work_dir, ARBITER_TOKEN, poll_s=0.005)
        spawn, up = server.start()
        startup_s = (up - spawn) / 1000.0
        rng = random.Random(args.seed)

        # Deterministic move sequences, from the stateless service.
        conn = Connection(server)
        games = []
        stub = conn.stubs(time.monotonic() + 30).adjudication
        for i in range(args.xiangqi_games):
            moves = xiangqi_sequence(stub, random.Random(args.seed * 1000 + i), args.max_plies)
            games.append(GameRun(i, gs.GAME_KIND_XIANGQI, "1200+5" if i % 2 == 0 else "none",
                                 moves))
        for j in range(args.gomoku_games):
            i = args.xiangqi_games + j
            moves = gomoku_sequence(stub, random.Random(args.seed * 1000 + i),
                                    min(args.max_plies, 80), black_five_on_a=(j % 2 == 1))
            games.append(GameRun(i, gs.GAME_KIND_GOMOKU, "1200+5" if j % 2 == 0 else "none",
                                 moves))
            if j % 2 == 1:
                games[-1].finish_fraction = 0.6
        conn.close()
        generated = time.monotonic()

        schedule = Schedule(args.kills, startup_s)
        clients = [Client(g, server, schedule, args.seed * 7 + g.index) for g in games]
        for c in clients:
            c.start()
        killer(server, args.kills, games, rng, schedule)
        for c in clients:
            c.join(timeout=90)
            if c.is_alive():
                raise Failure("%s: client still running 90 s after the last kill"
                              % c.game.label())
        errors = [g.error for g in games if g.error]
        if errors:
            raise Failure("\n".join(errors))
        killed = time.monotonic()

        stats = {k: 0 for k in ("acked", "plies", "retried_moves", "stored_answers",
                                "pending_applied", "pending_lost", "clock_checks", "finished",
                                "stored_answers_after_restart", "moves_after_restart")}
        verify(server, games, stats, downtime_s=1.0)
        create_retries = sum(max(0, g.create_attempts - 1) for g in games)
        print("crash test passed: seed %d, %d games (%d xiangqi, %d gomoku), %d server starts, "
              "%d SIGKILLs" % (args.seed, len(games), args.xiangqi_games, args.gomoku_games,
                               len(server.incarnations), args.kills))
        print("  acknowledged moves: %d (plies in the records: %d; games over: %d)"
              % (stats["acked"], stats["plies"], stats["finished"]))
        print("  moves retried after a kill: %d, of which answered from the store (applied "
              "before the kill): %d; create retries: %d"
              % (stats["retried_moves"], stats["stored_answers"], create_retries))
        print("  in flight at the last kill: %d applied (answer lost), %d not applied"
              % (stats["pending_applied"], stats["pending_lost"]))
        print("  after the restart: %d stored answers to retries, %d further moves, clocks "
              "checked on %d timed games" % (stats["stored_answers_after_restart"],
                                             stats["moves_after_restart"],
                                             stats["clock_checks"]))
        print("  time: %.1f s (generation %.1f s, kills %.1f s, checks %.1f s)"
              % (time.monotonic() - started, generated - started, killed - generated,
                 time.monotonic() - killed))
        return 0
    except Failure as e:
        crash_common.report_failure("crash test", e, server)
        return 1
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(work_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
