#!/usr/bin/python3
"""Abuse: server reflection handing the API's schema to anyone who asks.

Attack: a reflection list_services request.
Checks: with --reflection=false it fails with UNIMPLEMENTED; with the default flags the same
request lists caipan.v1.AdjudicationService (so the request itself is sound).
"""

import grpc

import abuse_common as ac

LIST_SERVICES = b"\x3a\x00"  # ServerReflectionRequest{list_services: ""}


def list_services(server):
    channel = server.channel()
    try:
        call = channel.stream_stream(ac.REFLECTION, request_serializer=lambda b: b,
                                     response_deserializer=lambda b: b)
        return ac.rpc_code(lambda: list(call(iter([LIST_SERVICES]), timeout=5)))
    finally:
        channel.close()


class ReflectionTest(ac.ServerTestCase):

    def test_reflection_off_is_unimplemented(self):
        server = self.start_server(["--reflection=false"])
        code, _, replies = list_services(server)
        ac.figure("reflection", flags="--reflection=false", code=code.name,
                  reply_bytes=sum(len(r) for r in replies or []))
        self.assertEqual(code, grpc.StatusCode.UNIMPLEMENTED)
        self.assert_serving(server)

    def test_reflection_on_by_default_lists_the_service(self):
        server = self.start_server()
        code, details, replies = list_services(server)
        ac.figure("reflection", flags="default", code=code.name,
                  reply_bytes=sum(len(r) for r in replies or []))
        self.assertEqual(code, grpc.StatusCode.OK, details)
        self.assertIn(b"caipan.v1.AdjudicationService", b"".join(replies))


if __name__ == "__main__":
    ac.run_main()
