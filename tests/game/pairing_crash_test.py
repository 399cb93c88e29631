#!/usr/bin/python3
"""Crash test of TournamentService.PairRound on the real caipan-server binary.

A driver runs Swiss tournaments (xiangqi, 7 rounds, a field of 60) round after round while a
killer thread sends the server SIGKILL at random moments (--kills times) and restarts it on the
same SQLite store. Most kills are aimed at PairRound: the killer waits for the driver to send
one, then kills after a random part of a PairRound's measured duration (the moment falls between
the creation of the round's first game and the storing of the round); the others fall anywhere
3-150 ms after the server is up (AddPlayers, SetPlayerStatus, RecordResult, a restart's first
calls). Calls answered with UNAVAILABLE, DEADLINE_EXCEEDED or CANCELLED are retried once the
server is back. Between two attempts at pairing a round the driver changes the field: before
round 1 it enters a new player (AddPlayers), afterwards it withdraws a player, checks one out or
checks one back in (SetPlayerStatus). Once a round is paired, the driver records a result for
each of its tables (RecordResult) so that the next round can be paired; a finished tournament
is followed by a new one.

PairRound must be atomic (the round and all its tables' games stored together, or nothing) and a
retry after a failure must pair the field as it is then. After the kills the test checks, on the
last server:
  - every paired round (GetRound) is the round PairRound answered, and it pairs exactly the
    field of one of the driver's attempts at it (present, not withdrawn), each player once;
  - every table with two players has a game, no game serves two tables (in any round), a bye
    has none;
  - each table's game (GetGame) is that table's: event, round and board, and its two players
    are the table's red and black (names of those entrants, ids their start numbers);
  - no game in the store (ListGames) is linked from no table: such an orphan is what a PairRound
    that failed after creating games leaves behind.

Usage: pairing_crash_test.py --server PATH --proto-dir DIR [--kills N] [--seed S]
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
from crash_common import CALL_TIMEOUT, RETRYABLE, Failure, call_once

common = None  # caipan.v1.common_pb2
gs = None  # caipan.v1.game_service_pb2
game_stubs = None  # caipan.v1.game_service_pb2_grpc
ts = None  # caipan.v1.tournament_service_pb2
tournament_stubs = None  # caipan.v1.tournament_service_pb2_grpc
wrappers = None  # google.protobuf.wrappers_pb2

ARBITER_TOKEN = "pairing-crash-test-arbiter-0123456789"
ROUNDS = 7
TIME_CONTROL = "1200+5"
# A field change never takes the players who can be paired below this many.
MIN_FIELD = 40
# Players checked out at one time, at most.
MAX_CHECKED_OUT = 6
# The first estimate of a PairRound's duration (the killer then follows the measured ones).
PAIR_ROUND_ESTIMATE_S = 0.03


def generate_client(proto_dir, out_dir):
    crash_common.generate_client(proto_dir, out_dir)
    global common, gs, game_stubs, ts, tournament_stubs, wrappers
    from caipan.v1 import common_pb2 as common
    from caipan.v1 import game_service_pb2 as gs
    from caipan.v1 import game_service_pb2_grpc as game_stubs
    from caipan.v1 import tournament_service_pb2 as ts
    from caipan.v1 import tournament_service_pb2_grpc as tournament_stubs
    from google.protobuf import wrappers_pb2 as wrappers


class Connection(crash_common.Connection):
    """The driver's channel to the current server (GameService, TournamentService)."""

    def open_stubs(self, channel):
        self.game = game_stubs.GameServiceStub(channel)
        self.tournament = tournament_stubs.TournamentServiceStub(channel)


# --- The driver's model of the tournaments ----------------------------------------------------

class Player:
    def __init__(self, number, name):
        self.number = number
        self.name = name
        self.present = True
        self.withdrawn = False

    def eligible(self):
        return self.present and not self.withdrawn


