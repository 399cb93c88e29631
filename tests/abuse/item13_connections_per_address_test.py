#!/usr/bin/python3
"""Abuse item 13: one address takes every connection; request heads sent slowly.

Attacks:
- 1,000 TCP connections from 127.0.0.1 to the gRPC port (HTTP/2 preface, then silence) and
  1,000 to the HTTP port (silence), on the default limits (1,000 connections per port,
  --max-connections-per-address 64);
- with --http-read-timeout-seconds=2 and --http-idle-timeout-seconds=30: a request head begun
  one byte every 0.2 s and never finished, and a new connection that sends nothing.
Checks: of each 1,000 connections at most 64 stay open (the HTTP port answers the others 429
with a one-line reason); while they are held, a gRPC health check and GET /healthz from
127.0.0.2 are answered within 1 s; once they are closed 127.0.0.1 is served again; the slow
head is cut with 408 after about 2 s and the silent connection closed after about 2 s, where
the old server waited for the 30 s idle timeout; a kept-alive connection after a request still
lives past 2 s (the idle timeout governs it).
"""

import subprocess
import time

import abuse_common as ac
import edge_common as ec

FLOOD = 1000
PER_ADDRESS = 64  # the default --max-connections-per-address
READ_TIMEOUT_S = 2
IDLE_TIMEOUT_S = 30


class ConnectionsPerAddressTest(ac.ServerTestCase):

    def test_one_address_cannot_take_every_connection(self):
        server = self.start_server()
        start = time.monotonic()
        grpc_flood = ec.open_many(server.port, FLOOD, send=ec.HTTP2_PREFACE)
        self.addCleanup(ec.close_all, grpc_flood)
        http_flood = ec.open_many(server.http_port, FLOOD)
        self.addCleanup(ec.close_all, http_flood)
        opened_s = time.monotonic() - start
        time.sleep(0.5)

        # Another address is served at once on both ports.
        t = time.monotonic()
        grpc_other = ec.grpc_health(server.port, source=ec.OTHER)
        grpc_other_s = time.monotonic() - t
        t = time.monotonic()
        http_other = ec.http_get(server.http_port, source=ec.OTHER)
        http_other_s = time.monotonic() - t

        grpc_open = sum(not ec.closed_now(s) for s in grpc_flood)
        http_open, answer = 0, b""
        for sock in http_flood:
            data, closed = ec.read_until_close(sock, 0.005)
            http_open += not (closed or ec.closed_now(sock))
            answer = answer or data
        ac.figure(13, case="flood", connections=FLOOD, seconds_to_open=opened_s,
                  grpc_kept=grpc_open, http_kept=http_open, limit=PER_ADDRESS,
                  grpc_other_served=int(grpc_other), grpc_other_s=grpc_other_s,
                  http_other_status=http_other[0], http_other_s=http_other_s)
        self.assertLessEqual(grpc_open, PER_ADDRESS)
        self.assertLessEqual(http_open, PER_ADDRESS)
        self.assertGreater(grpc_open, 0, "no connection of 127.0.0.1 was kept")
        self.assertTrue(grpc_other, "a health check from 127.0.0.2 was not answered")
        self.assertLess(grpc_other_s, 1.0)
        self.assertEqual(http_other, (200, b"ok\n"))
        self.assertLess(http_other_s, 1.0)
        self.assertIn(b"HTTP/1.1 429 ", answer)
        self.assertIn(b"too many connections from this address (at most 64)", answer)
        self.assertTrue(server.wait_for_log(r"reason=\"max connections per address\" "
                                            r"address=127\.0\.0\.1", timeout=3))

        # Once the flood is gone, 127.0.0.1 is served again.
        ec.close_all(grpc_flood + http_flood)
        deadline = time.monotonic() + 5
        while not (ec.grpc_health(server.port) and ec.http_get(server.http_port)[0] == 200):
            self.assertLess(time.monotonic(), deadline, "127.0.0.1 not served after the flood")
            time.sleep(0.1)
        self.assert_serving(server)


class SlowHeadTest(ac.ServerTestCase):

    def test_slow_head_and_silent_connection_are_cut_at_the_read_timeout(self):
        server = self.start_server(["--http-read-timeout-seconds=%d" % READ_TIMEOUT_S,
                                    "--http-idle-timeout-seconds=%d" % IDLE_TIMEOUT_S])
        # Sent a byte every 0.2 s for 1 s, then nothing: begun, never whole. (No byte is in
        # flight when the server answers, so its 408 is not lost to a reset.)
        head = b"GET /healthz"
        slow = ec.connect(server.http_port)
        silent = ec.connect(server.http_port)
        kept = ec.connect(server.http_port)
        self.addCleanup(ec.close_all, [slow, silent, kept])
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        kept_answer, _ = ec.read_until(kept, b"ok\n", 3)
        self.assertEqual(ec.statuses(kept_answer), [200])

        start = time.monotonic()
        cut = {"slow": None, "silent": None}
        slow_answer = b""
        sent = 0
        while time.monotonic() - start < READ_TIMEOUT_S + 3 and None in cut.values():
            if cut["slow"] is None:
                data, closed = ec.read_until_close(slow, 0.01)
                slow_answer += data
                if closed:
                    cut["slow"] = time.monotonic() - start
                elif sent < 5:
                    slow.sendall(head[sent:sent + 1])
                    sent += 1
            if cut["silent"] is None and ec.closed_now(silent):
                cut["silent"] = time.monotonic() - start
            time.sleep(0.2)
        kept_open = not ec.closed_now(kept)
        ac.figure(13, case="slow-head", read_timeout=READ_TIMEOUT_S, idle_timeout=IDLE_TIMEOUT_S,
                  slow_head_cut_s=cut["slow"], head_bytes_sent=sent,
                  slow_head_status=(ec.statuses(slow_answer) or [0])[0],
                  silent_cut_s=cut["silent"], kept_alive_open=int(kept_open),
                  kept_alive_idle_s=time.monotonic() - start)
        self.assertIsNotNone(cut["slow"], "a head trickled for %d s was not cut off" %
                             (READ_TIMEOUT_S + 3))
        self.assertGreaterEqual(cut["slow"], READ_TIMEOUT_S * 0.75)
        self.assertEqual(ec.statuses(slow_answer), [408])
        self.assertIsNotNone(cut["silent"], "a silent new connection was not closed")
        self.assertGreaterEqual(cut["silent"], READ_TIMEOUT_S * 0.75)
        self.assertTrue(kept_open, "a kept-alive connection was closed before its idle timeout")
        # The same connection still serves its next request.
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        data, _ = ec.read_until(kept, b"ok\n", 3)
        self.assertEqual(ec.statuses(data), [200])

    def test_default_read_timeout_is_ten_seconds(self):
        out = subprocess.run([ac.ARGS.server, "--help"], capture_output=True, text=True,
                             timeout=10).stdout
        self.assertRegex(out, r"--http-read-timeout-seconds [^\n]*=10\n")


if __name__ == "__main__":
    ac.run_main()
