#!/usr/bin/python3
"""The gateway gives the answers of the gRPC port, whatever the protocol.

For every unary method of caipan.v1.AdjudicationService and caipan.v1.GameService, the same
request goes over native gRPC and over the gateway as Connect JSON (application/json), Connect
binary (application/proto), gRPC-Web (application/grpc-web+proto) and gRPC-Web text
(application/grpc-web-text). The answers must be equal: the same response message after parsing
(JSON strictly, and in protobuf's canonical JSON mapping), or the same status code, message and
details. Connect errors must carry the HTTP status the contract gives their code.

How calls that change state are compared: each protocol plays the same script of GameService
calls on games of its own, created by that protocol (CreateGame is part of the script). Step by
step, the answers must be equal after taking out what differs between two fresh games by
nature: the game's name (each is replaced by a placeholder in order of appearance, also inside
error messages), the players' tokens (checked non-empty, then replaced), and times read from
the wall clock (creation and start times, clock readings). Clock values (milliseconds left) must
agree within CLOCK_TOLERANCE_MS. ListGames reads the games of every protocol at once, so it is
compared on the same state.

Streams: WatchGame over native gRPC, Connect streaming (application/connect+json and
+proto: enveloped messages, then the end-stream message), gRPC-Web (binary and text) and the
WebSocket path gives the same snapshot and the very same events, and ends the same way when the
game ends; resuming with after_sequence gives the same events again. PlayGame over the WebSocket
path gives the responses native PlayGame gives, errors included; a WatchGame WebSocket dropped
and reopened with afterSequence misses and repeats nothing.
"""

import copy
import os
import shutil
import tempfile
import threading
import time

import gateway_common as gc
from google.protobuf import empty_pb2

CLOCK_TOLERANCE_MS = 3000
HTTP_PROTOCOLS = [p for p in gc.PROTOCOLS if p != "grpc"]
EVENT = "gateway-equivalence"


def pb():
    adj, game, common, xq, gm = gc.modules()
    return adj, game, common, xq, gm


# ---------------------------------------------------------------------------------------------
# Stateless requests


PERPETUAL_CHECK_FEN = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"
PERPETUAL_CHECK_MOVES = ["a8a9", "d9d8", "a9a8", "d8d9"] * 2
RECORD = """[Event "Gateway test"]
[Red "王天一"]
[Black "郑惟桐"]
[Result "*"]
1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 *
"""
DOUBLE_THREE = ["g8", "a1", "h8", "a2", "i7", "a15", "i6", "o15"]


def adjudication_cases():
    """(label, method, request): realistic requests of both games, answers and errors."""
    adj, _, common, xq, gm = pb()
    start = xq.XiangqiPosition()
    opening = xq.XiangqiPosition(moves=["h2e2", "h9g7", "h0g2", "i9h9"])
    perpetual = xq.XiangqiPosition(fen=PERPETUAL_CHECK_FEN, moves=PERPETUAL_CHECK_MOVES)
    renju = gm.GomokuRuleOptions(rule_set=gm.GOMOKU_RULE_SET_RENJU_RIF, skip_opening_check=True)
    freestyle = gm.GomokuRuleOptions(rule_set=gm.GOMOKU_RULE_SET_FREESTYLE)
    claim = xq.XiangqiRuleOptions(mode=xq.XIANGQI_ADJUDICATION_MODE_CLAIM)
    return [
        ("xiangqi-legal-zh", "CheckMove", adj.CheckMoveRequest(
            xiangqi=start, move="炮二平五", notation=common.NOTATION_CHINESE, language="zh")),
        ("xiangqi-history-wxf", "CheckMove", adj.CheckMoveRequest(
            xiangqi=opening, move="b0c2", notation=common.NOTATION_WXF)),
        ("xiangqi-illegal", "CheckMove", adj.CheckMoveRequest(xiangqi=opening, move="h2h9")),
        ("xiangqi-history-codes", "CheckMove", adj.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(move_codes=[2272, 7989, 654, 8098]), move="b0c2")),
        ("xiangqi-history-both-forms", "CheckMove", adj.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(moves=["h2e2"], move_codes=[2272]), move="h9g7")),
        ("xiangqi-unparseable", "CheckMove", adj.CheckMoveRequest(xiangqi=start, move="zz99")),
        ("xiangqi-perpetual-automatic", "CheckMove", adj.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(fen=PERPETUAL_CHECK_FEN,
                                       moves=PERPETUAL_CHECK_MOVES[:-1]),
            move="d8d9", language="en")),
        ("xiangqi-bad-fen", "CheckMove", adj.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(fen="rnbakabnr/9/9 w"), move="h2e2")),
        ("xiangqi-no-move", "CheckMove", adj.CheckMoveRequest(xiangqi=start)),
        ("no-game", "CheckMove", adj.CheckMoveRequest(move="h2e2")),
        ("move-too-long", "CheckMove", adj.CheckMoveRequest(xiangqi=start, move="x" * 65)),
        ("gomoku-double-three-zh", "CheckMove", adj.CheckMoveRequest(
            gomoku=gm.GomokuPosition(moves=DOUBLE_THREE), gomoku_rules=renju, move="i8",
            language="zh")),
        ("gomoku-occupied", "CheckMove", adj.CheckMoveRequest(
            gomoku=gm.GomokuPosition(moves=DOUBLE_THREE), gomoku_rules=renju, move="h8")),
        ("gomoku-bad-point", "CheckMove", adj.CheckMoveRequest(
            gomoku=gm.GomokuPosition(moves=["h8", "z99"]), move="h9")),
        ("xiangqi-start", "ListMoves", adj.ListMovesRequest(
            xiangqi=start, notation=common.NOTATION_CHINESE)),
        ("xiangqi-check", "ListMoves", adj.ListMovesRequest(
            xiangqi=xq.XiangqiPosition(fen=PERPETUAL_CHECK_FEN, moves=["a8a9"]),
            notation=common.NOTATION_WXF)),
        ("gomoku-forbidden-points", "ListMoves", adj.ListMovesRequest(
            gomoku=gm.GomokuPosition(moves=DOUBLE_THREE), gomoku_rules=renju)),
        ("xiangqi-bad-fen", "ListMoves", adj.ListMovesRequest(
            xiangqi=xq.XiangqiPosition(fen="9/9/9/9/9/9/9/9/9/9 w - - 0 1"))),
        ("xiangqi-record-annotated", "AdjudicateGame", adj.AdjudicateGameRequest(
            xiangqi_record=RECORD, annotate=True, notation=common.NOTATION_WXF)),
        ("xiangqi-perpetual-zh", "AdjudicateGame", adj.AdjudicateGameRequest(
            xiangqi=perpetual, annotate=True, language="zh")),
        ("xiangqi-claim-mode", "AdjudicateGame", adj.AdjudicateGameRequest(
            xiangqi=perpetual, xiangqi_rules=claim,
            xiangqi_claims=[xq.XiangqiClaim(ply=8)])),
        ("gomoku-five", "AdjudicateGame", adj.AdjudicateGameRequest(
            gomoku=gm.GomokuPosition(moves="h8 h9 h10 i9 j10 j9 g10 k9 i10 l9".split()),
            gomoku_rules=freestyle, annotate=True)),
        ("gomoku-chinese-opening", "AdjudicateGame", adj.AdjudicateGameRequest(
            gomoku=gm.GomokuPosition(
                moves="h8 h9 h10 i9 i10".split(),
                opening=gm.GomokuOpening(fifth_move_offers=["i10", "j10"])))),
        ("xiangqi-bad-record", "AdjudicateGame", adj.AdjudicateGameRequest(
            xiangqi_record="1. 炮二平五 馬")),
        ("perpetual-check-wxf-zh", "RuleOnRepetition", adj.RuleOnRepetitionRequest(
            xiangqi=perpetual, notation=common.NOTATION_WXF, language="zh")),
        ("no-repetition", "RuleOnRepetition", adj.RuleOnRepetitionRequest(xiangqi=opening)),
        ("bad-move", "RuleOnRepetition", adj.RuleOnRepetitionRequest(
            xiangqi=xq.XiangqiPosition(moves=["h2e2", "nonsense"]))),
        ("both-sides", "GetNaturalLimitStatus", adj.GetNaturalLimitStatusRequest(
            xiangqi=perpetual)),
        ("red-count-none", "GetNaturalLimitStatus", adj.GetNaturalLimitStatusRequest(
            xiangqi=perpetual, claimant=common.SIDE_RED,
            xiangqi_rules=xq.XiangqiRuleOptions(
                natural_limit_rounds=50,
                check_count_policy=xq.CHECK_COUNT_POLICY_COUNT_NONE))),
        ("bad-limit", "GetNaturalLimitStatus", adj.GetNaturalLimitStatusRequest(
            xiangqi=start, xiangqi_rules=xq.XiangqiRuleOptions(mate_threat_depth=99))),
        ("ping", "Ping", adj.PingRequest()),
    ]


