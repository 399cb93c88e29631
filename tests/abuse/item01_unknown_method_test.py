#!/usr/bin/python3
"""Abuse item 1: calls to methods the server does not have.

Attack: unary and streaming calls to unknown methods of unknown services (/x.Y/Z), an unknown
method of the real service, odd paths (non-ASCII, 2 KB long, no service) and unknown methods
with a body; 20 rounds of them.
Checks: every call ends with UNIMPLEMENTED, and afterwards the process is alive and answers
Ping and a health check (also in an ASan build).
"""

import time

import grpc

import abuse_common as ac

UNKNOWN_METHODS = [
    "/x.Y/Z",
    "/caipan.v1.AdjudicationService/NoSuchMethod",
    "/caipan.v1.NoSuchService/CheckMove",
    "/x.Y/" + "z" * 2000,  # long, yet within the 8 KB header limit
    "/\u68cb.\u76d8/\u8d70",  # non-ASCII path
    "/x/",
    "/",
]
# The old server freed an unknown call's method name before its interceptor logged it: a
# use-after-free that ASan catches within a few calls, so the calls are repeated.
ROUNDS = 20


class UnknownMethodTest(ac.ServerTestCase):

    def test_unknown_methods_are_unimplemented_and_server_stays_up(self):
        server = self.start_server()
        channel = self.open_channel(server)
        codes = []
        failures = set()
        for _ in range(ROUNDS):
            for method in UNKNOWN_METHODS:
                for body in (b"", b"\x0a\x03abc"):
                    code, _, _ = ac.rpc_code(ac.raw_unary, channel, method, body, timeout=5)
                    codes.append(code)
                    if code != grpc.StatusCode.UNIMPLEMENTED:
                        failures.add((method[:40], code.name))
        stream = channel.stream_stream("/x.Y/Z", request_serializer=lambda b: b,
                                       response_deserializer=lambda b: b)
        stream_code, _, _ = ac.rpc_code(lambda: list(stream(iter([b"a", b"b"]), timeout=5)))
        codes.append(stream_code)
        time.sleep(0.5)  # a crash after the last answer takes a moment to show
        sanitizer_report = "ERROR: AddressSanitizer" in server.log_text()
        unimplemented = sum(c == grpc.StatusCode.UNIMPLEMENTED for c in codes)
        ac.figure(1, unknown_calls=len(codes), unimplemented=unimplemented,
                  server_alive=int(server.alive()), sanitizer_report=int(sanitizer_report))
        self.assertFalse(sanitizer_report, server.log_text()[-3000:])
        self.assertFalse(failures, "unknown methods not answered UNIMPLEMENTED")
        self.assertEqual(stream_code, grpc.StatusCode.UNIMPLEMENTED)
        self.assert_serving(server)


if __name__ == "__main__":
    ac.run_main()
