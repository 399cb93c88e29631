#!/usr/bin/python3
"""Abuse item 12: request bodies that are not protobuf.

Attack: the bytes ff ff ff (an unterminated varint tag) and a length-delimited field running
past the end, sent as the body of CheckMove, ListMoves and AdjudicateGame.
Checks: each call fails with INVALID_ARGUMENT and a non-empty message; the server stays up.
"""

import grpc

import abuse_common as ac

BODIES = [b"\xff\xff\xff", b"\x0a\x7f\x01"]
METHODS = [ac.CHECK_MOVE, "/caipan.v1.AdjudicationService/ListMoves", ac.ADJUDICATE]


class MalformedBodyTest(ac.ServerTestCase):

    def test_malformed_bodies_are_invalid_argument(self):
        server = self.start_server()
        channel = self.open_channel(server)
        for method in METHODS:
            for body in BODIES:
                code, details, _ = ac.rpc_code(ac.raw_unary, channel, method, body, timeout=5)
                ac.figure(12, method=method.rsplit("/", 1)[1], body=body.hex(), code=code.name,
                          message_bytes=len(ac.details_bytes(details)))
                with self.subTest(method=method, body=body):
                    self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT)
                    self.assertTrue(details.strip(), "empty status message")
        self.assert_serving(server, channel)


if __name__ == "__main__":
    ac.run_main()