# ---------------------------------------------------------------------------------------------
# The GameService script


class Step:
    """One call of the script: `build(context)` makes the request; `creates` names the game a
    CreateGame step makes (its name and tokens go into the context)."""

    def __init__(self, label, method, build, creates=None):
        self.label = label
        self.method = method
        self.build = build
        self.creates = creates


class Context:
    def __init__(self, protocol):
        self.protocol = protocol
        self.names = {}
        self.tokens = {}

    def name(self, game):
        return self.names.get(game, "games/missing-" + game)

    def token(self, game, side):
        return self.tokens.get(game, {}).get(side, "missing-token-0000000000000000")


def game_script():
    _, g, common, xq, gm = pb()
    red, black, white = common.SIDE_RED, common.SIDE_BLACK, common.SIDE_WHITE
    arbiter = gc.ARBITER_TOKEN

    def move(game, side, text, ply=0, token=None):
        return lambda c: g.SubmitMoveRequest(
            name=c.name(game), token=c.token(game, side) if token is None else token,
            move=text, ply=ply)

    def act(game, side, action):
        return lambda c: g.SubmitMoveRequest(
            name=c.name(game), token=c.token(game, side), gomoku_action=action)

    def named(request_type, game, player=None, token=None, **fields):
        def build(c):
            t = token if token is not None else (c.token(game, player) if player else "")
            return request_type(name=c.name(game), token=t, **fields)
        return build

    def xiangqi(time_control, protocol_tag, **fields):
        def build(c):
            return g.CreateGameRequest(
                kind=g.GAME_KIND_XIANGQI, time_control=time_control,
                players=[g.Player(side=red, name="王天一", id="cxa-0001"),
                         g.Player(side=black, name="郑惟桐", id="cxa-0002")],
                event=EVENT, round="7", board=protocol_tag, **fields)
        return build

    return [
        # Game A: a timed xiangqi game through every player and arbiter call.
        Step("create A", "CreateGame", xiangqi("1200+5", "A", foul_limit=3), creates="A"),
        Step("get A", "GetGame", lambda c: g.GetGameRequest(name=c.name("A"))),
        Step("red 炮二平五", "SubmitMove", move("A", red, "炮二平五", ply=1)),
        Step("red out of turn", "SubmitMove", move("A", red, "h0g2")),
        Step("black illegal", "SubmitMove", move("A", black, "h9h5")),
        Step("black wrong token", "SubmitMove",
             move("A", black, "h9g7", token="not-a-token-of-this-game-0000")),
        Step("black no token", "SubmitMove", move("A", black, "h9g7", token="")),
        Step("black h9g7", "SubmitMove", move("A", black, "h9g7", ply=2)),
        Step("black retry h9g7", "SubmitMove", move("A", black, "h9g7", ply=2)),
        Step("red future ply", "SubmitMove", move("A", red, "h0g2", ply=5)),
        Step("red move too long", "SubmitMove", move("A", red, "x" * 65)),
        Step("red offers draw", "OfferDraw", named(g.OfferDrawRequest, "A", red)),
        Step("black declines", "RespondToDrawOffer",
             named(g.RespondToDrawOfferRequest, "A", black, accept=False)),
        Step("black declines again", "RespondToDrawOffer",
             named(g.RespondToDrawOfferRequest, "A", black, accept=False)),
        Step("red claims draw", "ClaimDraw", named(g.ClaimDrawRequest, "A", red)),
        Step("foul on black", "RecordFoul",
             named(g.RecordFoulRequest, "A", token=arbiter, side=black, reason="手机响了 phone")),
        Step("foul by a player", "RecordFoul",
             named(g.RecordFoulRequest, "A", red, side=black, reason="not an arbiter")),
        Step("foul without token", "RecordFoul",
             named(g.RecordFoulRequest, "A", token="", side=black, reason="no token")),
        Step("pause", "PauseClocks", named(g.PauseClocksRequest, "A", token=arbiter,
                                            reason="lights out")),
        Step("pause again", "PauseClocks", named(g.PauseClocksRequest, "A", token=arbiter,
                                                  reason="again")),
        Step("pause by a player", "PauseClocks", named(g.PauseClocksRequest, "A", black,
                                                        reason="player")),
        Step("adjust red +30 s", "AdjustClock",
             named(g.AdjustClockRequest, "A", token=arbiter, side=red, delta_ms=30000,
                   reason="compensation")),
        Step("adjust without reason", "AdjustClock",
             named(g.AdjustClockRequest, "A", token=arbiter, side=red, delta_ms=1000)),
        Step("resume", "ResumeClocks", named(g.ResumeClocksRequest, "A", token=arbiter,
                                              reason="lights on")),
        Step("get unknown", "GetGame", lambda c: g.GetGameRequest(name="games/doesnotexist")),
        Step("get no name", "GetGame", lambda c: g.GetGameRequest()),
        Step("move unknown game", "SubmitMove",
             lambda c: g.SubmitMoveRequest(name="games/doesnotexist", token="x" * 32,
                                           move="h2e2")),
        Step("black resigns", "Resign", named(g.ResignRequest, "A", black)),
        Step("red after the end", "SubmitMove", move("A", red, "h0g2")),
        Step("resign after the end", "Resign", named(g.ResignRequest, "A", red)),
        Step("get A at the end", "GetGame", lambda c: g.GetGameRequest(name=c.name("A"))),
        # Game B: a position from a FEN, no clocks, ended by the arbiter.
        Step("create B", "CreateGame",
             xiangqi("none", "B", start_fen=PERPETUAL_CHECK_FEN), creates="B"),
        Step("B red a8a9", "SubmitMove", move("B", red, "a8a9")),
        Step("B set result no reason", "SetResult",
             named(g.SetResultRequest, "B", token=arbiter, result=common.RESULT_DRAW)),
        Step("B set result by a player", "SetResult",
             named(g.SetResultRequest, "B", red, result=common.RESULT_DRAW, reason="me")),
        Step("B set draw", "SetResult",
             named(g.SetResultRequest, "B", token=arbiter, result=common.RESULT_DRAW,
                   reason="双方同意 agreed before the arbiter")),
        Step("B set result again", "SetResult",
             named(g.SetResultRequest, "B", token=arbiter, result=common.RESULT_WIN,
                   winner=red, reason="again")),
        # Game C: aborted.
        Step("create C", "CreateGame", xiangqi("S600:300", "C"), creates="C"),
        Step("C abort no reason", "AbortGame", named(g.AbortGameRequest, "C", token=arbiter)),
        Step("C abort wrong arbiter", "AbortGame",
             named(g.AbortGameRequest, "C", token="arbiter-token-not-in-file-0000",
                   reason="x")),
        Step("C adjust shared clock", "AdjustClock",
             named(g.AdjustClockRequest, "C", token=arbiter, delta_ms=-60000,
                   reason="late start")),
        Step("C abort", "AbortGame", named(g.AbortGameRequest, "C", token=arbiter,
                                            reason="wrong pairing")),
        # Game D: gomoku under the Chinese rules, with the opening decisions, drawn by offer.
        Step("create D", "CreateGame", lambda c: g.CreateGameRequest(
            kind=g.GAME_KIND_GOMOKU, time_control="W360+3-B240+3", event=EVENT,
            players=[g.Player(side=black, name="黑"), g.Player(side=white, name="白")]),
             creates="D"),
        Step("D black a1 (not the opening)", "SubmitMove", move("D", black, "a1")),
        Step("D black h8", "SubmitMove", move("D", black, "h8", ply=1)),
        Step("D white h9", "SubmitMove", move("D", white, "h9")),
        Step("D black h10", "SubmitMove", move("D", black, "h10")),
        Step("D white noswap as text", "SubmitMove", move("D", white, "noswap")),
        Step("D white noswap", "SubmitMove",
             act("D", white, gm.GomokuAction(decline_swap=empty_pb2.Empty()))),
        Step("D white i9", "SubmitMove", move("D", white, "i9")),
        Step("D black propose", "SubmitMove", act("D", black, gm.GomokuAction(
            propose=gm.GomokuAction.Proposal(candidates=["i10", "j10"])))),
        Step("D white choose", "SubmitMove", act("D", white, gm.GomokuAction(choose="j10"))),
        Step("D white k11", "SubmitMove", move("D", white, "k11")),
        Step("D black occupied", "SubmitMove", move("D", black, "h8")),
        Step("D black claims draw", "ClaimDraw", named(g.ClaimDrawRequest, "D", black)),
        Step("D black offers draw", "OfferDraw", named(g.OfferDrawRequest, "D", black)),
        Step("D white accepts", "RespondToDrawOffer",
             named(g.RespondToDrawOfferRequest, "D", white, accept=True)),
        # Game E: takeback by agreement, then a rematch both players reach.
        Step("create E", "CreateGame", xiangqi("600+5", "E", allow_takebacks=True),
             creates="E"),
        Step("E red h2e2", "SubmitMove", move("E", red, "h2e2", ply=1)),
        Step("E black asks too early", "RequestTakeback",
             named(g.RequestTakebackRequest, "E", black)),
        Step("E red asks to take back", "RequestTakeback",
             named(g.RequestTakebackRequest, "E", red)),
        Step("E black accepts", "RespondToTakeback",
             named(g.RespondToTakebackRequest, "E", black, accept=True)),
        Step("E rematch while live", "Rematch", named(g.RematchRequest, "E", red)),
        Step("E red resigns", "Resign", named(g.ResignRequest, "E", red)),
        Step("E black asks a rematch", "Rematch", named(g.RematchRequest, "E", black)),
        Step("E red joins the rematch", "Rematch", named(g.RematchRequest, "E", red)),
        # Game G: a start an hour ahead, which the arbiter brings forward.
        Step("create G", "CreateGame", xiangqi(
            "600", "G", clock_start=g.CLOCK_START_AT_START_TIME,
            start_time_unix_ms=int(time.time() * 1000) + 3_600_000), creates="G"),
        Step("G player starts clocks", "StartClocks",
             named(g.StartClocksRequest, "G", red)),
        Step("G arbiter starts clocks", "StartClocks",
             named(g.StartClocksRequest, "G", token=arbiter)),
        Step("G starts again", "StartClocks",
             named(g.StartClocksRequest, "G", token=arbiter)),
        # Requests CreateGame refuses.
        Step("create no kind", "CreateGame", lambda c: g.CreateGameRequest()),
        Step("create bad time control", "CreateGame", lambda c: g.CreateGameRequest(
            kind=g.GAME_KIND_XIANGQI, time_control="soon")),
        Step("create bad fen", "CreateGame", lambda c: g.CreateGameRequest(
            kind=g.GAME_KIND_XIANGQI, start_fen="not a fen")),
        # Game F: stays live (for ListGames).
        Step("create F", "CreateGame", xiangqi("600", "F"), creates="F"),
        Step("F red h2e2", "SubmitMove", move("F", red, "h2e2")),
    ]


