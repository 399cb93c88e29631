#!/usr/bin/python3
"""Abuse item 8: too many streams and connections.

Attacks:
- 200 PlayGame streams opened at once on one connection (default flags);
- 51 PlayGame streams with --max-play-streams=50;
- a PlayGame stream left idle with --stream-idle-timeout-seconds=2 (next to one that sends a
  move every second);
- 40 raw TCP connections (HTTP/2 preface sent, then silence) with --max-connections=20.
Checks: at most 100 (the default --max-concurrent-streams) of the 200 streams are answered
while all are open; the 51st stream ends with RESOURCE_EXHAUSTED and a slot freed by a cancelled
stream is usable again; the idle stream ends with DEADLINE_EXCEEDED after about 2 s while the
busy one lives on; of the 40 connections the server closes at least 15 at once, keeps at least
10, and answers a health check afterwards.
"""

import asyncio
import time

import grpc

import abuse_common as ac

ONE_CONNECTION_STREAMS = 200
DEFAULT_MAX_CONCURRENT_STREAMS = 100
ANSWER_WAIT_S = 3.0
MAX_PLAY_STREAMS = 50
IDLE_TIMEOUT_S = 2
MAX_CONNECTIONS = 20
RAW_CONNECTIONS = 40
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"


class StreamLimitTest(ac.ServerTestCase):

    def test_one_connection_gets_at_most_max_concurrent_streams(self):
        server = self.start_server()
        answered, failed = ac.run_async(self.open_streams_at_once(server))
        ac.figure(8, case="one-connection", streams=ONE_CONNECTION_STREAMS, answered=answered,
                  failed=failed, limit=DEFAULT_MAX_CONCURRENT_STREAMS)
        self.assertGreater(answered, 0, "no stream was answered")
        self.assertLessEqual(answered, DEFAULT_MAX_CONCURRENT_STREAMS)
        self.assert_serving(server)

    async def open_streams_at_once(self, server):
        channel = ac.aio_channel(server)
        stub = self.stub(channel)
        calls = [stub.PlayGame() for _ in range(ONE_CONNECTION_STREAMS)]

        async def start(call):
            await call.write(ac.start_message())
            return await call.read()

        tasks = [asyncio.ensure_future(start(call)) for call in calls]
        try:
            done, _ = await asyncio.wait(tasks, timeout=ANSWER_WAIT_S)
            answered = sum(1 for t in done if t.exception() is None)
            return answered, len(done) - answered
        finally:
            ac.cancel_all(calls)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await channel.close()

    def test_play_streams_over_the_server_limit_are_resource_exhausted(self):
        server = self.start_server(["--max-play-streams=%d" % MAX_PLAY_STREAMS])
        opened, extra_code, reused = ac.run_async(self.overfill_play_streams(server))
        ac.figure(8, case="max-play-streams", limit=MAX_PLAY_STREAMS, opened=opened,
                  extra_stream_code=extra_code, slot_reused_after_cancel=int(reused))
        self.assertEqual(opened, MAX_PLAY_STREAMS)
        self.assertEqual(extra_code, "RESOURCE_EXHAUSTED")
        self.assertTrue(reused, "no stream could start after one was cancelled")

    async def overfill_play_streams(self, server):
        channel = ac.aio_channel(server)
        stub = self.stub(channel)
        calls = []
        try:
            for _ in range(MAX_PLAY_STREAMS):
                call, _ = await ac.open_play_stream(stub)
                calls.append(call)
            extra_code = await self.extra_stream_code(stub)
            calls.pop(0).cancel()
            reused = False
            deadline = time.monotonic() + 3
            while not reused and time.monotonic() < deadline:
                try:
                    call, _ = await ac.open_play_stream(stub)
                    calls.append(call)
                    reused = True
                except (grpc.aio.AioRpcError, asyncio.TimeoutError):
                    await asyncio.sleep(0.1)
            return MAX_PLAY_STREAMS, extra_code, reused
        finally:
            ac.cancel_all(calls)
            await channel.close()

    async def extra_stream_code(self, stub):
        """Starts one stream more; returns its final code, or ANSWERED if it was served."""
        call = stub.PlayGame()
        try:
            await asyncio.wait_for(call.write(ac.start_message()), 5)
            reply = await asyncio.wait_for(call.read(), 5)
            if reply is not grpc.aio.EOF:
                return "ANSWERED"
        except grpc.aio.AioRpcError as error:
            return error.code().name
        except asyncio.TimeoutError:
            return "NO_ANSWER"
        finally:
            call.cancel()
        code = await ac.stream_status(call)
        return code.name if code else "NO_STATUS"

    def test_idle_stream_ends_with_deadline_exceeded(self):
        server = self.start_server(["--stream-idle-timeout-seconds=%d" % IDLE_TIMEOUT_S])
        idle_code, idle_end_s, busy_alive = ac.run_async(self.idle_and_busy(server))
        ac.figure(8, case="idle-timeout", timeout_s=IDLE_TIMEOUT_S, idle_code=idle_code,
                  idle_end_s=idle_end_s, busy_stream_alive=int(busy_alive))
        self.assertEqual(idle_code, "DEADLINE_EXCEEDED")
        self.assertGreaterEqual(idle_end_s, IDLE_TIMEOUT_S - 0.5)
        self.assertLess(idle_end_s, IDLE_TIMEOUT_S + 3)
        self.assertTrue(busy_alive, "a stream that sent a move every second was ended")

    async def idle_and_busy(self, server):
        """Returns (the idle stream's final code, seconds until it ended, whether the busy
        stream answered every move)."""
        channel = ac.aio_channel(server)
        stub = self.stub(channel)
        idle, _ = await ac.open_play_stream(stub)
        busy, _ = await ac.open_play_stream(stub)
        start = time.monotonic()

        async def idle_end():
            code = await ac.stream_status(idle, IDLE_TIMEOUT_S + 4)
            return code, time.monotonic() - start

        try:
            idle_task = asyncio.ensure_future(idle_end())
            busy_alive = True
            for move in ["h2e2", "h9g7", "h0g2", "i9h9"]:  # one a second
                await asyncio.sleep(1)
                try:
                    await asyncio.wait_for(busy.write(ac.PROTO.pb.PlayGameRequest(move=move)), 3)
                    reply = await asyncio.wait_for(busy.read(), 3)
                    busy_alive = busy_alive and reply is not grpc.aio.EOF
                except (grpc.aio.AioRpcError, asyncio.TimeoutError):
                    busy_alive = False
            code, ended_s = await idle_task
            return (code.name if code else "STILL_OPEN"), ended_s, busy_alive
        finally:
            idle.cancel()
            busy.cancel()
            await channel.close()


