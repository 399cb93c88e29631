#!/usr/bin/python3
"""Conformance test of caipan.v1 from outside C++.

Generates a Python client from proto/caipan/v1/*.proto with Debian's grpc_tools, starts the real
caipan-server on a free loopback port and checks the API's contract: answers, error codes naming
fields, the health service and server reflection.

Usage: conformance_test.py --server PATH --proto-dir DIR
"""

import argparse
import glob
import os
import re
import signal
import subprocess
import sys
import tempfile
import unittest

import grpc
from grpc_tools import protoc

ARGS = None
SERVER = None
pb = None  # caipan.v1.adjudication_service_pb2
xq = None  # caipan.v1.xiangqi_pb2
gm = None  # caipan.v1.gomoku_pb2
common = None  # caipan.v1.common_pb2
stubs = None  # caipan.v1.adjudication_service_pb2_grpc


def generate_client(proto_dir, out_dir):
    protos = sorted(glob.glob(os.path.join(proto_dir, "caipan", "v1", "*.proto")))
    code = protoc.main(["grpc_tools.protoc", "-I" + proto_dir, "--python_out=" + out_dir,
                        "--grpc_python_out=" + out_dir] + protos)
    if code != 0:
        sys.exit("protoc failed")
    sys.path.insert(0, out_dir)
    global pb, xq, gm, common, stubs
    from caipan.v1 import adjudication_service_pb2 as pb
    from caipan.v1 import adjudication_service_pb2_grpc as stubs
    from caipan.v1 import common_pb2 as common
    from caipan.v1 import gomoku_pb2 as gm
    from caipan.v1 import xiangqi_pb2 as xq