class Event:
    """A tournament as the driver knows it: every change it made was acknowledged."""

    def __init__(self, index):
        self.index = index
        self.name = None
        self.request_id = "pairing-crash-%d-%d" % (os.getpid(), index)
        self.players = []  # by start number - 1
        self.rounds = {}  # round number -> the Round PairRound answered
        # round number -> the eligible start numbers at each attempt to pair it
        self.fields = {}
        self.results = {}  # (round, table) -> TableResult recorded

    def field(self):
        return frozenset(p.number for p in self.players if p.eligible())


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.pair_attempts = 0
        self.pair_interrupted = 0  # PairRound attempts cut off by a kill (retried)
        # Rounds whose pairing a kill cut off: stored before the kill (a retry's answer pairs an
        # earlier attempt's field), or paired again by the last attempt.
        self.stored_before_kill = 0
        self.paired_again = 0
        self.field_changes = 0
        self.retries = 0
        self.pair_durations = []  # seconds, PairRound calls answered at the first attempt
        self.aimed_kills = 0
        self.other_kills = 0

    def pair_estimate_s(self):
        with self.lock:
            recent = sorted(self.pair_durations[-9:])
        if not recent:
            return PAIR_ROUND_ESTIMATE_S
        return recent[len(recent) // 2]


class PairSignal:
    """The driver's signal to the killer: a PairRound sent to the server of this generation."""

    def __init__(self):
        self.cond = threading.Condition()
        self.generation = None

    def sent(self, generation):
        with self.cond:
            self.generation = generation
            self.cond.notify_all()

    def wait(self, generation, timeout_s):
        """True once a PairRound is sent to server `generation` (False after timeout_s)."""
        deadline = time.monotonic() + timeout_s
        with self.cond:
            while self.generation != generation:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
            return True


class Driver(threading.Thread):
    """Creates tournaments, changes their fields, pairs their rounds and records results,
    retrying every call through the kills, until the killer is done."""

    def __init__(self, server, seed, stats, stop, pair_sent, field_size):
        super().__init__(name="driver", daemon=True)
        self.conn = Connection(server)
        self.rng = random.Random(seed)
        self.stats = stats
        self.stop = stop
        self.pair_sent = pair_sent
        self.field_size = field_size
        self.events = []
        self.error = None

    def run(self):
        try:
            self.drive()
        except Failure as e:
            self.error = str(e)
        except Exception as e:  # pylint: disable=broad-except
            self.error = "%s: %r" % (type(e).__name__, e)
        finally:
            self.conn.close()

    def attempt(self, what, fn, retry_codes=RETRYABLE):
        """One attempt: the answer, or None when it failed with a retryable error."""
        stubs = self.conn.stubs(time.monotonic() + 60)
        try:
            return fn(stubs)
        except grpc.RpcError as e:
            if e.code() not in retry_codes:
                raise Failure("%s: %s: %s" % (what, e.code().name, e.details()))
            with self.stats.lock:
                self.stats.retries += 1
            time.sleep(0.005)
            return None

    def call(self, what, fn, retry_codes=RETRYABLE):
        """Retries fn until it is answered."""
        deadline = time.monotonic() + 60
        while True:
            answer = self.attempt(what, fn, retry_codes)
            if answer is not None:
                return answer
            if time.monotonic() > deadline:
                raise Failure("%s: no answer within 60 s" % what)

    def drive(self):
        while not self.stop.is_set():
            event = Event(len(self.events))
            self.events.append(event)
            self.create(event)
            for number in range(1, ROUNDS + 1):
                if self.stop.is_set():
                    return
                self.pair(event, number)
                self.record_results(event, number)

    def create(self, event):
        request = ts.CreateTournamentRequest(
            token=ARBITER_TOKEN, title="pairing crash test %d" % event.index,
            kind=gs.GAME_KIND_XIANGQI, system=ts.PAIRING_SYSTEM_SWISS, rounds=ROUNDS,
            time_control=TIME_CONTROL, request_id=event.request_id)
        # ABORTED: created meanwhile by the attempt a kill interrupted; the retry gets it.
        answer = self.call("CreateTournament", lambda s: s.tournament.CreateTournament(
            request, timeout=CALL_TIMEOUT), RETRYABLE + (grpc.StatusCode.ABORTED,))
        event.name = answer.name
        names = ["T%d-P%03d" % (event.index, k + 1) for k in range(self.field_size)]
        if not self.add_players(event, names):
            raise Failure("%s: AddPlayers refused before round 1 was paired" % event.name)

    def add_players(self, event, names):
        """AddPlayers, which is not idempotent: after a lost answer the retry looks first.
        False when round 1 is already paired (FAILED_PRECONDITION)."""
        request = ts.AddPlayersRequest(token=ARBITER_TOKEN, tournament=event.name,
                                       players=[ts.Entrant(name=n) for n in names])
        what = "%s: AddPlayers %s" % (event.name, names[0])
        deadline = time.monotonic() + 60
        while True:
            stubs = self.conn.stubs(time.monotonic() + 60)
            try:
                answer = stubs.tournament.AddPlayers(request, timeout=CALL_TIMEOUT)
                break
            except grpc.RpcError as e:
                if e.code() == grpc.StatusCode.FAILED_PRECONDITION:
                    return False
                if e.code() not in RETRYABLE:
                    raise Failure("%s: %s: %s" % (what, e.code().name, e.details()))
                if time.monotonic() > deadline:
                    raise Failure("%s: no answer within 60 s" % what)
            with self.stats.lock:
                self.stats.retries += 1
            time.sleep(0.005)
            # Stored before the kill (the answer lost)?
            answer = self.get_tournament(event)
            if any(p.entrant.name == names[0] for p in answer.players):
                break
        for n in names:
            number = len(event.players) + 1
            if answer.players[number - 1].entrant.name != n:
                raise Failure("%s: player %d is %r after AddPlayers, expected %r"
                              % (event.name, number, answer.players[number - 1].entrant.name, n))
            event.players.append(Player(number, n))
        if len(answer.players) != len(event.players):
            raise Failure("%s: %d players after AddPlayers, expected %d"
                          % (event.name, len(answer.players), len(event.players)))
        return True

    def get_tournament(self, event):
        return self.call("%s: GetTournament" % event.name, lambda s: s.tournament.GetTournament(
            ts.GetTournamentRequest(name=event.name), timeout=CALL_TIMEOUT))

    def change_field(self, event, number):
        """One change of the field before (another) attempt at pairing round `number`."""
        with self.stats.lock:
            self.stats.field_changes += 1
        if number == 1:
            name = "T%d-P%03d" % (event.index, len(event.players) + 1)
            if self.add_players(event, [name]):
                return
            # Round 1 was paired by an attempt whose answer was lost: check-in changes instead.
        eligible = [p for p in event.players if p.eligible()]
        out = [p for p in event.players if not p.present and not p.withdrawn]
        choices = []
        if len(eligible) > MIN_FIELD:
            choices += ["withdraw", "check out"] if len(out) < MAX_CHECKED_OUT else ["withdraw"]
        if out:
            choices.append("check in")
        if not choices:
            choices = ["check out"]
        choice = self.rng.choice(choices)
        if choice == "check in":
            player = self.rng.choice(out)
            request = ts.SetPlayerStatusRequest(
                token=ARBITER_TOKEN, tournament=event.name, number=player.number,
                present=wrappers.BoolValue(value=True), reason="back")
        elif choice == "check out":
            player = self.rng.choice(eligible)
            request = ts.SetPlayerStatusRequest(
                token=ARBITER_TOKEN, tournament=event.name, number=player.number,
                present=wrappers.BoolValue(value=False), reason="absent")
        else:
            player = self.rng.choice(eligible)
            request = ts.SetPlayerStatusRequest(
                token=ARBITER_TOKEN, tournament=event.name, number=player.number,
                withdraw=True, reason="withdrawn")
        # Idempotent: a retry sets the same status again.
        answer = self.call("%s: SetPlayerStatus %d (%s)" % (event.name, player.number, choice),
                           lambda s: s.tournament.SetPlayerStatus(request, timeout=CALL_TIMEOUT))
        if choice == "withdraw":
            player.withdrawn = True
            player.present = False
        else:
            player.present = choice == "check in"
        got = answer.players[player.number - 1]
        if got.present != player.present or got.withdrawn != player.withdrawn:
            raise Failure("%s: player %d after SetPlayerStatus (%s): present=%s withdrawn=%s"
                          % (event.name, player.number, choice, got.present, got.withdrawn))

    def pair(self, event, number):
        """Pairs round `number`, changing the field between attempts."""
        attempts = event.fields.setdefault(number, [])
        if self.rng.random() < 0.3:
            self.change_field(event, number)
        deadline = time.monotonic() + 60
        request = ts.PairRoundRequest(token=ARBITER_TOKEN, tournament=event.name, round=number)
        while True:
            stubs = self.conn.stubs(time.monotonic() + 60)
            attempts.append(event.field())
            with self.stats.lock:
                self.stats.pair_attempts += 1
            sent = time.monotonic()
            self.pair_sent.sent(stubs.generation)
            try:
                answer = stubs.tournament.PairRound(request, timeout=CALL_TIMEOUT)
            except grpc.RpcError as e:
                if e.code() not in RETRYABLE:
                    raise Failure("%s: PairRound %d: %s: %s (attempt %d)"
                                  % (event.name, number, e.code().name, e.details(),
                                     len(attempts)))
                with self.stats.lock:
                    self.stats.pair_interrupted += 1
                if time.monotonic() > deadline:
                    raise Failure("%s: PairRound %d: no answer within 60 s"
                                  % (event.name, number))
                time.sleep(0.005)
                # The retry pairs the field as it is then.
                self.change_field(event, number)
                continue
            paired = frozenset(n for p in answer.pairings for n in (p.red, p.black) if n)
            with self.stats.lock:
                if len(attempts) == 1:
                    self.stats.pair_durations.append(time.monotonic() - sent)
                elif paired == attempts[-1]:
                    self.stats.paired_again += 1
                elif paired in attempts:
                    self.stats.stored_before_kill += 1
            if answer.number != number:
                raise Failure("%s: PairRound %d answered round %d"
                              % (event.name, number, answer.number))
            event.rounds[number] = answer
            return

    def record_results(self, event, number):
        results = (ts.TABLE_RESULT_RED_WINS, ts.TABLE_RESULT_BLACK_WINS, ts.TABLE_RESULT_DRAW)
        for table in event.rounds[number].pairings:
            if table.black == 0:
                continue
            result = self.rng.choice(results)
            request = ts.RecordResultRequest(token=ARBITER_TOKEN, tournament=event.name,
                                             round=number, table=table.table, result=result)
            # A retry records the same result again: no change, no reason needed.
            answer = self.call("%s: RecordResult round %d table %d"
                               % (event.name, number, table.table),
                               lambda s: s.tournament.RecordResult(request,
                                                                    timeout=CALL_TIMEOUT))
            got = answer.pairings[table.table - 1].result
            if got != result:
                raise Failure("%s: round %d table %d: result %s after RecordResult %s"
                              % (event.name, number, table.table, got, result))
            event.results[(number, table.table)] = result


def killer(server, kills, rng, stats, pair_sent, driver):
    """Kills the server `kills` times and restarts it after each kill (the last restart is the
    server the checks run on)."""
    for _ in range(kills):
        if driver.error:
            return
        if rng.random() < 0.8:
            # Aimed: while PairRound runs (between its first game's creation and the round).
            if pair_sent.wait(server.generation, 2.0):
                time.sleep(rng.uniform(0.1, 1.0) * stats.pair_estimate_s())
            stats.aimed_kills += 1
        else:
            time.sleep(rng.uniform(0.003, 0.15))
            stats.other_kills += 1
        server.kill()
        server.start()


# --- Checks on the last server ----------------------------------------------------------------

def player_name(event_state, number):
    if number < 1 or number > len(event_state.players):
        return None
    return event_state.players[number - 1].entrant.name


def list_games(conn, event_name=""):
    games = []
    token = ""
    while True:
        page = call_once(conn, lambda s: s.game.ListGames(gs.ListGamesRequest(
            page_size=1000, page_token=token, event=event_name), timeout=CALL_TIMEOUT),
            "ListGames %s" % event_name)
        games.extend(page.games)
        token = page.next_page_token
        if not token:
            return games


def verify(server, events, figures):
    """The problems found (an empty list when none)."""
    conn = Connection(server)
    problems = []
    linked = {}  # game name -> "tournament round r table t"
    try:
        for event in events:
            if event.name is None:
                continue
            t = call_once(conn, lambda s: s.tournament.GetTournament(
                ts.GetTournamentRequest(name=event.name), timeout=CALL_TIMEOUT),
                "GetTournament %s" % event.name)
            names = [p.entrant.name for p in t.players]
            if names != [p.name for p in event.players]:
                problems.append("%s: entrants %s, the driver entered %s"
                                % (event.name, names, [p.name for p in event.players]))
            for i, p in enumerate(t.players):
                if p.number != i + 1:
                    problems.append("%s: player %d has start number %d"
                                    % (event.name, i + 1, p.number))
            paired_rounds = sorted(event.rounds)
            if t.rounds_paired != len(paired_rounds):
                problems.append("%s: %d rounds paired, the driver had %d answered"
                                % (event.name, t.rounds_paired, len(paired_rounds)))
            for number in range(1, t.rounds_paired + 1):
                figures["rounds"] += 1
                where = "%s round %d" % (event.name, number)
                r = call_once(conn, lambda s: s.tournament.GetRound(ts.GetRoundRequest(
                    tournament=event.name, round=number), timeout=CALL_TIMEOUT),
                    "GetRound %s" % where)
                answered = event.rounds.get(number)
                if answered is not None:
                    stored = [(p.table, p.red, p.black, p.game) for p in r.pairings]
                    acked = [(p.table, p.red, p.black, p.game) for p in answered.pairings]
                    if stored != acked:
                        problems.append("%s: GetRound has tables %s, PairRound answered %s"
                                        % (where, stored, acked))
                seen = {}
                for p in r.pairings:
                    figures["tables"] += 1
                    at = "%s table %d" % (where, p.table)
                    for n in (p.red, p.black):
                        if n == 0:
                            continue
                        if player_name(t, n) is None:
                            problems.append("%s: no player %d" % (at, n))
                        elif n in seen:
                            problems.append("%s: player %d also plays table %d"
                                            % (at, n, seen[n]))
                        seen[n] = p.table
                    if p.black == 0:
                        if p.game:
                            problems.append("%s: a bye with game %s" % (at, p.game))
                        continue
                    if not p.game:
                        problems.append("%s: %d-%d without a game" % (at, p.red, p.black))
                        continue
                    if p.game in linked:
                        problems.append("%s: game %s is also %s's" % (at, p.game, linked[p.game]))
                        continue
                    linked[p.game] = at
                    problems.extend(check_game(conn, t, number, p, at, figures))
                fields = event.fields.get(number, [])
                if frozenset(seen) not in fields:
                    problems.append(
                        "%s: pairs players %s, which is the field of none of the driver's %d "
                        "attempts (%s)" % (where, sorted(seen), len(fields),
                                           "; ".join(describe_field(seen, f) for f in fields)))
            for g in list_games(conn, event.name):
                if g.name not in linked:
                    figures["orphans"] += 1
                    problems.append(
                        "%s: orphan game %s (round %s board %s, %s %s - %s %s, %s): no table "
                        "links it" % (event.name, g.name, g.round, g.board,
                                      g.players[0].id if g.players else "?",
                                      g.players[0].name if g.players else "?",
                                      g.players[1].id if len(g.players) > 1 else "?",
                                      g.players[1].name if len(g.players) > 1 else "?",
                                      gs.GameStatus.Name(g.status)))
        known = {e.name for e in events}
        for g in list_games(conn):
            if g.name not in linked and g.event not in known:
                figures["orphans"] += 1
                problems.append("orphan game %s of event %r: no table links it"
                                % (g.name, g.event))
    finally:
        conn.close()
    return problems


def describe_field(paired, field):
    missing = sorted(field - frozenset(paired))
    extra = sorted(frozenset(paired) - field)
    return "missing %s, extra %s" % (missing, extra)


def check_game(conn, t, number, p, at, figures):
    game = call_once(conn, lambda s: s.game.GetGame(gs.GetGameRequest(name=p.game),
                                                    timeout=CALL_TIMEOUT), "GetGame " + at)
    figures["games_checked"] += 1
    problems = []
    if (game.event, game.round, game.board) != (t.name, str(number), str(p.table)):
        problems.append("%s: game %s is event %s round %s board %s"
                        % (at, p.game, game.event, game.round, game.board))
    # The server's link of a game to its table, where the proto has one.
    if "table" in gs.Game.DESCRIPTOR.fields_by_name:
        link = (game.table.tournament, game.table.round, game.table.table)
        if link != (t.name, number, p.table):
            problems.append("%s: game %s is linked to table %s" % (at, p.game, link))
    if game.kind != gs.GAME_KIND_XIANGQI:
        problems.append("%s: game %s is of kind %s" % (at, p.game, game.kind))
    want = [(common.SIDE_RED, player_name(t, p.red), str(p.red)),
            (common.SIDE_BLACK, player_name(t, p.black), str(p.black))]
    got = [(x.side, x.name, x.id) for x in game.players]
    if got != want:
        figures["mismatched"] += 1
        problems.append("%s: %d-%d (%s - %s), but its game %s is between %s"
                        % (at, p.red, p.black, want[0][1], want[1][1], p.game,
                           " - ".join("%s %s" % (x.id, x.name) for x in game.players)))
    return problems


# --- Main -------------------------------------------------------------------------------------

def main():
    parser = crash_common.argument_parser(__doc__, default_seed=20240607)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = crash_common.parse_args(parser)
    if args.players < MIN_FIELD + 2:
        parser.error("--players must be at least %d" % (MIN_FIELD + 2))

    started = time.monotonic()
    work_dir = tempfile.mkdtemp(prefix="caipan-pairing-crash-")
    server = None
    driver = None
    try:
        generate_client(args.proto_dir, os.path.join(work_dir, "py"))
        server = crash_common.Server(args.server, work_dir, ARBITER_TOKEN, poll_s=0.002)
        server.start()
        stats = Stats()
        stop = threading.Event()
        pair_sent = PairSignal()
        driver = Driver(server, args.seed, stats, stop, pair_sent, args.players)
        driver.start()
        killer(server, args.kills, random.Random(args.seed * 7 + 1), stats, pair_sent, driver)
        stop.set()
        driver.join(timeout=90)
        if driver.is_alive():
            raise Failure("the driver is still running 90 s after the last kill")
        if driver.error:
            raise Failure("driver: %s" % driver.error)
        killed = time.monotonic()

        figures = {k: 0 for k in ("rounds", "tables", "games_checked", "orphans", "mismatched")}
        problems = verify(server, driver.events, figures)
        line = ("pairing crash: kills=%d rounds=%d tables=%d games_checked=%d orphans=%d"
                % (args.kills, figures["rounds"], figures["tables"], figures["games_checked"],
                   figures["orphans"]))
        if figures["mismatched"]:
            line += " mismatched=%d" % figures["mismatched"]
        print(line)
        startups = sorted(server.startup_s)
        print("  %d tournaments; PairRound attempts %d, cut off by a kill %d (rounds then paired "
              "again %d, stored before the kill %d); field changes %d; other calls retried %d; "
              "kills aimed at PairRound %d, elsewhere %d"
              % (len(driver.events), stats.pair_attempts, stats.pair_interrupted,
                 stats.paired_again, stats.stored_before_kill, stats.field_changes,
                 stats.retries, stats.aimed_kills, stats.other_kills))
        print("  PairRound %.0f ms (median of first attempts), server start %.0f ms (median); "
              "time %.1f s (kills %.1f s, checks %.1f s)"
              % (stats.pair_estimate_s() * 1000, startups[len(startups) // 2] * 1000,
                 time.monotonic() - started, killed - started, time.monotonic() - killed))
        if problems:
            shown = problems[:25]
            more = len(problems) - len(shown)
            raise Failure("%d problems:\n  %s%s" % (len(problems), "\n  ".join(shown),
                                                    "\n  … and %d more" % more if more else ""))
        print("pairing crash test passed")
        return 0
    except Failure as e:
        crash_common.report_failure("pairing crash test", e, server)
        return 1
    finally:
        if driver is not None and driver.is_alive():
            driver.stop.set()
        if server is not None:
            server.stop()
        if args.keep:
            print("work directory kept: %s" % work_dir, file=sys.stderr)
        else:
            shutil.rmtree(work_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
