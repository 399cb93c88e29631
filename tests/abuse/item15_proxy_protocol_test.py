#!/usr/bin/python3
"""Abuse item 15: clients behind a proxy, and clients posing as one.

The server trusts 127.0.0.2 as a proxy (--trusted-proxy=127.0.0.2/32), with
--max-connections-per-address=3 and --http-rate-limit=2 (bursts of 4).
Attacks and checks, on the HTTP port and on the gRPC port:
- through the proxy, PROXY v2 headers naming 203.0.113.7: the rate limiter and the
  per-address cap count that client, not the proxy (a fifth call in a burst is 429 while a
  second client through the same proxy is served; a fourth held connection of one client is
  refused while another client's is served); the logs name the client; v1 text headers and
  LOCAL headers (a proxy's health check) are read too;
- from 127.0.0.1, which is not trusted, a PROXY header naming a client: refused (HTTP 400 and
  closed; gRPC closed without an answer);
- from the proxy, a connection without a header or with a bad one: closed; one that sends half
  a header and stops holds up nobody and is closed after the 5 s header deadline.
"""

import time

import abuse_common as ac
import edge_common as ec

CAP = 3
RATE = 2  # per second, bursts of 4
HEADER_DEADLINE_S = 5


class ProxyProtocolTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_server([
            "--trusted-proxy=127.0.0.2/32", "--max-connections-per-address=%d" % CAP,
            "--http-rate-limit=%d" % RATE])

    def test_a_stalled_header_holds_up_nobody_and_is_dropped(self):
        server = self.server
        stalled = {}
        for port in (server.port, server.http_port):
            sock = ec.connect(port, ec.OTHER)
            self.addCleanup(sock.close)
            sock.sendall(ec.proxy_v2("198.51.100.50")[:10])
            stalled[port] = sock
        start = time.monotonic()
        # Meanwhile other connections through the proxy are served at once.
        t = time.monotonic()
        grpc_ok = ec.grpc_health(server.port, ec.OTHER, ec.proxy_v2("198.51.100.51"))
        http_ok = ec.http_get(server.http_port, source=ec.OTHER,
                              prefix=ec.proxy_v2("198.51.100.51"))
        served_s = time.monotonic() - t
        cut = {}
        while len(cut) < 2 and time.monotonic() - start < HEADER_DEADLINE_S + 2:
            for port, sock in stalled.items():
                if port not in cut and ec.closed_now(sock):
                    cut[port] = time.monotonic() - start
            time.sleep(0.1)
        ac.figure(15, case="stalled-header", others_served_s=served_s,
                  grpc_cut_s=cut.get(server.port), http_cut_s=cut.get(server.http_port))
        self.assertTrue(grpc_ok)
        self.assertEqual(http_ok, (200, b"ok\n"))
        self.assertLess(served_s, 1.0)
        self.assertEqual(len(cut), 2, "a stalled PROXY header kept its connection: %r" % cut)
        self.assertGreaterEqual(min(cut.values()), HEADER_DEADLINE_S - 1.5)
        self.assertTrue(server.wait_for_log(r"event=proxy_header_refused .*no whole PROXY "
                                            r"header within 5s"))

    def test_http_rate_limit_counts_the_relayed_client(self):
        server = self.server
        with ec.connect(server.http_port, ec.OTHER) as sock:
            sock.sendall(ec.proxy_v2("203.0.113.7") + ec.ping_request() * 6)
            data, _ = ec.read_until(sock, b"too many requests", 3.0)
        codes = ec.statuses(data)
        other_client = ec.http_get(server.http_port, source=ec.OTHER,
                                   prefix=ec.proxy_v2("203.0.113.8"))
        ac.figure(15, case="http-rate-limit", statuses=codes, other_client=other_client[0])
        self.assertIn(429, codes)
        self.assertEqual(codes[:4], [200] * 4)
        self.assertEqual(other_client, (200, b"ok\n"))
        # The calls are logged with the client's address, not the proxy's.
        self.assertTrue(server.wait_for_log(r"event=rpc .*peer=http:203\.0\.113\.7"))

    def test_http_cap_counts_the_relayed_client(self):
        server = self.server
        held = []
        self.addCleanup(ec.close_all, held)
        for _ in range(CAP):
            sock = ec.connect(server.http_port, ec.OTHER)
            sock.sendall(ec.proxy_v2("198.51.100.1"))
            held.append(sock)
        time.sleep(0.3)
        over = ec.http_get(server.http_port, source=ec.OTHER, prefix=ec.proxy_v2("198.51.100.1"))
        other = ec.http_get(server.http_port, source=ec.OTHER, prefix=ec.proxy_v2("198.51.100.2"))
        v1 = ec.http_get(server.http_port, source=ec.OTHER, prefix=ec.proxy_v1("198.51.100.3"))
        local = ec.http_get(server.http_port, source=ec.OTHER, prefix=ec.proxy_v2_local())
        ac.figure(15, case="http-cap", held=len(held), over_cap=over[0], other_client=other[0],
                  v1=v1[0], local=local[0])
        self.assertEqual(over[0], 429)
        self.assertIn(b"too many connections from this address (at most 3)", over[1])
        self.assertEqual(other, (200, b"ok\n"))
        self.assertEqual(v1, (200, b"ok\n"))
        self.assertEqual(local, (200, b"ok\n"))
        self.assertTrue(server.wait_for_log(r"event=http_connection_refused .*"
                                            r"address=198\.51\.100\.1"))

    def test_grpc_cap_counts_the_relayed_client(self):
        server = self.server
        held = []
        self.addCleanup(ec.close_all, held)
        for _ in range(CAP):
            sock = ec.connect(server.port, ec.OTHER)
            sock.sendall(ec.proxy_v2("198.51.100.11") + ec.HTTP2_PREFACE)
            held.append(sock)
        time.sleep(0.3)
        over = ec.grpc_health(server.port, ec.OTHER, ec.proxy_v2("198.51.100.11"))
        other = ec.grpc_health(server.port, ec.OTHER, ec.proxy_v2("198.51.100.12", 4321))
        v1 = ec.grpc_health(server.port, ec.OTHER, ec.proxy_v1("198.51.100.13"))
        local = ec.grpc_health(server.port, ec.OTHER, ec.proxy_v2_local())
        ac.figure(15, case="grpc-cap", held=len(held), over_cap_served=int(over),
                  other_client_served=int(other), v1_served=int(v1), local_served=int(local))
        self.assertFalse(over, "a fourth connection of one client was served")
        self.assertTrue(other)
        self.assertTrue(v1)
        self.assertTrue(local)
        self.assertTrue(server.wait_for_log(r"event=proxied_connection peer=ipv4:127\.0\.0\.2:"
                                            r"\d+ client=198\.51\.100\.12:4321"))
        self.assertTrue(server.wait_for_log(r"event=connection_refused .*"
                                            r"address=198\.51\.100\.11"))

    def test_untrusted_peer_cannot_name_a_client(self):
        server = self.server
        header = ec.proxy_v2("203.0.113.99")
        with ec.connect(server.http_port) as sock:
            sock.sendall(header + b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            data, closed = ec.read_until_close(sock, 3.0)
        grpc_served = ec.grpc_health(server.port, ec.HOST, header)
        ac.figure(15, case="untrusted", http_statuses=ec.statuses(data), http_closed=int(closed),
                  grpc_served=int(grpc_served))
        self.assertEqual(ec.statuses(data), [400])
        self.assertTrue(closed)
        self.assertFalse(grpc_served)
        # The same peer without a header is an ordinary client.
        self.assertEqual(ec.http_get(server.http_port), (200, b"ok\n"))
        self.assertTrue(ec.grpc_health(server.port))

    def test_proxy_without_a_valid_header_is_refused(self):
        server = self.server
        cases = {
            "none": b"",
            "version 3": ec.proxy_v2("203.0.113.7", version=3),
            "bad v1": b"PROXY TCP4 203.0.113.07 127.0.0.1 1 2\r\n",
        }
        for name, prefix in cases.items():
            with self.subTest(case=name):
                http = ec.http_get(server.http_port, source=ec.OTHER, prefix=prefix)
                grpc_served = ec.grpc_health(server.port, ec.OTHER, prefix)
                ac.figure(15, case="bad-header", header=name.replace(" ", "-"),
                          http_status=http[0], grpc_served=int(grpc_served))
                self.assertEqual(http[0], 0, "served without a valid PROXY header")
                self.assertFalse(grpc_served)
        self.assertTrue(server.wait_for_log(r"event=proxy_header_refused .*version 3, "
                                            r"expected 2"))


if __name__ == "__main__":
    ac.run_main()