# ---------------------------------------------------------------------------------------------
# Normalising two fresh games' answers


TIME_FIELDS = {"create_time_unix_ms", "start_time_unix_ms", "read_unix_ms", "time_unix_ms"}
CLOCK_FIELDS = {"red_ms", "black_ms", "white_ms", "shared_ms", "elapsed_ms"}


class Normalizer:
    """Takes out of answers what two fresh games differ in (see the module's docstring)."""

    def __init__(self):
        self.names = {}

    def placeholder(self, name):
        if name not in self.names:
            self.names[name] = "games/#%d" % (len(self.names) + 1)
        return self.names[name]

    def text(self, text):
        for real, placeholder in self.names.items():
            text = text.replace(real, placeholder)
        return text

    def outcome(self, outcome):
        """(comparable key, [clock values])"""
        clocks = []
        if outcome.code != "ok":
            return (outcome.code, self.text(outcome.message), tuple(outcome.details)), clocks
        message = copy.deepcopy(outcome.response)
        self._walk(message, clocks)
        return ("ok", message), clocks

    def _walk(self, message, clocks):
        descriptor = message.DESCRIPTOR
        if descriptor.name == "Game" and message.name:
            # The rematch's name is derived from the game's: its placeholder says whose.
            if message.rematch:
                message.rematch = "rematch of " + self.placeholder(message.name)
            message.name = self.placeholder(message.name)
        if descriptor.name == "PlayerToken":
            if len(message.token) < 16:
                raise AssertionError("a player's token of %d bytes" % len(message.token))
            message.token = "token"
        for field, value in message.ListFields():
            if field.name in TIME_FIELDS:
                message.ClearField(field.name)
            elif field.name in CLOCK_FIELDS:
                clocks.append((field.name, value))
                message.ClearField(field.name)
            elif field.message_type is not None and field.message_type.GetOptions().map_entry:
                # A map of texts (Verdict.explanations): its values are read as texts.
                if field.message_type.fields_by_name["value"].message_type is None:
                    for key in list(value.keys()):
                        value[key] = self.text(value[key])
            elif field.message_type is not None:
                values = value if field.label == field.LABEL_REPEATED else [value]
                for item in values:
                    self._walk(item, clocks)
            elif field.type == field.TYPE_STRING and field.name != "name":
                if field.label == field.LABEL_REPEATED:
                    value[:] = [self.text(v) for v in value]
                else:
                    setattr(message, field.name, self.text(value))


