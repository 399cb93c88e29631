#!/usr/bin/python3
"""Abuse item 11: calls that keep arriving while the server drains after SIGTERM.

Attack: two slow AdjudicateGame calls (a long game under the claim mode, lengthened until one
call takes >= 1.5 s) are in flight when the server gets SIGTERM; 0.2 s later a new client
calls Ping.
Checks: the new call fails with UNAVAILABLE while a slow call is still in flight (the server is
draining); the slow calls then finish OK; the server exits 0 within its grace period.
"""

import signal
import time

import grpc

import abuse_common as ac

PLIES = 40000
MAX_PLIES = 320000
MIN_SLOW_CALL_MS = 1500
SLOW_CALLS = 2
GRACE_S = 20
# The slow calls' annotated answers run to tens of megabytes.
MAX_MESSAGE_BYTES = 64 << 20


class GracefulShutdownTest(ac.ServerTestCase):

    def test_new_calls_are_refused_while_in_flight_calls_finish(self):
        server = self.start_server(["--max-history-plies=%d" % MAX_PLIES,
                                    "--shutdown-grace-seconds=%d" % GRACE_S,
                                    "--max-message-bytes=%d" % MAX_MESSAGE_BYTES])
        channel = self.open_channel(
            server, [("grpc.max_receive_message_length", MAX_MESSAGE_BYTES)])
        stub = self.stub(channel)
        plies, one_call_ms = ac.calibrate_long_game(stub, MIN_SLOW_CALL_MS, PLIES, MAX_PLIES)
        ac.figure(11, slow_call_plies=plies, one_slow_call_ms=one_call_ms)
        request = ac.long_game_request(plies)
        start = time.monotonic()
        slow = [stub.AdjudicateGame.future(request, timeout=60) for _ in range(SLOW_CALLS)]
        time.sleep(0.3)
        self.assertFalse(any(f.done() for f in slow), "the slow calls were not slow")
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        new_code, new_ms = self.fresh_ping(server)
        in_flight = sum(not f.done() for f in slow)
        slow_codes = [code_of(f) for f in slow]
        slow_ms = (time.monotonic() - start) * 1000
        try:
            exit_code = server.proc.wait(timeout=GRACE_S + 5)
        except Exception:
            exit_code = None
        ac.figure(11, new_call_code=new_code.name, new_call_ms=new_ms,
                  slow_in_flight_at_new_call=in_flight, slow_calls=SLOW_CALLS,
                  slow_codes=",".join(c.name for c in slow_codes), slow_calls_ms=slow_ms,
                  exit_code=exit_code)
        self.assertGreaterEqual(in_flight, 1,
                                "the slow calls ended before the new call: nothing was tested")
        self.assertEqual(new_code, grpc.StatusCode.UNAVAILABLE)
        self.assertEqual(slow_codes, [grpc.StatusCode.OK] * SLOW_CALLS)
        self.assertEqual(exit_code, 0)

    def fresh_ping(self, server):
        channel = server.channel()
        try:
            start = time.monotonic()
            code, _, _ = ac.rpc_code(self.stub(channel).Ping, ac.PROTO.pb.PingRequest(),
                                     timeout=2)
            return code, (time.monotonic() - start) * 1000
        finally:
            channel.close()


def code_of(future):
    try:
        future.result(timeout=60)
        return grpc.StatusCode.OK
    except grpc.RpcError as error:
        return error.code()


if __name__ == "__main__":
    ac.run_main()
