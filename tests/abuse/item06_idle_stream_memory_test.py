#!/usr/bin/python3
"""Abuse item 6: memory reserved up front by idle PlayGame streams.

Attack: with --max-history-plies=1048576, 1,000 PlayGame streams (over 20 connections, 50 each)
are started from the standard position and then left idle.
Checks: every stream gets the reply to its start, and RSS grows by < 30 MB in all: a stream's
memory follows its game, not the history limit. The attack stops as soon as the growth passes
the limit (the old server reserved ~100 MB per stream), so a failing server is never driven
into swapping; under --sanitized the RSS assertion is skipped but a 4 GB safety stop remains.
"""

import asyncio
import time

import abuse_common as ac

STREAMS = 1000
CHANNELS = 20
RSS_LIMIT_MB = 30
SAFETY_STOP_MB = 4096
TIME_LIMIT_S = 60


class IdleStreamMemoryTest(ac.ServerTestCase):

    def test_idle_streams_cost_memory_that_follows_the_game(self):
        server = self.start_server(["--max-history-plies=1048576"])
        stub = self.stub(self.open_channel(server))
        stub.Ping(ac.PROTO.pb.PingRequest(), timeout=5)
        opened, rss_before, rss_after, error = ac.run_async(self.open_idle_streams(server))
        growth = rss_after - rss_before
        ac.figure(6, streams=opened, wanted=STREAMS, max_history_plies=1048576,
                  rss_before_mb=rss_before, rss_after_mb=rss_after, rss_growth_mb=growth,
                  limit=RSS_LIMIT_MB, per_stream_kb=growth * 1024 / max(opened, 1))
        self.assertTrue(server.alive(), "the server died")
        if not self.skip_rss_check():
            self.assertLess(growth, RSS_LIMIT_MB,
                            "RSS grew by %.0f MB after %d idle streams" % (growth, opened))
        self.assertIsNone(error)
        self.assertEqual(opened, STREAMS)

    async def open_idle_streams(self, server):
        """Opens the streams one by one, watching RSS; returns (opened, rss before, rss after,
        error text or None)."""
        channels = [ac.aio_channel(server) for _ in range(CHANNELS)]
        stubs = [self.stub(channel) for channel in channels]
        calls = []
        error = None
        rss_before = server.rss_mb()
        start = time.monotonic()
        try:
            for i in range(STREAMS):
                try:
                    call, _ = await ac.open_play_stream(stubs[i % CHANNELS])
                except Exception as e:  # an error status or a timeout
                    error = "stream %d: %r" % (i + 1, e)
                    break
                calls.append(call)
                growth = server.rss_mb() - rss_before
                if not ac.ARGS.sanitized and growth > RSS_LIMIT_MB:
                    error = "RSS limit passed after %d streams" % len(calls)
                    break
                if growth > SAFETY_STOP_MB:
                    error = "safety stop: RSS grew by %.0f MB" % growth
                    break
                if time.monotonic() - start > TIME_LIMIT_S:
                    error = "opening the streams took over %d s" % TIME_LIMIT_S
                    break
            await asyncio.sleep(0.2)  # let the server settle the last streams
            rss_after = server.rss_mb()
        finally:
            ac.cancel_all(calls)
            for channel in channels:
                await channel.close()
        return len(calls), rss_before, rss_after, error


if __name__ == "__main__":
    ac.run_main()
