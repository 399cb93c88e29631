#!/usr/bin/python3
"""Abuse item 9: slowloris on the Prometheus endpoint.

Attack: 4 raw connections to /metrics's port, two sending nothing and two half a request line,
held open; then a 5th client scrapes /metrics.
Checks: the scrape answers 200 in < 1 s; the silent connections are closed by the server
within its 5 s read deadline (checked at 7.5 s); the default --metrics-address (in --help) is
127.0.0.1:9464, not every interface.
"""

import re
import socket
import subprocess
import time

import abuse_common as ac

SCRAPE_LIMIT_S = 1.0
SCRAPE_TIMEOUT_S = 3.0
READ_DEADLINE_S = 5.0
DEADLINE_SLACK_S = 2.5


class MetricsEndpointTest(ac.ServerTestCase):

    def test_idle_clients_do_not_block_a_scrape(self):
        server = self.start_server()
        opened = time.monotonic()
        sockets = (ac.open_sockets(server.metrics_port, 2) +
                   ac.open_sockets(server.metrics_port, 2, send=b"GET /metr"))
        self.addCleanup(ac.close_all, sockets)
        time.sleep(0.2)
        try:
            status, body, elapsed = ac.http_get(server.metrics_port, timeout=SCRAPE_TIMEOUT_S)
        except (socket.timeout, OSError) as error:
            status, body, elapsed = "no-answer(%s)" % type(error).__name__, b"", SCRAPE_TIMEOUT_S
        ac.figure(9, case="scrape-with-4-idle", status=status, scrape_ms=elapsed * 1000,
                  limit_ms=SCRAPE_LIMIT_S * 1000, metrics_bytes=len(body))
        wait = READ_DEADLINE_S + DEADLINE_SLACK_S - (time.monotonic() - opened)
        time.sleep(max(0.0, wait))
        closed = sum(ac.closed_by_peer(sock, wait=0.05) for sock in sockets)
        ac.figure(9, case="read-deadline", idle_connections=len(sockets), closed=closed,
                  after_s=time.monotonic() - opened, deadline_s=READ_DEADLINE_S)
        self.assertEqual(status, 200)
        self.assertIn(b"caipan_rpc", body)
        self.assertLess(elapsed, SCRAPE_LIMIT_S)
        self.assertEqual(closed, len(sockets), "idle /metrics connections were not closed")

    def test_default_metrics_address_is_loopback(self):
        out = subprocess.run([ac.ARGS.server, "--help"], capture_output=True, text=True,
                             timeout=10)
        match = re.search(r"--metrics-address[^\n]*?([0-9.]+:\d+)", out.stdout + out.stderr)
        default = match.group(1) if match else "(not in --help)"
        ac.figure(9, case="default-metrics-address", default=default)
        self.assertEqual(default, "127.0.0.1:9464")


if __name__ == "__main__":
    ac.run_main()
