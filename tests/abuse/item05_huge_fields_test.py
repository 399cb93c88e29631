#!/usr/bin/python3
"""Abuse item 5: single fields sized to make the server parse, echo and log megabytes.

Attacks: AdjudicateGame with a 4 MB xiangqi_record (800,000 plies of legal moves), and with
500,000 gomoku fifth_move_offers.
Checks: both fail with INVALID_ARGUMENT naming the field, in a message < 300 bytes; the record
is rejected in < 100 ms of server time (the log line's latency_us: the size is checked before
any parsing); each call's log line is < 1 KB.
"""

import re
import time

import grpc

import abuse_common as ac

RECORD_BYTES = 4_000_000
RECORD_LIMIT_MS = 100
OFFERS = 500_000
MESSAGE_LIMIT = 300
LOG_LINE_LIMIT = 1024


class HugeFieldTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_server()
        cls.channel = cls.server.channel()
        cls.addClassCleanup(cls.channel.close)

    def call_and_log_line(self, request):
        """Runs AdjudicateGame; returns (code, details, client ms, its log line or "")."""
        stub = self.stub(self.channel)
        stub.Ping(ac.PROTO.pb.PingRequest(), timeout=5)  # the connection is up
        since = time.time()
        start = time.monotonic()
        code, details, _ = ac.rpc_code(stub.AdjudicateGame, request, timeout=30)
        elapsed_ms = (time.monotonic() - start) * 1000
        found = self.server.wait_for_log(r"event=rpc method=\S*AdjudicateGame ", timeout=3,
                                         after=since)
        return code, details, elapsed_ms, found[1] if found else ""

    def test_4mb_record_is_rejected_fast_and_short(self):
        record = ("h0g2 h9g7 g2h0 g7h9 " * (RECORD_BYTES // 20 + 1))[:RECORD_BYTES]
        request = ac.PROTO.pb.AdjudicateGameRequest(xiangqi_record=record)
        code, details, client_ms, line = self.call_and_log_line(request)
        server_ms = latency_ms(line)
        ac.figure(5, case="record", record_bytes=len(record), code=code.name,
                  server_ms=server_ms, client_ms=client_ms, limit_ms=RECORD_LIMIT_MS,
                  message_bytes=len(ac.details_bytes(details)), log_line_bytes=len(line))
        self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("xiangqi_record", details)
        self.assertLess(len(ac.details_bytes(details)), MESSAGE_LIMIT)
        self.assertTrue(line, "no log line for the call")
        self.assertLess(len(line.encode()), LOG_LINE_LIMIT)
        self.assertLess(server_ms, RECORD_LIMIT_MS)
        self.assertLess(client_ms, 10 * RECORD_LIMIT_MS)

    def test_500k_fifth_move_offers_are_rejected_short(self):
        gm = ac.PROTO.gm
        position = gm.GomokuPosition(moves=["h8", "h9", "h7"],
                                     opening=gm.GomokuOpening(fifth_move_offers=["h8"] * OFFERS))
        request = ac.PROTO.pb.AdjudicateGameRequest(gomoku=position)
        code, details, client_ms, line = self.call_and_log_line(request)
        ac.figure(5, case="fifth_move_offers", offers=OFFERS, request_bytes=request.ByteSize(),
                  code=code.name, server_ms=latency_ms(line), client_ms=client_ms,
                  message_bytes=len(ac.details_bytes(details)), log_line_bytes=len(line))
        self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("fifth_move_offers", details)
        self.assertLess(len(ac.details_bytes(details)), MESSAGE_LIMIT)
        self.assertTrue(line, "no log line for the call")
        self.assertLess(len(line.encode()), LOG_LINE_LIMIT)


def latency_ms(line):
    match = re.search(r" latency_us=(\d+)", line)
    return int(match.group(1)) / 1000.0 if match else float("inf")


if __name__ == "__main__":
    ac.run_main()