class Server:
    """The caipan-server binary on a free port (port 0, read back from its log)."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path, "--address=127.0.0.1:0", "--metrics-address=127.0.0.1:0", "--http-address=127.0.0.1:0",
             "--max-history-plies=200"],
            stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        match = re.search(r" port=(\d+)", line)
        if not match:
            self.proc.kill()
            sys.exit("server did not start: " + line)
        self.port = int(match.group(1))
        self.channel = grpc.insecure_channel("127.0.0.1:%d" % self.port)
        self.stub = stubs.AdjudicationServiceStub(self.channel)

    def stop(self):
        self.channel.close()
        self.proc.send_signal(signal.SIGTERM)
        rest = self.proc.stderr.read()
        return self.proc.wait(timeout=30), rest


def raw_unary(method, request_bytes):
    """Calls a method with hand-encoded bytes (no generated stub needed)."""
    call = SERVER.channel.unary_unary(method, request_serializer=lambda b: b,
                                      response_deserializer=lambda b: b)
    return call(request_bytes, timeout=5)


class AdjudicationServiceTest(unittest.TestCase):

    def test_ping(self):
        SERVER.stub.Ping(pb.PingRequest(), timeout=5)

    def test_check_move_legal_in_chinese_notation(self):
        response = SERVER.stub.CheckMove(pb.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(moves=["h2e2"]), move="马8进7",
            notation=common.NOTATION_WXF), timeout=5)
        self.assertTrue(response.check.legal)
        self.assertEqual(response.check.move, "h9g7")
        self.assertEqual(response.check.display, "H8+7")
        self.assertEqual(response.check.side, common.SIDE_BLACK)
        self.assertEqual(response.check.verdict.result, common.RESULT_ONGOING)

    def test_illegal_move_is_an_answer(self):
        response = SERVER.stub.CheckMove(pb.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(), move="a0a4"), timeout=5)
        self.assertFalse(response.check.legal)
        self.assertEqual(response.check.rejection, pb.MOVE_REJECTION_ILLEGAL)
        self.assertIn("a0a4", response.check.reason)

    def test_mate(self):
        response = SERVER.stub.CheckMove(pb.CheckMoveRequest(
            xiangqi=xq.XiangqiPosition(fen="3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            move="a8a9"), timeout=5)
        self.assertEqual(response.check.xiangqi.state_after, xq.XIANGQI_GAME_STATE_CHECKMATE)
        self.assertEqual(response.check.verdict.winner, common.SIDE_RED)
        self.assertEqual(response.check.verdict.reason, common.VERDICT_REASON_CHECKMATE)

    def test_list_moves(self):
        response = SERVER.stub.ListMoves(pb.ListMovesRequest(xiangqi=xq.XiangqiPosition()),
                                         timeout=5)
        self.assertEqual(len(response.moves), 44)
        moves = [listed.move for listed in response.moves]
        self.assertEqual(moves, sorted(moves))
        self.assertEqual(response.xiangqi_state, xq.XIANGQI_GAME_STATE_NORMAL)

    def test_malformed_request_names_the_field(self):
        with self.assertRaises(grpc.RpcError) as caught:
            SERVER.stub.CheckMove(pb.CheckMoveRequest(
                xiangqi=xq.XiangqiPosition(moves=["h2e2", "h2e2"]), move="a0a1"), timeout=5)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("xiangqi.moves[1]", caught.exception.details())

    def test_history_limit_is_stated(self):
        moves = ["h0g2", "h9g7", "g2h0", "g7h9"] * 60
        with self.assertRaises(grpc.RpcError) as caught:
            SERVER.stub.ListMoves(pb.ListMovesRequest(xiangqi=xq.XiangqiPosition(moves=moves)),
                                  timeout=5)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("limit of 200", caught.exception.details())

    def test_oversized_message_is_resource_exhausted(self):
        with self.assertRaises(grpc.RpcError) as caught:
            SERVER.stub.CheckMove(pb.CheckMoveRequest(
                xiangqi=xq.XiangqiPosition(fen="x" * (5 << 20)), move="h2e2"), timeout=10)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.RESOURCE_EXHAUSTED)

    def test_play_game_stream(self):
        def requests():
            yield pb.PlayGameRequest(start=pb.PlayGameStart(xiangqi=xq.XiangqiPosition()))
            for move in ["h2e2", "h9g7", "h9g7", "马二进三"]:
                yield pb.PlayGameRequest(move=move)
        responses = list(SERVER.stub.PlayGame(requests(), timeout=10))
        self.assertEqual(len(responses), 5)
        self.assertEqual(responses[0].ply, 0)
        self.assertTrue(responses[1].check.legal)
        self.assertTrue(responses[2].check.legal)
        self.assertFalse(responses[3].check.legal)  # the horse already left h9
        self.assertTrue(responses[4].check.legal)
        self.assertEqual(responses[4].check.move, "h0g2")
        self.assertEqual(responses[4].ply, 3)

    def test_gomoku_forbidden_point(self):
        position = gm.GomokuPosition(moves=["f8", "a1", "g8", "c1", "h6", "e1", "h7", "g1"])
        rules = gm.GomokuRuleOptions(rule_set=gm.GOMOKU_RULE_SET_CHINESE, skip_opening_check=True)
        response = SERVER.stub.CheckMove(pb.CheckMoveRequest(
            gomoku=position, gomoku_rules=rules, move="h8"), timeout=5)
        self.assertFalse(response.check.legal)
        self.assertEqual(response.check.rejection, pb.MOVE_REJECTION_FORBIDDEN)
        self.assertEqual(response.check.gomoku.forbidden, gm.FORBIDDEN_KIND_DOUBLE_THREE)
        listed = SERVER.stub.ListMoves(pb.ListMovesRequest(gomoku=position, gomoku_rules=rules),
                                       timeout=5)
        self.assertEqual([p.point for p in listed.forbidden_points], ["h8"])

    def test_expired_deadline_is_deadline_exceeded(self):
        # A deadline already in the past: a microsecond-long one raced the (fast) server.
        with self.assertRaises(grpc.RpcError) as caught:
            SERVER.stub.ListMoves(pb.ListMovesRequest(xiangqi=xq.XiangqiPosition()),
                                  timeout=-1)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.DEADLINE_EXCEEDED)

    def test_health_service_reports_serving(self):
        # grpc.health.v1.HealthCheckRequest{service: "caipan.v1.AdjudicationService"}
        name = b"caipan.v1.AdjudicationService"
        reply = raw_unary("/grpc.health.v1.Health/Check", b"\x0a" + bytes([len(name)]) + name)
        self.assertEqual(reply, b"\x08\x01")  # status: SERVING
        self.assertEqual(raw_unary("/grpc.health.v1.Health/Check", b""), b"\x08\x01")

    def test_reflection_lists_the_service(self):
        # grpc.reflection.v1alpha.ServerReflectionRequest{list_services: ""}
        call = SERVER.channel.stream_stream(
            "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
            request_serializer=lambda b: b, response_deserializer=lambda b: b)
        replies = list(call(iter([b"\x3a\x00"]), timeout=5))
        self.assertEqual(len(replies), 1)
        self.assertIn(b"caipan.v1.AdjudicationService", replies[0])


def main():
    global ARGS, SERVER
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--proto-dir", required=True)
    ARGS, rest = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as out_dir:
        generate_client(ARGS.proto_dir, out_dir)
        SERVER = Server(ARGS.server)
        try:
            result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
        finally:
            code, log = SERVER.stop()
        if code != 0:
            print("server exited with", code, file=sys.stderr)
            return 1
        if "event=stopped" not in log:
            print("server did not log a graceful stop:\n" + log, file=sys.stderr)
            return 1
        return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
