"""A whole tournament against the real caipan-server: caipan.v1.TournamentService with its rounds
played as live games on caipan.v1.GameService, over native gRPC.

An 8-player xiangqi Swiss of 3 rounds on a SQLite store. Each round is paired (one live game
per table), every game is played a few moves and ended the way real games end — a
resignation by either side, an agreed draw, an arbiter's ruling — and the tournament must
record each result by itself; the standings must equal the points the test computes from those
endings (2/1/0), with no rematch. With round 2 paired the server is killed with SIGKILL and
restarted on the same store: the tournament, its round, the players' tokens and the live games
carry on, and the games ended after the restart still report. An arbiter's override needs a
reason and is kept; the round's PGN bundle holds the moves played.

Run by ctest (label `fast`); uses tests/abuse/abuse_common.py for the server and the generated
client. Every wait is bounded.
"""

import os
import sys
import tempfile
import time
import unittest

import grpc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "abuse"))
import abuse_common as ac  # noqa: E402  (the path above first)

ARBITER = "arbiter-tournament-test-token-01"
PLAYERS = ["张三", "李四", "王五", "赵六", "Chen Wei", "Liu Yang", "周七", "吴八"]


def wait_until(condition, timeout=20.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


class TournamentEventTest(unittest.TestCase):
    def setUp(self):
        from caipan.v1 import game_service_pb2, game_service_pb2_grpc
        from caipan.v1 import tournament_service_pb2, tournament_service_pb2_grpc
        self.g, self.t = game_service_pb2, tournament_service_pb2
        self.game_stub_class = game_service_pb2_grpc.GameServiceStub
        self.tournament_stub_class = tournament_service_pb2_grpc.TournamentServiceStub
        self.dir = tempfile.TemporaryDirectory(prefix="caipan-tournament-")
        tokens = os.path.join(self.dir.name, "arbiters")
        with open(tokens, "w") as f:
            f.write(ARBITER + "\n")
        self.flags = ["--store=sqlite:" + os.path.join(self.dir.name, "caipan.db"),
                      "--arbiter-tokens-file=" + tokens, "--http-address=off"]
        self.server = None
        self.start()

    def tearDown(self):
        if self.server is not None:
            self.server.stop()
        self.dir.cleanup()

    def start(self):
        self.server = ac.Server(self.flags)
        self.channel = self.server.channel()
        self.games = self.game_stub_class(self.channel)
        self.tournaments = self.tournament_stub_class(self.channel)

    def kill_and_restart(self):
        self.server.proc.kill()
        self.server.proc.wait(timeout=10)
        self.channel.close()
        self.start()

    # -- helpers ------------------------------------------------------------------------------

    def round(self, name, number, token=""):
        return self.tournaments.GetRound(
            self.t.GetRoundRequest(tournament=name, round=number, token=token), timeout=5)

    def wait_round_finished(self, name, number):
        return wait_until(lambda: self.round(name, number).finished and self.round(name, number),
                          what="round %d to finish" % number)

    def play_opening(self, table):
        """Two moves each: the game has a record."""
        red, black = table.tokens[0].token, table.tokens[1].token
        for ply, (move, token) in enumerate(
                [("h2e2", red), ("h9g7", black), ("h0g2", red), ("i9h9", black)], start=1):
            answer = self.games.SubmitMove(self.g.SubmitMoveRequest(
                name=table.game, token=token, move=move, ply=ply), timeout=5)
            self.assertTrue(answer.check.legal, (table.game, move))

    def end_game(self, table, ending):
        """Ends a table's game; returns the table result it must give."""
        red, black = table.tokens[0].token, table.tokens[1].token
        T = self.t
        if ending == "red_resigns":
            self.games.Resign(self.g.ResignRequest(name=table.game, token=red), timeout=5)
            return T.TABLE_RESULT_BLACK_WINS
        if ending == "black_resigns":
            self.games.Resign(self.g.ResignRequest(name=table.game, token=black), timeout=5)
            return T.TABLE_RESULT_RED_WINS
        if ending == "agreed_draw":
            self.games.OfferDraw(self.g.OfferDrawRequest(name=table.game, token=red), timeout=5)
            self.games.RespondToDrawOffer(self.g.RespondToDrawOfferRequest(
                name=table.game, token=black, accept=True), timeout=5)
            return T.TABLE_RESULT_DRAW
        if ending == "arbiter_black_wins":
            from caipan.v1 import common_pb2
            self.games.SetResult(self.g.SetResultRequest(
                name=table.game, token=ARBITER, result=common_pb2.RESULT_WIN,
                winner=common_pb2.SIDE_BLACK, reason="red left the hall"), timeout=5)
            return T.TABLE_RESULT_BLACK_WINS
        raise ValueError(ending)

    # -- the event ----------------------------------------------------------------------------

    def test_swiss_played_through_live_games(self):
        T = self.t
        created = self.tournaments.CreateTournament(T.CreateTournamentRequest(
            token=ARBITER, title="城市公开赛", kind=self.g.GAME_KIND_XIANGQI,
            system=T.PAIRING_SYSTEM_SWISS, rounds=3, time_control="600+5", foul_limit=3),
            timeout=5)
        name = created.name
        csv = "name,unit\n" + "".join("%s,%s\n" % (p, "Unit %d" % (i % 3))
                                      for i, p in enumerate(PLAYERS))
        entered = self.tournaments.AddPlayers(
            T.AddPlayersRequest(token=ARBITER, tournament=name, csv=csv), timeout=5)
        self.assertEqual([p.entrant.name for p in entered.players], PLAYERS)

        points = {n: 0 for n in range(1, 9)}
        endings = ["red_resigns", "black_resigns", "agreed_draw", "arbiter_black_wins"]
        won = {T.TABLE_RESULT_RED_WINS: (2, 0), T.TABLE_RESULT_BLACK_WINS: (0, 2),
               T.TABLE_RESULT_DRAW: (1, 1)}
        met = set()
        for number in (1, 2, 3):
            paired = self.tournaments.PairRound(
                T.PairRoundRequest(token=ARBITER, tournament=name, round=number), timeout=15)
            self.assertEqual(len(paired.pairings), 4)
            for table in paired.pairings:
                pair = frozenset((table.red, table.black))
                self.assertNotIn(pair, met, "rematch in round %d" % number)
                met.add(pair)
                game = self.games.GetGame(self.g.GetGameRequest(name=table.game), timeout=5)
                self.assertEqual(game.event, name)
                self.assertEqual(game.time_control, "600+5")
                self.assertEqual(game.players[0].name, PLAYERS[table.red - 1])
            if number == 2:
                # The server dies with round 2 paired; everything carries on after a restart.
                self.kill_and_restart()
                paired = self.round(name, 2, token=ARBITER)
                self.assertEqual(len(paired.pairings[0].tokens), 2)
            expected = {}
            for i, table in enumerate(paired.pairings):
                self.play_opening(table)
                expected[table.table] = self.end_game(table, endings[(i + number) % 4])
            done = self.wait_round_finished(name, number)
            for table in done.pairings:
                self.assertEqual(table.result, expected[table.table], table)
                self.assertEqual(table.source, T.RESULT_SOURCE_GAME)
                red_points, black_points = won[table.result]
                points[table.red] += red_points
                points[table.black] += black_points

        standings = self.tournaments.GetStandings(
            T.GetStandingsRequest(tournament=name), timeout=5)
        self.assertEqual(standings.after_round, 3)
        self.assertEqual(list(standings.tie_breaks)[0], "opp")
        self.assertEqual({row.number: row.points for row in standings.rows}, points)
        ordered = [row.points for row in standings.rows]
        self.assertEqual(ordered, sorted(ordered, reverse=True))
        final = self.tournaments.GetTournament(T.GetTournamentRequest(name=name), timeout=5)
        self.assertEqual(final.status, T.TOURNAMENT_STATUS_FINISHED)

        # An override needs a reason, and is kept.
        with self.assertRaises(grpc.RpcError) as refused:
            self.tournaments.RecordResult(T.RecordResultRequest(
                token=ARBITER, tournament=name, round=3, table=1,
                result=T.TABLE_RESULT_DOUBLE_FORFEIT), timeout=5)
        self.assertEqual(refused.exception.code(), grpc.StatusCode.FAILED_PRECONDITION)
        overridden = self.tournaments.RecordResult(T.RecordResultRequest(
            token=ARBITER, tournament=name, round=3, table=1,
            result=T.TABLE_RESULT_DOUBLE_FORFEIT, reason="both phones rang"), timeout=5)
        self.assertEqual(overridden.overrides[0].reason, "both phones rang")

        # The round's games as PGN, with the moves played.
        pgn = self.tournaments.ExportTournament(T.ExportTournamentRequest(
            tournament=name, format=T.EXPORT_FORMAT_PGN, round=1), timeout=5)
        self.assertEqual(pgn.text.count('[Game "Chinese Chess"]'), 4)
        self.assertIn("1. h2e2 h9g7 2. h0g2 i9h9", pgn.text)
        trf = self.tournaments.ExportTournament(T.ExportTournamentRequest(
            tournament=name, format=T.EXPORT_FORMAT_TRF), timeout=5)
        self.assertEqual(trf.text.count("\n001 "), 8)
        ac.figure("tournament-event", rounds=3, tables=12, restarts=1)

    def test_changes_need_an_arbiter(self):
        T = self.t
        with self.assertRaises(grpc.RpcError) as refused:
            self.tournaments.CreateTournament(T.CreateTournamentRequest(
                token="someone-else-entirely", title="x", kind=self.g.GAME_KIND_GOMOKU,
                system=T.PAIRING_SYSTEM_ROUND_ROBIN), timeout=5)
        self.assertEqual(refused.exception.code(), grpc.StatusCode.UNAUTHENTICATED)
        with self.assertRaises(grpc.RpcError) as missing:
            self.tournaments.GetTournament(
                T.GetTournamentRequest(name="tournaments/none"), timeout=5)
        self.assertEqual(missing.exception.code(), grpc.StatusCode.NOT_FOUND)
        with self.assertRaises(grpc.RpcError) as bad:
            self.tournaments.GetTournament(T.GetTournamentRequest(name="games/x"), timeout=5)
        self.assertEqual(bad.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("name:", bad.exception.details())


if __name__ == "__main__":
    ac.run_main()
