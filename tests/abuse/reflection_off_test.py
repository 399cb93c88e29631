#!/usr/bin/python3
"""Abuse: server reflection handing the API's schema to anyone who asks.

Attack: a reflection list_services request, to grpc.reflection.v1alpha and to v1 (the two have
the same wire format).
Checks: with --reflection=false both fail with UNIMPLEMENTED; with the default flags the same
request lists caipan.v1.AdjudicationService on both (so the request itself is sound).
"""

import grpc

import abuse_common as ac

LIST_SERVICES = b"\x3a\x00"  # ServerReflectionRequest{list_services: ""}


def list_services(server, method):
    channel = server.channel()
    try:
        call = channel.stream_stream(method, request_serializer=lambda b: b,
                                     response_deserializer=lambda b: b)
        return ac.rpc_code(lambda: list(call(iter([LIST_SERVICES]), timeout=5)))
    finally:
        channel.close()


class ReflectionTest(ac.ServerTestCase):

    def test_reflection_off_is_unimplemented(self):
        server = self.start_server(["--reflection=false"])
        for version, method in (("v1alpha", ac.REFLECTION), ("v1", ac.REFLECTION_V1)):
            code, _, replies = list_services(server, method)
            ac.figure("reflection", flags="--reflection=false", version=version, code=code.name,
                      reply_bytes=sum(len(r) for r in replies or []))
            self.assertEqual(code, grpc.StatusCode.UNIMPLEMENTED, version)
        self.assert_serving(server)

    def test_reflection_on_by_default_lists_the_service(self):
        server = self.start_server()
        for version, method in (("v1alpha", ac.REFLECTION), ("v1", ac.REFLECTION_V1)):
            code, details, replies = list_services(server, method)
            ac.figure("reflection", flags="default", version=version, code=code.name,
                      reply_bytes=sum(len(r) for r in replies or []))
            self.assertEqual(code, grpc.StatusCode.OK, details)
            self.assertIn(b"caipan.v1.AdjudicationService", b"".join(replies))


if __name__ == "__main__":
    ac.run_main()
