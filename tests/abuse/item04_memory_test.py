#!/usr/bin/python3
"""Abuse item 4: memory held on behalf of oversized or endlessly varied positions.

Attacks:
- 100 CheckMove calls (the issue used 300), each with a valid FEN followed by 3.9 MB of
  trailing spaces (every one a different length) and one move of history: the old server kept
  each FEN as a position cache key.
- 1,500 CheckMove calls with the same 1,024-ply history written 1,500 different ways (move
  texts padded with spaces to 60 bytes), with --position-cache-bytes=4194304: a cache keyed on
  the request text holds ~65 KB per call; one keyed on the canonical position holds one entry.
Checks: the padded FEN is rejected with INVALID_ARGUMENT naming xiangqi.fen in a short message,
and RSS grows by < 50 MB; the varied histories are answered and RSS grows by less than the
cache budget plus 30 MB of slack. (RSS assertions are skipped under --sanitized.)
"""

import time

import grpc

import abuse_common as ac

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
PADDED_CALLS = 100
PAD_BYTES = 3_900_000
PADDED_RSS_LIMIT_MB = 50

CACHE_BYTES = 4 << 20
CACHE_SLACK_MB = 30
VARIANT_CALLS = 1500
HISTORY_PLIES = 1024
PADDED_MOVE_BYTES = 60
TIME_LIMIT_S = 60


def padded_history(variant):
    """The 1,024-ply shuffle, its first three move texts padded by amounts spelled by
    `variant` (distinct for every variant below 53**3), the others padded to 60 bytes."""
    moves = ac.long_game_moves(HISTORY_PLIES)
    texts = []
    for ply, move in enumerate(moves):
        pad = PADDED_MOVE_BYTES - len(move)
        if ply < 3:
            pad = (variant // 53 ** ply) % 53
        texts.append(move + " " * pad)
    return texts


class MemoryTest(ac.ServerTestCase):

    def test_padded_fen_is_rejected_without_growing_memory(self):
        server = self.start_server()
        stub = self.stub(self.open_channel(server))
        pb, xq = ac.PROTO.pb, ac.PROTO.xq
        stub.CheckMove(pb.CheckMoveRequest(xiangqi=xq.XiangqiPosition(fen=FEN), move="h2e2"),
                       timeout=5)
        rss_before = server.rss_mb()
        codes, details, start = {}, "", time.monotonic()
        for i in range(PADDED_CALLS):
            if time.monotonic() - start > TIME_LIMIT_S:
                self.fail("the padded calls took over %d s" % TIME_LIMIT_S)
            request = pb.CheckMoveRequest(
                xiangqi=xq.XiangqiPosition(fen=FEN + " " * (PAD_BYTES + i), moves=["h2e2"]),
                move="h9g7")
            code, text, _ = ac.rpc_code(stub.CheckMove, request, timeout=10)
            codes[code.name] = codes.get(code.name, 0) + 1
            details = details or text
        rss_after = server.rss_mb()
        ac.figure(4, case="padded-fen", calls=PADDED_CALLS, request_mb=PAD_BYTES / 1e6,
                  codes=",".join("%s:%d" % kv for kv in sorted(codes.items())),
                  message_bytes=len(ac.details_bytes(details)))
        ac.figure(4, case="padded-fen", rss_before_mb=rss_before, rss_after_mb=rss_after,
                  rss_growth_mb=rss_after - rss_before, limit=PADDED_RSS_LIMIT_MB)
        self.assertEqual(codes, {"INVALID_ARGUMENT": PADDED_CALLS})
        self.assertIn("xiangqi.fen", details)
        self.assertLess(len(ac.details_bytes(details)), 300)
        self.assertTrue(server.alive())
        if not self.skip_rss_check():
            self.assertLess(rss_after - rss_before, PADDED_RSS_LIMIT_MB)

    def test_varied_texts_of_one_history_stay_within_the_cache_budget(self):
        server = self.start_server(["--position-cache-bytes=%d" % CACHE_BYTES])
        stub = self.stub(self.open_channel(server))
        pb, xq = ac.PROTO.pb, ac.PROTO.xq
        stub.CheckMove(pb.CheckMoveRequest(xiangqi=xq.XiangqiPosition(moves=["h2e2"]),
                                           move="h9g7"), timeout=5)
        rss_before = server.rss_mb()
        legal, start = 0, time.monotonic()
        request_bytes = 0
        for variant in range(VARIANT_CALLS):
            if time.monotonic() - start > TIME_LIMIT_S:
                self.fail("the history calls took over %d s" % TIME_LIMIT_S)
            # Claim mode: the shuffle's repetitions decide nothing, so the move is checked
            # against the position the cache holds.
            request = pb.CheckMoveRequest(
                xiangqi=xq.XiangqiPosition(moves=padded_history(variant)), move="h2e2",
                xiangqi_rules=xq.XiangqiRuleOptions(
                    mode=xq.XIANGQI_ADJUDICATION_MODE_CLAIM))
            request_bytes = request.ByteSize()
            try:
                legal += stub.CheckMove(request, timeout=10).check.legal
            except grpc.RpcError as error:
                self.fail("history variant %d: %s %s" % (variant, error.code(), error.details()))
        rss_after = server.rss_mb()
        limit = CACHE_BYTES / 2 ** 20 + CACHE_SLACK_MB
        ac.figure(4, case="history-variants", calls=VARIANT_CALLS, legal=legal,
                  request_kb=request_bytes / 1024.0, cache_mb=CACHE_BYTES / 2 ** 20)
        ac.figure(4, case="history-variants", rss_before_mb=rss_before,
                  rss_after_mb=rss_after, rss_growth_mb=rss_after - rss_before, limit=limit)
        self.assertEqual(legal, VARIANT_CALLS)
        if not self.skip_rss_check():
            self.assertLess(rss_after - rss_before, limit)


if __name__ == "__main__":
    ac.run_main()
