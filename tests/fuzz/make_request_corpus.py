#!/usr/bin/env python3
"""Writes the seed corpus of adjudication_request_fuzz.

Each seed is one byte naming the method (see adjudication_request_fuzz.cc) and
then the request message as the server receives it; a PlayGame seed is a stream
of PlayGameRequest messages, each preceded by its length as a varint.

Run it again after a change to proto/caipan/v1 (needs python3-grpc-tools, in
tools/setup.sh):

  /usr/bin/python3 tests/fuzz/make_request_corpus.py
"""

import importlib
import pathlib
import shutil
import sys
import tempfile

from google.protobuf import empty_pb2
from grpc_tools import protoc

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/fuzz/corpus/adjudication_request_fuzz"

CHECK_MOVE, LIST_MOVES, ADJUDICATE, REPETITION, NATURAL_LIMIT, PLAY = range(6)

CHECK_FEN = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1"
CHECK_CYCLE = ["f7e7", "e9f9", "e7f7", "f9e9"]
OPENING_ICCS = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
OPENING_WXF = ["C2.5", "H8+7", "H2+3", "R9.8", "R1.2", "H2+3"]
OPENING_CHINESE = ["炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３"]
RECORD = """[Game "Chinese Chess"]
[Event "Club"]
[Result "1-0"]

1. 炮二平五 {central cannon} 马８进７ (1... 炮８平５) 2. 马二进三 车９平８
3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 1-0
"""
RECORD_FEN = """[FEN "4k4/9/9/9/9/9/9/8R/9/3K4R b - - 0 12"]
12... K5+1 13. R+.5 1-0
"""
# Chinese rules: a designated opening, no swap, fifth move with two offers.
GOMOKU_OPENING = ["h8", "h9", "h10", "i9", "j10"]
GOMOKU_OFFERS = ["i10", "j10"]
GOMOKU_FIVE = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4"]
# Renju: Black to move, i8 a double-three (h8 i8 j8 and i7 i8 i9).
RENJU_DOUBLE_THREE = ["h8", "h9", "j8", "a1", "i9", "a2", "i7", "a3"]


