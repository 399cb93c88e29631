#!/usr/bin/python3
"""Abuse item 2: a label explosion in /metrics through distinct unknown method names.

Attack: 2,000 calls, each to a different unknown method (/abuse.S<i>/M<i>), then a scrape.
Checks: /metrics stays under 64 KB, the unknown calls are counted under the single label
method="unknown", no attacker-chosen name appears, and known methods keep their full names
(/caipan.v1.AdjudicationService/Ping). Besides: the build-info series and the `listening` log
line carry the version and commit that `--version` prints.
"""

import re

import grpc

import abuse_common as ac

UNKNOWN_CALLS = 2000
# The body holds a fixed set of series per method the server serves (about 3.5 KiB each: the
# three services' 37 methods, health's and reflection's) plus one "unknown" label: bounded,
# whatever the callers send.
METRICS_LIMIT_BYTES = 192 * 1024
# What 2000 calls to distinct unknown methods may add: one set of series, once.
METRICS_GROWTH_LIMIT_BYTES = 8 * 1024


class MetricsLabelTest(ac.ServerTestCase):

    def test_unknown_methods_share_one_label(self):
        server = self.start_server()
        channel = self.open_channel(server)
        self.stub(channel).Ping(ac.PROTO.pb.PingRequest(), timeout=5)
        status, before, _ = ac.http_get(server.metrics_port)
        self.assertEqual(status, 200)
        codes = set()
        for i in range(UNKNOWN_CALLS):
            code, _, _ = ac.rpc_code(ac.raw_unary, channel, "/abuse.S%d/M%d" % (i, i), b"",
                                     timeout=5)
            codes.add(code)
        self.assertEqual(codes, {grpc.StatusCode.UNIMPLEMENTED})
        status, body, elapsed = ac.http_get(server.metrics_port, timeout=10)
        text = body.decode("utf-8", "replace")
        ac.figure(2, unknown_methods=UNKNOWN_CALLS, metrics_bytes_before=len(before),
                  metrics_bytes=len(body), limit=METRICS_LIMIT_BYTES,
                  scrape_ms=elapsed * 1000)
        self.assertEqual(status, 200)
        self.assertLess(len(body), METRICS_LIMIT_BYTES)
        self.assertLess(len(body) - len(before), METRICS_GROWTH_LIMIT_BYTES)
        self.assertNotIn("abuse.S", text, "attacker-chosen method names became labels")
        self.assertIn('method="unknown"', text)
        self.assertIn('method="/caipan.v1.AdjudicationService/Ping"', text)
        self.assert_serving(server, channel)

    def test_build_info_names_version_and_commit(self):
        version, commit = ac.server_version()
        server = self.start_server()
        status, body, _ = ac.http_get(server.metrics_port)
        text = body.decode("utf-8", "replace")
        series = re.findall(r"^caipan_build_info\{(.*)\} (\S+)$", text, re.MULTILINE)
        listening = next(line for _, line in server.log_lines() if "event=listening" in line)
        ac.figure(2, case="build-info", series=series, version=version, commit=commit)
        self.assertEqual(status, 200)
        self.assertEqual(len(series), 1, text[:2000])
        labels = dict(re.findall(r'(\w+)="([^"]*)"', series[0][0]))
        self.assertEqual(labels, {"version": version, "commit": commit})
        self.assertEqual(float(series[0][1]), 1.0)
        self.assertIn(" version=%s " % version, listening + " ")
        self.assertIn(" commit=%s " % commit, listening + " ")


if __name__ == "__main__":
    ac.run_main()
