#!/usr/bin/python3
"""Abuse item 7: work that goes on after the client has given up.

Attacks: AdjudicateGame of a game of 40,000 plies or more (claim mode, annotated: every move
is classified; the game is lengthened until one call takes >= 0.3 s) with a 50 ms deadline; a
PlayGame stream cancelled by the client.
Checks: the client sees DEADLINE_EXCEEDED, and the server's log line for that call says
code=DEADLINE_EXCEEDED (or CANCELLED) with latency_us within 150 ms of the deadline (the
server stopped working, rather than finishing the game); the cancelled stream is logged
code=CANCELLED, not OK.
"""

import asyncio
import re
import time

import grpc

import abuse_common as ac

PLIES = 40000
MAX_PLIES = 160000
DEADLINE_S = 0.05
LOG_SLACK_MS = 150
MIN_FULL_CALL_MS = 300


class DeadlineTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_server(["--max-history-plies=%d" % MAX_PLIES])
        cls.channel = cls.server.channel()
        cls.addClassCleanup(cls.channel.close)

    def test_deadline_stops_a_long_adjudication(self):
        stub = self.stub(self.channel)
        plies, full_ms = ac.calibrate_long_game(stub, MIN_FULL_CALL_MS, PLIES, MAX_PLIES)
        since = time.time()
        code, _, _ = ac.rpc_code(stub.AdjudicateGame, ac.long_game_request(plies),
                                 timeout=DEADLINE_S)
        found = self.server.wait_for_log(r"event=rpc method=\S*AdjudicateGame ", timeout=5,
                                         after=since)
        line = found[1] if found else ""
        logged_code = field(line, "code")
        latency_ms = int(field(line, "latency_us") or 10 ** 9) / 1000.0
        ac.figure(7, case="deadline", plies=plies, full_call_ms=full_ms,
                  deadline_ms=DEADLINE_S * 1000, client_code=code.name,
                  logged_code=logged_code, logged_latency_ms=latency_ms,
                  limit_ms=DEADLINE_S * 1000 + LOG_SLACK_MS)
        self.assertGreaterEqual(full_ms, MIN_FULL_CALL_MS,
                                "the game is too short to test a deadline: make it longer")
        self.assertEqual(code, grpc.StatusCode.DEADLINE_EXCEEDED)
        self.assertTrue(line, "no log line for the call within 5 s")
        self.assertIn(logged_code, ("DEADLINE_EXCEEDED", "CANCELLED"))
        self.assertLess(latency_ms, DEADLINE_S * 1000 + LOG_SLACK_MS)

    def test_cancelled_stream_is_logged_cancelled(self):
        since = time.time()
        ac.run_async(self.start_and_cancel())
        found = self.server.wait_for_log(r"event=rpc method=\S*PlayGame ", timeout=5,
                                         after=since)
        line = found[1] if found else ""
        ac.figure(7, case="cancelled-stream", logged_code=field(line, "code"),
                  logged_latency_ms=int(field(line, "latency_us") or 0) / 1000.0)
        self.assertTrue(line, "no log line for the stream within 5 s")
        self.assertEqual(field(line, "code"), "CANCELLED")

    async def start_and_cancel(self):
        channel = ac.aio_channel(self.server)
        try:
            call, _ = await ac.open_play_stream(self.stub(channel))
            await call.write(ac.PROTO.pb.PlayGameRequest(move="h2e2"))
            await asyncio.wait_for(call.read(), 5)
            call.cancel()
            await asyncio.sleep(0.2)
        finally:
            await channel.close()


def field(line, key):
    match = re.search(r" %s=(\S+)" % key, line)
    return match.group(1) if match else ""


if __name__ == "__main__":
    ac.run_main()