def clocks_agree(a, b):
    if [name for name, _ in a] != [name for name, _ in b]:
        return False
    return all(abs(x - y) <= CLOCK_TOLERANCE_MS for (_, x), (_, y) in zip(a, b))


def play_script(protocol, server):
    """Runs the script over `protocol`; returns [(label, key, clocks, outcome)]."""
    context = Context(protocol)
    normalizer = Normalizer()
    channel = server.channel() if protocol == "grpc" else None
    transcript = []
    try:
        for step in game_script():
            request = step.build(context)
            try:
                outcome = gc.call(protocol, server, gc.GAMES, step.method, request,
                                  channel=channel)
            except (AssertionError, OSError, gc.http.client.HTTPException) as error:
                # An answer not in the protocol's form: a difference at this step.
                outcome = gc.Outcome("protocol_error", str(error))
            if step.creates and outcome.code == "ok":
                context.names[step.creates] = outcome.response.game.name
                context.tokens[step.creates] = {t.side: t.token
                                                for t in outcome.response.tokens}
            key, clocks = normalizer.outcome(outcome)
            transcript.append((step.label, key, clocks, outcome))
    finally:
        if channel is not None:
            channel.close()
    return transcript


# ---------------------------------------------------------------------------------------------
# Tests


class UnaryEquivalenceTest(gc.GatewayTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway()

    def test_every_unary_method_is_covered(self):
        covered = {(gc.ADJUDICATION, m) for _, m, _ in adjudication_cases()}
        covered |= {(gc.GAMES, s.method) for s in game_script()}
        covered.add((gc.GAMES, "ListGames"))  # test_list_games
        wanted = {(s, m) for s in (gc.ADJUDICATION, gc.GAMES) for m in gc.unary_methods(s)}
        gc.figure("gateway-equivalence", unary_methods=len(wanted),
                  covered=len(wanted & covered))
        self.assertEqual(wanted - covered, set())

    def test_adjudication_answers_are_equal(self):
        channel = self.open_channel(self.server)
        for label, method, request in adjudication_cases():
            native = gc.call("grpc", self.server, gc.ADJUDICATION, method, request,
                             channel=channel)
            equal = 0
            for protocol in HTTP_PROTOCOLS:
                with self.subTest(method=method, case=label, protocol=protocol):
                    got = gc.call(protocol, self.server, gc.ADJUDICATION, method, request)
                    self.assertEqual(got.key(), native.key(),
                                     "\nnative: %r\n   got: %r" % (native, got))
                    equal += 1
            gc.figure("gateway-equivalence", method=method, case=label, code=native.code,
                      protocols_equal="%d/%d" % (equal, len(HTTP_PROTOCOLS)))

    def test_game_service_scripts_are_equal(self):
        transcripts = {}
        for protocol in gc.PROTOCOLS:
            try:
                transcripts[protocol] = play_script(protocol, self.server)
            except AssertionError as error:
                with self.subTest(protocol=protocol):
                    self.fail("the script stopped: %s" % error)
        native = transcripts.pop("grpc")
        for protocol, transcript in transcripts.items():
            equal = 0
            for (label, want, want_clocks, want_outcome), (_, got, got_clocks, got_outcome) in \
                    zip(native, transcript):
                with self.subTest(step=label, protocol=protocol):
                    self.assertEqual(got, want, "\nnative: %r\n   got: %r" % (
                        want_outcome, got_outcome))
                    self.assertTrue(clocks_agree(got_clocks, want_clocks),
                                    "clocks: native %r, got %r" % (want_clocks, got_clocks))
                    equal += 1
            gc.figure("gateway-equivalence", service="GameService", protocol=protocol,
                      steps_equal="%d/%d" % (equal, len(native)))
        codes = {}
        for _, (code, *_), _, _ in native:
            codes[code] = codes.get(code, 0) + 1
        gc.figure("gateway-equivalence", service="GameService", steps=len(native),
                  codes=",".join("%s:%d" % item for item in sorted(codes.items())))

    def test_list_games(self):
        _, g, _, _, _ = pb()
        # Games of our own, so that the listing does not depend on the other tests' order.
        channel = self.open_channel(self.server)
        for board in ("L1", "L2", "L3"):
            request = g.CreateGameRequest(kind=g.GAME_KIND_XIANGQI, event="gateway-list",
                                          board=board, time_control="300+2")
            self.assertEqual(gc.native_unary(channel, gc.GAMES, "CreateGame", request).code,
                             "ok")
        requests = [
            ("first page", g.ListGamesRequest(event="gateway-list", page_size=2)),
            ("live", g.ListGamesRequest(event="gateway-list", status=g.GAME_STATUS_LIVE)),
            ("no match", g.ListGamesRequest(player="nobody-has-this-id")),
            ("page too large", g.ListGamesRequest(page_size=5000)),
            ("bad page token", g.ListGamesRequest(page_token="@@not-a-token@@")),
        ]
        first = gc.native_unary(channel, gc.GAMES, "ListGames", requests[0][1])
        self.assertEqual(first.code, "ok", first)
        self.assertTrue(first.response.next_page_token, "no next page after 2 of 3 games")
        requests.append(("second page", g.ListGamesRequest(
            event="gateway-list", page_size=2, page_token=first.response.next_page_token)))
        for label, request in requests:
            native = gc.native_unary(channel, gc.GAMES, "ListGames", request)
            want, want_clocks = Normalizer().outcome(native)
            for protocol in HTTP_PROTOCOLS:
                with self.subTest(case=label, protocol=protocol):
                    got_outcome = gc.call(protocol, self.server, gc.GAMES, "ListGames", request)
                    got, got_clocks = Normalizer().outcome(got_outcome)
                    self.assertEqual(got, want, "\nnative: %r\n   got: %r" % (native,
                                                                            got_outcome))
                    self.assertTrue(clocks_agree(got_clocks, want_clocks))
            gc.figure("gateway-equivalence", method="ListGames", case=label, code=native.code,
                      games=len(native.response.games) if native.response else 0)


class AuthorizationHeaderTest(gc.GatewayTestCase):
    """The Authorization header reaches the service as the bearer token (--require-auth)."""

    GOOD = "gateway-bearer-token-0123456789"

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="caipan-gateway-auth-")
        cls.addClassCleanup(shutil.rmtree, cls.dir, True)
        path = os.path.join(cls.dir, "tokens")
        with open(path, "w") as f:
            f.write(cls.GOOD + "\n")
        cls.server = cls.start_class_gateway(["--auth-tokens-file=" + path, "--require-auth"])

    def test_tokens_give_the_same_answers(self):
        adj, _, _, xq, _ = pb()
        request = adj.CheckMoveRequest(xiangqi=xq.XiangqiPosition(), move="h2e2")
        cases = [("no token", None, "unauthenticated"),
                 ("good token", {"Authorization": "Bearer " + self.GOOD}, "ok"),
                 ("unknown token", {"Authorization": "Bearer someone-else-0123456789"},
                  "unauthenticated"),
                 ("basic scheme", {"Authorization": "Basic " + self.GOOD}, "unauthenticated")]
        for label, headers, code in cases:
            native = gc.call("grpc", self.server, gc.ADJUDICATION, "CheckMove", request,
                             headers=headers)
            self.assertEqual(native.code, code, native)
            for protocol in HTTP_PROTOCOLS:
                with self.subTest(case=label, protocol=protocol):
                    got = gc.call(protocol, self.server, gc.ADJUDICATION, "CheckMove", request,
                                  headers=headers)
                    self.assertEqual(got.key(), native.key(), "\nnative: %r\n   got: %r" % (
                        native, got))
            gc.figure("gateway-equivalence", case="auth " + label, code=native.code)
        # Ping stays open without a token, as on the gRPC port.
        for protocol in gc.PROTOCOLS:
            with self.subTest(case="ping without token", protocol=protocol):
                self.assertEqual(gc.call(protocol, self.server, gc.ADJUDICATION, "Ping",
                                         adj.PingRequest()).code, "ok")


