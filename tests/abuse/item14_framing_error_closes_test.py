#!/usr/bin/python3
"""Abuse item 14: request smuggling through bad framing on the HTTP port.

Attacks, each on a connection of its own: a POST whose body is framed by an unknown transfer
coding (`Transfer-Encoding: xchunked`, which Beast reads as no body at all) and whose body is a
whole second request; a list of codings (`gzip, chunked`); two Transfer-Encoding fields;
Transfer-Encoding with Content-Length; a bad chunk size; a malformed request line.
Checks: each is answered 400 once, with a message naming the fault where the gateway words
it, and the connection is closed at once: the smuggled request is never answered. The server
serves the next client.
"""

import time

import abuse_common as ac
import edge_common as ec

SMUGGLED = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"


def post(headers, body):
    return (b"POST /caipan.v1.AdjudicationService/Ping HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\n" + headers + b"\r\n" + body)


CASES = [
    ("xchunked", post(b"Transfer-Encoding: xchunked\r\n", SMUGGLED),
     b"Transfer-Encoding \\\"xchunked\\\" is not supported"),
    ("coding list", post(b"Transfer-Encoding: gzip, chunked\r\n",
                         b"2\r\n{}\r\n0\r\n\r\n" + SMUGGLED),
     b"is not supported (only chunked)"),
    ("two codings", post(b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
                         b"2\r\n{}\r\n0\r\n\r\n" + SMUGGLED), None),
    ("coding and length", post(b"Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
                               b"2\r\n{}\r\n0\r\n\r\n" + SMUGGLED), None),
    ("bad chunk size", post(b"Transfer-Encoding: chunked\r\n", b"zz\r\n{}\r\n0\r\n\r\n" +
                            SMUGGLED), None),
    ("bad request line", b"GET /healthz HTTP/1.1 junk\r\nHost: x\r\n\r\n" + SMUGGLED, None),
]


class FramingErrorTest(ac.ServerTestCase):

    def test_framing_errors_close_the_connection(self):
        server = self.start_server()
        for name, request, message in CASES:
            with self.subTest(case=name):
                start = time.monotonic()
                with ec.connect(server.http_port) as sock:
                    sock.sendall(request)
                    data, closed = ec.read_until_close(sock, 3.0)
                seconds = time.monotonic() - start
                codes = ec.statuses(data)
                ac.figure(14, case=name.replace(" ", "-"), statuses=codes, closed=int(closed),
                          seconds=seconds)
                self.assertEqual(codes, [400], data[:400])
                self.assertTrue(closed, "the connection stayed open after a framing error")
                self.assertLess(seconds, 1.0)
                if message:
                    self.assertIn(message, data)
        self.assertEqual(ec.http_get(server.http_port), (200, b"ok\n"))

    def test_chunked_body_still_works(self):
        server = self.start_server()
        with ec.connect(server.http_port) as sock:
            sock.sendall(post(b"Transfer-Encoding: chunked\r\n", b"2\r\n{}\r\n0\r\n\r\n") +
                         SMUGGLED)
            data, _ = ec.read_until(sock, b"ok\n", 3.0)
        # Well framed, the second request is a request of its own: both are answered.
        self.assertEqual(ec.statuses(data), [200, 200], data[:400])


if __name__ == "__main__":
    ac.run_main()
