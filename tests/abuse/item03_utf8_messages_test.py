#!/usr/bin/python3
"""Abuse item 3: move texts whose echo in a message could be cut inside a UTF-8 character.

Attack: CheckMove with move = "炮"×22 (66 bytes, over the 64-byte limit of one move text), the
same text in xiangqi.moves[0], in a PlayGame stream and as a gomoku move; and "炮"×20 / ×21
(60 / 63 bytes, under the limit) as plain garbage moves.
Checks: over the limit → INVALID_ARGUMENT naming the field, a short message that is valid UTF-8;
under the limit → an answer (not legal) whose `reason` is valid UTF-8. Responses are parsed
from raw bytes, so an invalid string field fails the parse instead of being smoothed over.
"""

import asyncio

import grpc

import abuse_common as ac

LONG_MOVE = "\u70ae" * 22  # 66 bytes
MAX_MESSAGE_BYTES = 300


def valid_utf8(data):
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


class Utf8MessageTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_server()
        cls.channel = cls.server.channel()
        cls.addClassCleanup(cls.channel.close)

    def tearDown(self):
        self.assertTrue(self.server.alive(), "the server died")

    def check_move_raw(self, request):
        return ac.rpc_code(ac.raw_unary, self.channel, ac.CHECK_MOVE,
                           request.SerializeToString(), timeout=5)

    def assert_rejected_field(self, code, details, field, raw_response):
        self.assertTrue(ac.is_valid_utf8_text(details), "status message is not valid UTF-8")
        if raw_response is not None:
            self.assertTrue(self.response_is_valid(raw_response),
                            "the answer holds invalid UTF-8: %r" % raw_response[:200])
        self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT,
                         "a %d-byte move text was not rejected" % len(LONG_MOVE.encode()))
        self.assertIn(field, details)
        self.assertLessEqual(len(ac.details_bytes(details)), MAX_MESSAGE_BYTES)

    def response_is_valid(self, raw):
        try:
            ac.PROTO.pb.CheckMoveResponse.FromString(raw)
            return True
        except Exception:  # DecodeError: a string field is not valid UTF-8
            return False

    def test_long_chinese_move_is_rejected_with_utf8_message(self):
        request = ac.PROTO.pb.CheckMoveRequest(xiangqi=ac.PROTO.xq.XiangqiPosition(),
                                               move=LONG_MOVE)
        code, details, raw = self.check_move_raw(request)
        ac.figure(3, case="move", move_bytes=len(LONG_MOVE.encode()), code=code.name,
                  message_bytes=len(ac.details_bytes(details)),
                  response_utf8=int(raw is None or self.response_is_valid(raw)),
                  message_utf8=int(ac.is_valid_utf8_text(details)))
        self.assert_rejected_field(code, details, "move", raw)

    def test_long_chinese_history_move_is_rejected(self):
        request = ac.PROTO.pb.CheckMoveRequest(
            xiangqi=ac.PROTO.xq.XiangqiPosition(moves=[LONG_MOVE]), move="h2e2")
        code, details, raw = self.check_move_raw(request)
        ac.figure(3, case="xiangqi.moves", move_bytes=len(LONG_MOVE.encode()), code=code.name,
                  message_bytes=len(ac.details_bytes(details)),
                  message_utf8=int(ac.is_valid_utf8_text(details)))
        self.assert_rejected_field(code, details, "xiangqi.moves[0]", raw)

    def test_long_gomoku_move_is_rejected(self):
        request = ac.PROTO.pb.CheckMoveRequest(gomoku=ac.PROTO.gm.GomokuPosition(),
                                               move=LONG_MOVE)
        code, details, raw = self.check_move_raw(request)
        ac.figure(3, case="gomoku.move", move_bytes=len(LONG_MOVE.encode()), code=code.name,
                  message_bytes=len(ac.details_bytes(details)),
                  message_utf8=int(ac.is_valid_utf8_text(details)))
        self.assert_rejected_field(code, details, "move", raw)

    def test_long_chinese_move_in_a_stream_ends_it_with_utf8_message(self):
        code, details, raw_ok = ac.run_async(self.play_long_move())
        ac.figure(3, case="PlayGame.move", move_bytes=len(LONG_MOVE.encode()), code=code.name,
                  message_bytes=len(ac.details_bytes(details)), replies_utf8=int(raw_ok),
                  message_utf8=int(ac.is_valid_utf8_text(details)))
        self.assertTrue(raw_ok, "a PlayGame reply holds invalid UTF-8")
        self.assertTrue(ac.is_valid_utf8_text(details))
        self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("move", details)
        self.assertLessEqual(len(ac.details_bytes(details)), MAX_MESSAGE_BYTES)

    async def play_long_move(self):
        channel = ac.aio_channel(self.server)
        try:
            call = channel.stream_stream(ac.PLAY_GAME, request_serializer=lambda m: m,
                                         response_deserializer=lambda b: b)()
            await call.write(ac.start_message().SerializeToString())
            await asyncio.wait_for(call.read(), 5)
            await call.write(ac.PROTO.pb.PlayGameRequest(move=LONG_MOVE).SerializeToString())
            await call.done_writing()
            replies_ok = True
            try:
                for _ in range(3):  # at most the reply to the move, then the end
                    reply = await asyncio.wait_for(call.read(), 5)
                    if reply is grpc.aio.EOF:
                        break
                    try:
                        ac.PROTO.pb.PlayGameResponse.FromString(reply)
                    except Exception:  # DecodeError: a string field is not valid UTF-8
                        replies_ok = False
            except grpc.aio.AioRpcError:
                pass  # the stream ended with an error status: read below
            code = await asyncio.wait_for(call.code(), 5)
            details = await call.details()
            return code, details or "", replies_ok
        finally:
            await channel.close()

    def test_garbage_chinese_moves_under_the_limit_are_answers_in_utf8(self):
        for count in (20, 21):
            move = "\u70ae" * count
            request = ac.PROTO.pb.CheckMoveRequest(xiangqi=ac.PROTO.xq.XiangqiPosition(),
                                                   move=move)
            code, details, raw = self.check_move_raw(request)
            valid = raw is not None and self.response_is_valid(raw)
            ac.figure(3, case="short-garbage", move_bytes=len(move.encode()), code=code.name,
                      response_bytes=len(raw or b""), response_utf8=int(valid))
            with self.subTest(move_bytes=len(move.encode())):
                self.assertEqual(code, grpc.StatusCode.OK, details)
                self.assertTrue(valid, "the answer holds invalid UTF-8: %r" % raw[:200])
                check = ac.PROTO.pb.CheckMoveResponse.FromString(raw).check
                self.assertFalse(check.legal)
                self.assertTrue(check.reason)
                self.assertLessEqual(len(check.reason.encode()), MAX_MESSAGE_BYTES)


if __name__ == "__main__":
    ac.run_main()