def without_games(messages):
    """Watch messages without the game state that events may carry."""
    stripped = []
    for message in messages:
        copy = type(message)()
        copy.CopyFrom(message)
        copy.ClearField("game")
        stripped.append(copy)
    return stripped


class WatchGameEquivalenceTest(gc.GatewayTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway()

    def native(self, method, request):
        channel = self.open_channel(self.server)
        outcome = gc.native_unary(channel, gc.GAMES, method, request)
        self.assertEqual(outcome.code, "ok", "%s: %r" % (method, outcome))
        return outcome.response

    def new_game(self):
        _, g, common, _, _ = pb()
        created = self.native("CreateGame", g.CreateGameRequest(
            kind=g.GAME_KIND_XIANGQI, time_control="900+10", event="gateway-watch",
            players=[g.Player(side=common.SIDE_RED, name="红"),
                     g.Player(side=common.SIDE_BLACK, name="黑")]))
        tokens = {t.side: t.token for t in created.tokens}
        return created.game.name, tokens

    def play(self, name, tokens, actions):
        _, g, common, _, _ = pb()
        for action in actions:
            kind, side, value = action
            if kind == "move":
                self.native("SubmitMove", g.SubmitMoveRequest(name=name, token=tokens[side],
                                                              move=value))
            elif kind == "offer":
                self.native("OfferDraw", g.OfferDrawRequest(name=name, token=tokens[side]))
            elif kind == "decline":
                self.native("RespondToDrawOffer", g.RespondToDrawOfferRequest(
                    name=name, token=tokens[side], accept=False))
            elif kind == "foul":
                self.native("RecordFoul", g.RecordFoulRequest(
                    name=name, token=gc.ARBITER_TOKEN, side=side, reason=value))
            elif kind == "pause":
                self.native("PauseClocks", g.PauseClocksRequest(
                    name=name, token=gc.ARBITER_TOKEN, reason=value))
            elif kind == "resume":
                self.native("ResumeClocks", g.ResumeClocksRequest(
                    name=name, token=gc.ARBITER_TOKEN, reason=value))
            elif kind == "adjust":
                self.native("AdjustClock", g.AdjustClockRequest(
                    name=name, token=gc.ARBITER_TOKEN, side=side, delta_ms=value,
                    reason="adjusted"))
            elif kind == "resign":
                self.native("Resign", g.ResignRequest(name=name, token=tokens[side]))

    def test_watch_streams_agree(self):
        _, g, common, _, _ = pb()
        red, black = common.SIDE_RED, common.SIDE_BLACK
        name, tokens = self.new_game()
        self.play(name, tokens, [("move", red, "h2e2"), ("move", black, "h9g7")])
        request = g.WatchGameRequest(name=name)
        results, firsts, threads = {}, {}, []
        for protocol in gc.STREAM_PROTOCOLS:
            firsts[protocol] = threading.Event()

            def run(protocol=protocol):
                try:
                    results[protocol] = gc.watch(
                        protocol, self.server, request, timeout=30,
                        on_message=lambda _, e=firsts[protocol]: e.set())
                except Exception as error:  # reported below, per protocol
                    results[protocol] = error
                finally:
                    firsts[protocol].set()
            thread = threading.Thread(target=run, daemon=True)
            thread.start()
            threads.append(thread)
        for protocol, first in firsts.items():
            self.assertTrue(first.wait(10), "no snapshot over %s in 10 s" % protocol)
        self.play(name, tokens, [
            ("move", red, "h0g2"), ("move", black, "i9h9"), ("offer", red, None),
            ("decline", black, None), ("foul", black, "说话 talking"), ("pause", None, "break"),
            ("adjust", red, 15000), ("resume", None, "back"), ("move", red, "炮八平五"),
            ("resign", black, None)])
        for thread in threads:
            thread.join(35)
        native = results.pop("grpc")
        self.assertNotIsInstance(native, Exception, native)
        native_messages, native_end = native
        self.assertEqual(native_end.code, "ok")
        self.assertTrue(native_messages[0].HasField("snapshot"))
        events = native_messages[1:]
        self.assertEqual([m.event.sequence for m in events],
                         list(range(native_messages[0].snapshot.last_sequence + 1,
                                    native_messages[0].snapshot.last_sequence + 1 +
                                    len(events))))
        want_snapshot, want_clocks = Normalizer().outcome(
            gc.Outcome("ok", response=native_messages[0]))
        for protocol, result in results.items():
            with self.subTest(protocol=protocol):
                self.assertNotIsInstance(result, Exception, repr(result))
                messages, end = result
                self.assertTrue(messages, "no message over " + protocol)
                snapshot, clocks = Normalizer().outcome(gc.Outcome("ok", response=messages[0]))
                self.assertEqual(snapshot, want_snapshot)
                self.assertTrue(clocks_agree(clocks, want_clocks))
                # The game as of an event comes with the events that were the
                # game's last when written, which depends on each stream's pace:
                # the events agree, and so does the game wherever both carry it.
                self.assertEqual(without_games(messages[1:]), without_games(events))
                for got, want in zip(messages[1:], events):
                    if got.HasField("game") and want.HasField("game"):
                        self.assertEqual(got.game, want.game)
                self.assertTrue(messages[-1].HasField("game"),
                                "the last event carries the game over " + protocol)
                self.assertIsNotNone(end, "the stream did not end with the game")
                self.assertEqual(end.key(), native_end.key(), end)
                if protocol == "ws":
                    self.assertEqual(end.close_code, 1000, "close code after end")
            gc.figure("gateway-watch", protocol=protocol, events=len(events),
                      received=(len(result[0]) - 1) if not isinstance(result, Exception)
                      else "error", end=getattr(result[1], "code", None)
                      if not isinstance(result, Exception) else "error")

        # Resuming after sequence 3 gives the same events, then the same end.
        resumed = g.WatchGameRequest(name=name, after_sequence=3)
        native_resumed, native_end = gc.watch("grpc", self.server, resumed, timeout=10)
        self.assertEqual([m.event.sequence for m in native_resumed][:1], [4])
        for protocol in gc.STREAM_PROTOCOLS[1:]:
            with self.subTest(case="after_sequence=3", protocol=protocol):
                messages, end = gc.watch(protocol, self.server, resumed, timeout=10)
                self.assertEqual(messages, native_resumed)
                self.assertIsNotNone(end)
                self.assertEqual(end.key(), native_end.key())

    def test_watch_unknown_game_fails_alike(self):
        _, g, _, _, _ = pb()
        request = g.WatchGameRequest(name="games/doesnotexist")
        native_messages, native_end = gc.watch("grpc", self.server, request, timeout=10)
        self.assertEqual((native_messages, native_end.code), ([], "not_found"))
        for protocol in gc.STREAM_PROTOCOLS[1:]:
            with self.subTest(protocol=protocol):
                messages, end = gc.watch(protocol, self.server, request, timeout=10)
                self.assertEqual(messages, [])
                self.assertIsNotNone(end)
                self.assertEqual(end.key(), native_end.key(), end)
                if protocol.startswith("connect-"):
                    # Connect streaming answers 200 and puts the error in the end-stream
                    # message; a plain HTTP error would be the unary form.
                    self.assertIsNone(end.http_status,
                                      "a Connect stream's error as HTTP %s" % end.http_status)
                if protocol == "ws":
                    self.assertEqual(end.close_code, 1000)
            gc.figure("gateway-watch", case="unknown game", protocol=protocol,
                      code=end.code if end else None)

    def test_websocket_watch_resumes_without_gaps_or_repeats(self):
        _, g, common, _, _ = pb()
        red, black = common.SIDE_RED, common.SIDE_BLACK
        name, tokens = self.new_game()
        response_type = gc.method_types(gc.GAMES, "WatchGame")[1]
        path = gc.ws_path(gc.GAMES, "WatchGame")

        first = gc.WebSocket(self.server.http_port, path)
        self.addCleanup(first.close)
        first.send_json({"message": {"name": name}})
        got, _, _ = gc.ws_collect(first, response_type, count=1)
        self.assertTrue(got and got[0].HasField("snapshot"), got)
        start_sequence = got[0].snapshot.last_sequence
        self.play(name, tokens, [("move", red, "h2e2"), ("move", black, "h9g7"),
                                 ("move", red, "h0g2")])
        got += gc.ws_collect(first, response_type, count=3)[0]
        first.close()  # dropped: no end, no close frame
        last = got[-1].event.sequence
        # Events while nobody watches.
        self.play(name, tokens, [("move", black, "i9h9"), ("offer", red, None),
                                 ("decline", black, None)])
        second = gc.WebSocket(self.server.http_port, path)
        self.addCleanup(second.close)
        second.send_json({"message": {"name": name, "afterSequence": str(last)}})
        self.play(name, tokens, [("move", red, "i0h0"), ("resign", black, None)])
        rest, end, close = gc.ws_collect(second, response_type, timeout=15)
        events = [m.event for m in got[1:] + rest]
        sequences = [e.sequence for e in events]
        gc.figure("gateway-watch", case="ws resume", first_socket=len(got) - 1,
                  second_socket=len(rest), after_sequence=last,
                  sequences="%d..%d" % (sequences[0], sequences[-1]) if sequences else "none",
                  end=end.code if end else None, close=close)
        self.assertEqual(sequences, list(range(start_sequence + 1,
                                               start_sequence + 1 + len(sequences))))
        self.assertEqual(len(sequences), 8, "3 events, 3 while away, 2 after reconnecting")
        native, _ = gc.watch("grpc", self.server,
                             g.WatchGameRequest(name=name, after_sequence=start_sequence))
        self.assertEqual(events, [m.event for m in native])
        self.assertIsNotNone(end)
        self.assertEqual(end.code, "ok")
        self.assertEqual(close, 1000)


# ---------------------------------------------------------------------------------------------
# PlayGame over WebSocket


def play_sessions():
    adj, _, common, xq, gm = pb()
    start = adj.PlayGameStart
    R = adj.PlayGameRequest
    claim_rules = xq.XiangqiRuleOptions(mode=xq.XIANGQI_ADJUDICATION_MODE_CLAIM)
    return {
        "xiangqi-zh": [R(start=start(xiangqi=xq.XiangqiPosition(),
                                     notation=common.NOTATION_CHINESE, language="zh")),
                       R(move="h2e2"), R(move="马8进7"), R(move="h2h9"), R(move="zz"),
                       R(move="C8=5")],
        "xiangqi-claim": [R(start=start(xiangqi=xq.XiangqiPosition(fen=PERPETUAL_CHECK_FEN),
                                        xiangqi_rules=claim_rules))] +
                         [R(move=m) for m in PERPETUAL_CHECK_MOVES] +
                         [R(claim=xq.XiangqiClaim()), R(move="a8a9")],
        "xiangqi-automatic-perpetual": [
            R(start=start(xiangqi=xq.XiangqiPosition(fen=PERPETUAL_CHECK_FEN),
                          notation=common.NOTATION_WXF))] +
            [R(move=m) for m in PERPETUAL_CHECK_MOVES] + [R(move="a8a9")],
        "gomoku-freestyle-five": [
            R(start=start(gomoku=gm.GomokuPosition(),
                          gomoku_rules=gm.GomokuRuleOptions(
                              rule_set=gm.GOMOKU_RULE_SET_FREESTYLE)))] +
            [R(move=m) for m in "h8 h9 i8 i9 j8 j9 k8 k9 l8 l9".split()],
        "gomoku-renju-forbidden-zh": [
            R(start=start(gomoku=gm.GomokuPosition(moves=DOUBLE_THREE[:6]),
                          gomoku_rules=gm.GomokuRuleOptions(
                              rule_set=gm.GOMOKU_RULE_SET_RENJU_RIF, skip_opening_check=True),
                          language="zh")),
            R(move="i6"), R(move="o15"), R(move="i8")],
        "no-start": [R(move="h2e2")],
        "bad-fen": [R(start=start(xiangqi=xq.XiangqiPosition(fen="9/9 w")))],
        "two-starts": [R(start=start(xiangqi=xq.XiangqiPosition())),
                       R(start=start(xiangqi=xq.XiangqiPosition()))],
    }


def native_play(channel, requests, timeout=15):
    adj = pb()[0]
    call = channel.stream_stream("/%s/PlayGame" % gc.ADJUDICATION,
                                 request_serializer=lambda m: m.SerializeToString(),
                                 response_deserializer=adj.PlayGameResponse.FromString)
    responses = []
    try:
        for response in call(iter(requests), timeout=timeout):
            responses.append(response)
        return responses, gc.Outcome("ok")
    except gc.grpc.RpcError as error:
        return responses, gc.native_error(error)


class PlayGameWebSocketTest(gc.GatewayTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway()

    def ws_play(self, requests, interactive):
        adj = pb()[0]
        ws = gc.WebSocket(self.server.http_port, gc.ws_path(gc.ADJUDICATION, "PlayGame"))
        self.addCleanup(ws.close)
        responses = []
        if interactive:  # one answer before the next move, as a board does
            for request in requests:
                ws.send_json(gc.ws_frame(request))
                try:
                    got, end, close = gc.ws_collect(ws, adj.PlayGameResponse, count=1,
                                                    timeout=5)
                except gc.socket.timeout:
                    raise AssertionError(
                        "no answer (message or end) to %s within 5 s; native gRPC answers at "
                        "once" % gc.to_json_text(request))
                responses += got
                if end is not None or close is not None:
                    return responses, end, close
        else:
            for request in requests:
                ws.send_json(gc.ws_frame(request))
        ws.send_json({"end": {}})
        got, end, close = gc.ws_collect(ws, adj.PlayGameResponse, timeout=15)
        return responses + got, end, close

    def test_play_game_sessions_agree(self):
        channel = self.open_channel(self.server)
        for label, requests in play_sessions().items():
            want, want_end = native_play(channel, requests)
            for interactive in (False, True):
                with self.subTest(session=label, interactive=interactive):
                    got, end, close = self.ws_play(requests, interactive)
                    gc.figure("gateway-playgame", session=label, interactive=interactive,
                              native_responses=len(want), native_end=want_end.code,
                              ws_responses=len(got), ws_end=end.code if end else None,
                              close=close)
                    self.assertEqual(got, want)
                    self.assertIsNotNone(end, "no end frame")
                    self.assertEqual(end.key(), want_end.key(), end)
                    self.assertEqual(close, 1000, "close code after end")

    def test_play_game_over_http_names_the_websocket_path(self):
        adj = pb()[0]
        request = adj.PlayGameRequest(start=adj.PlayGameStart())
        path = gc.ws_path(gc.ADJUDICATION, "PlayGame")
        outcomes = {
            "connect-json": gc.connect_stream(self.server.http_port, gc.ADJUDICATION,
                                              "PlayGame", request, "json", timeout=10)[1],
            "connect-proto": gc.connect_stream(self.server.http_port, gc.ADJUDICATION,
                                               "PlayGame", request, "proto", timeout=10)[1],
            "grpc-web": gc.grpc_web_stream(self.server.http_port, gc.ADJUDICATION,
                                           "PlayGame", request, timeout=10)[1],
            "grpc-web-text": gc.grpc_web_stream(self.server.http_port, gc.ADJUDICATION,
                                                "PlayGame", request, text=True,
                                                timeout=10)[1],
        }
        for protocol, outcome in outcomes.items():
            gc.figure("gateway-playgame", protocol=protocol, code=outcome.code if outcome
                      else None, message=repr(outcome.message if outcome else ""))
            with self.subTest(protocol=protocol):
                self.assertIsNotNone(outcome)
                self.assertEqual(outcome.code, "unimplemented", outcome)
                self.assertIn(path, outcome.message)


if __name__ == "__main__":
    gc.run_main()