def compile_protos(tmp):
    """Compiles proto/caipan/v1 into `tmp`; returns the generated modules."""
    proto_dir = ROOT / "proto"
    files = sorted(str(p.relative_to(proto_dir))
                   for p in (proto_dir / "caipan/v1").glob("*.proto"))
    include = pathlib.Path(protoc.__file__).parent / "_proto"
    args = ["protoc", f"-I{proto_dir}", f"-I{include}", f"--python_out={tmp}"]
    if protoc.main(args + files) != 0:
        sys.exit("protoc failed")
    sys.path.insert(0, str(tmp))
    return [importlib.import_module(f"caipan.v1.{name}_pb2")
            for name in ("adjudication_service", "xiangqi", "gomoku", "common")]


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        pb, xpb, gpb, cpb = compile_protos(pathlib.Path(tmp))
        seeds = {}

        def unary(name, method, message):
            seeds[name] = bytes([method]) + message.SerializeToString()

        def stream(name, messages):
            data = bytearray([PLAY])
            for m in messages:
                body = m.SerializeToString()
                data += varint(len(body)) + body
            seeds[name] = bytes(data)

        def xq(fen="", moves=()):
            return xpb.XiangqiPosition(fen=fen, moves=list(moves))

        def gm(moves=(), swapped=False, offers=()):
            position = gpb.GomokuPosition(moves=list(moves))
            if swapped or offers:
                position.opening.swapped = swapped
                position.opening.fifth_move_offers.extend(offers)
            return position

        rules = xpb.XiangqiRuleOptions
        grules = gpb.GomokuRuleOptions
        claim = rules(mode=xpb.XIANGQI_ADJUDICATION_MODE_CLAIM)
        renju = grules(rule_set=gpb.GOMOKU_RULE_SET_RENJU_RIF)
        free = grules(rule_set=gpb.GOMOKU_RULE_SET_FREESTYLE,
                      skip_opening_check=True)
        wxf = cpb.NOTATION_WXF
        chinese = cpb.NOTATION_CHINESE

        # CheckMove.
        unary("check_start_iccs", CHECK_MOVE,
              pb.CheckMoveRequest(xiangqi=xq("startpos"), move="h2e2"))
        unary("check_wxf_after_moves", CHECK_MOVE,
              pb.CheckMoveRequest(xiangqi=xq("", OPENING_ICCS[:3]), move="R9.8",
                                  notation=chinese))
        unary("check_chinese_illegal", CHECK_MOVE,
              pb.CheckMoveRequest(xiangqi=xq("", OPENING_CHINESE[:2]),
                                  move="车一进二", notation=wxf))
        unary("check_unparseable", CHECK_MOVE,
              pb.CheckMoveRequest(xiangqi=xq(CHECK_FEN), move="xyz"))
        unary("check_gomoku_opening", CHECK_MOVE,
              pb.CheckMoveRequest(gomoku=gm(GOMOKU_OPENING[:4]), move="j10"))
        unary("check_gomoku_renju", CHECK_MOVE,
              pb.CheckMoveRequest(gomoku=gm(["h8", "h9", "i8", "a1"]), move="j8",
                                  gomoku_rules=renju))

        # ListMoves.
        unary("list_start", LIST_MOVES,
              pb.ListMovesRequest(xiangqi=xq(), notation=chinese))
        unary("list_fen_wxf", LIST_MOVES,
              pb.ListMovesRequest(xiangqi=xq(CHECK_FEN, CHECK_CYCLE[:1]),
                                  notation=wxf))
        unary("list_gomoku_black", LIST_MOVES,
              pb.ListMovesRequest(gomoku=gm(RENJU_DOUBLE_THREE),
                                  gomoku_rules=renju))
        unary("list_gomoku_opening", LIST_MOVES,
              pb.ListMovesRequest(gomoku=gm(GOMOKU_OPENING[:3])))

        # AdjudicateGame.
        unary("adjudicate_wxf_annotate", ADJUDICATE,
              pb.AdjudicateGameRequest(xiangqi=xq("", OPENING_WXF), annotate=True,
                                       notation=chinese))
        unary("adjudicate_perpetual_check", ADJUDICATE,
              pb.AdjudicateGameRequest(xiangqi=xq(CHECK_FEN, CHECK_CYCLE * 3),
                                       annotate=True))
        unary("adjudicate_claim_mode", ADJUDICATE,
              pb.AdjudicateGameRequest(xiangqi=xq(CHECK_FEN, CHECK_CYCLE * 2),
                                       xiangqi_rules=claim, notation=wxf))
        unary("adjudicate_record", ADJUDICATE,
              pb.AdjudicateGameRequest(xiangqi_record=RECORD, annotate=True))
        unary("adjudicate_record_fen", ADJUDICATE,
              pb.AdjudicateGameRequest(xiangqi_record=RECORD_FEN, notation=wxf))
        unary("adjudicate_gomoku_opening", ADJUDICATE,
              pb.AdjudicateGameRequest(
                  gomoku=gm(GOMOKU_OPENING + ["k11"], offers=GOMOKU_OFFERS),
                  annotate=True))
        unary("adjudicate_gomoku_five", ADJUDICATE,
              pb.AdjudicateGameRequest(gomoku=gm(GOMOKU_FIVE + ["h12"]),
                                       gomoku_rules=free))

        # RuleOnRepetition.
        unary("repetition_check_cycle", REPETITION,
              pb.RuleOnRepetitionRequest(xiangqi=xq(CHECK_FEN, CHECK_CYCLE * 2),
                                         notation=wxf))
        unary("repetition_asian", REPETITION,
              pb.RuleOnRepetitionRequest(
                  xiangqi=xq(CHECK_FEN, CHECK_CYCLE * 2),
                  xiangqi_rules=rules(rule_set=xpb.XIANGQI_RULE_SET_ASIAN,
                              mate_threat_depth=3),
                  notation=chinese))
        unary("repetition_none", REPETITION,
              pb.RuleOnRepetitionRequest(xiangqi=xq("", OPENING_ICCS)))

        # GetNaturalLimitStatus.
        unary("natural_limit_both", NATURAL_LIMIT,
              pb.GetNaturalLimitStatusRequest(
                  xiangqi=xq(CHECK_FEN, CHECK_CYCLE),
                  xiangqi_rules=rules(natural_limit_rounds=2)))
        unary("natural_limit_red_at_most", NATURAL_LIMIT,
              pb.GetNaturalLimitStatusRequest(
                  xiangqi=xq(CHECK_FEN, CHECK_CYCLE * 2),
                  xiangqi_rules=rules(
                      natural_limit_rounds=3,
                      check_count_policy=xpb.CHECK_COUNT_POLICY_COUNT_AT_MOST,
                      max_counted_checks=1),
                  claimant=cpb.SIDE_RED))

        # PlayGame streams.
        start = pb.PlayGameStart

        def move(text):
            return pb.PlayGameRequest(move=text)

        stream("play_xiangqi_notations", [
            pb.PlayGameRequest(start=start(xiangqi=xq(), notation=chinese)),
            move("h2e2"), move("H8+7"), move("马二进三"), move("h2e2"),
            move("车９平８"),
        ])
        stream("play_xiangqi_cycle", [
            pb.PlayGameRequest(
                start=start(xiangqi=xq(CHECK_FEN, CHECK_CYCLE), notation=wxf)),
        ] + [move(m) for m in CHECK_CYCLE * 2] + [move("f7e7")])
        stream("play_gomoku_opening", [
            pb.PlayGameRequest(start=start(gomoku=gm(GOMOKU_OPENING[:3]))),
            move("i9"), move("j10"), move("k11"),
            pb.PlayGameRequest(gomoku_action=gpb.GomokuAction(**{"pass": empty_pb2.Empty()})),
        ])
        stream("play_gomoku_renju", [
            pb.PlayGameRequest(start=start(gomoku=gm(), gomoku_rules=renju)),
        ] + [move(m) for m in RENJU_DOUBLE_THREE + ["i8"]])
        stream("play_move_first", [move("h2e2")])

        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        for name, data in sorted(seeds.items()):
            (OUT / name).write_bytes(data)
        print(f"wrote {len(seeds)} seeds to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
