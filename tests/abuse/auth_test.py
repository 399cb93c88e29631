#!/usr/bin/python3
"""Abuse: unauthenticated use of the adjudication API.

Setup: a tokens file with comments, blank lines and two tokens; the server runs with
--auth-tokens-file and --require-auth.
Attacks: CheckMove and a PlayGame stream without a token, with an unknown token, with a
comment line of the file as the token, and with a non-Bearer scheme.
Checks: all of those are UNAUTHENTICATED; the second token of the file is accepted; Ping and the
health check stay open without a token.
"""

import asyncio
import os
import shutil
import tempfile

import grpc

import abuse_common as ac

TOKENS_FILE = """# caipan-server bearer tokens (abuse test)

alpha-0123456789abcdef
   # indented comment
beta-fedcba9876543210

"""
GOOD_TOKEN = "beta-fedcba9876543210"


def bearer(token):
    return [("authorization", "Bearer " + token)]


class AuthTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        directory = tempfile.mkdtemp(prefix="caipan-abuse-auth-")
        cls.addClassCleanup(shutil.rmtree, directory, True)
        path = os.path.join(directory, "tokens")
        with open(path, "w") as tokens:
            tokens.write(TOKENS_FILE)
        cls.server = cls.start_class_server(["--auth-tokens-file=" + path, "--require-auth"])
        cls.channel = cls.server.channel()
        cls.addClassCleanup(cls.channel.close)

    def check_move(self, metadata):
        request = ac.PROTO.pb.CheckMoveRequest(xiangqi=ac.PROTO.xq.XiangqiPosition(),
                                               move="h2e2")
        code, details, _ = ac.rpc_code(self.stub(self.channel).CheckMove, request, timeout=5,
                                       metadata=metadata)
        return code, details

    def test_check_move_without_a_valid_token_is_unauthenticated(self):
        cases = {
            "no-token": None,
            "unknown-token": bearer("gamma-not-in-the-file"),
            "comment-as-token": bearer("# caipan-server bearer tokens (abuse test)"),
            "empty-token": bearer(""),
            "basic-scheme": [("authorization", "Basic " + GOOD_TOKEN)],
        }
        for case, metadata in cases.items():
            code, details = self.check_move(metadata)
            ac.figure("auth", case=case, method="CheckMove", code=code.name)
            with self.subTest(case=case):
                self.assertEqual(code, grpc.StatusCode.UNAUTHENTICATED, details)
                self.assertNotIn(GOOD_TOKEN, details)

    def test_check_move_with_a_listed_token_is_served(self):
        code, details = self.check_move(bearer(GOOD_TOKEN))
        ac.figure("auth", case="good-token", method="CheckMove", code=code.name)
        self.assertEqual(code, grpc.StatusCode.OK, details)

    def test_play_game_without_a_token_is_unauthenticated(self):
        code = ac.run_async(self.play_game_code(None))
        ac.figure("auth", case="no-token", method="PlayGame", code=code)
        self.assertEqual(code, "UNAUTHENTICATED")
        code = ac.run_async(self.play_game_code(bearer(GOOD_TOKEN)))
        ac.figure("auth", case="good-token", method="PlayGame", code=code)
        self.assertEqual(code, "ANSWERED")

    async def play_game_code(self, metadata):
        """ANSWERED when the start of a stream is answered, else the stream's final code."""
        channel = ac.aio_channel(self.server)
        call = self.stub(channel).PlayGame(metadata=metadata)
        try:
            await asyncio.wait_for(call.write(ac.start_message()), 5)
            reply = await asyncio.wait_for(call.read(), 5)
            if reply is not grpc.aio.EOF:
                return "ANSWERED"
        except Exception:  # the call ended with an error status (or timed out)
            pass
        finally:
            call.cancel()
        try:
            code = await ac.stream_status(call)
            return code.name if code else "NO_STATUS"
        finally:
            await channel.close()

    def test_ping_and_health_stay_open(self):
        code, details, _ = ac.rpc_code(self.stub(self.channel).Ping, ac.PROTO.pb.PingRequest(),
                                       timeout=5)
        ac.figure("auth", case="no-token", method="Ping", code=code.name)
        self.assertEqual(code, grpc.StatusCode.OK, details)
        code, details, reply = ac.rpc_code(ac.raw_unary, self.channel, ac.HEALTH_CHECK, b"",
                                           timeout=5)
        ac.figure("auth", case="no-token", method="Health/Check", code=code.name)
        self.assertEqual(code, grpc.StatusCode.OK, details)
        self.assertEqual(reply, b"\x08\x01")


if __name__ == "__main__":
    ac.run_main()