class ConnectionLimitTest(ac.ServerTestCase):

    def test_connections_over_the_limit_are_closed(self):
        server = self.start_server(["--max-connections=%d" % MAX_CONNECTIONS])
        sockets = ac.open_sockets(server.port, RAW_CONNECTIONS, send=HTTP2_PREFACE)
        try:
            time.sleep(1.0)
            closed = [ac.closed_by_peer(sock, wait=0.05) for sock in sockets]
        finally:
            ac.close_all(sockets)
        ac.figure(8, case="max-connections", limit=MAX_CONNECTIONS,
                  connections=RAW_CONNECTIONS, closed=sum(closed),
                  kept=RAW_CONNECTIONS - sum(closed))
        self.assertGreaterEqual(sum(closed), 15)
        self.assertGreaterEqual(RAW_CONNECTIONS - sum(closed), 10)
        self.assert_serving_soon(server)

    def assert_serving_soon(self, server):
        """The server answers again once the raw connections are gone (within 3 s)."""
        deadline = time.monotonic() + 3
        while True:
            try:
                self.assert_serving(server)
                return
            except (grpc.RpcError, AssertionError):
                if time.monotonic() > deadline or not server.alive():
                    raise
                time.sleep(0.2)


if __name__ == "__main__":
    ac.run_main()
