#!/usr/bin/python3
"""Abuse item 19: the pages' Content-Security-Policy and where it lets them connect.

Attack: a script injected into a board page (or a page's own bug) opens a WebSocket or a fetch
to another host, to send a player's token away; `connect-src 'self' ws: wss:` allowed any
WebSocket host.
Checks: every page the gateway serves (built in, and from --web-root) carries one
Content-Security-Policy whose connect-src allows only 'self' (which covers ws: and wss: to the
page's own host and port in CSP Level 3, as Chromium and Firefox implement it): no scheme
source (ws: wss: http: https:), no host, no wildcard; default-src is 'self' and frame-ancestors
'none'. The pages' own WebSocket URL is built from location.host (web/js/api.js), so 'self'
covers it.
"""

import os
import re
import tempfile

import abuse_common as ac

PAGES = ["/", "/index.html", "/xiangqi.html", "/gomoku.html", "/arbiter.html",
         "/analysis.html", "/tournament.html", "/js/api.js"]
WEB_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web")


def get_headers(port, path):
    """(status, [(lower-case name, value)]) of a GET."""
    import http.client
    connection = http.client.HTTPConnection(ac.HOST, port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, [(k.lower(), v) for k, v in response.getheaders()]
    finally:
        connection.close()


def directives(policy):
    """{directive: [sources]} of a CSP header value."""
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = words[1:]
    return out


class CspTest(ac.ServerTestCase):

    def check_pages(self, server, pages):
        policies = set()
        for path in pages:
            status, headers = get_headers(server.http_port, path)
            self.assertEqual(status, 200, path)
            values = [v for k, v in headers if k == "content-security-policy"]
            self.assertEqual(len(values), 1, "%s: %r" % (path, values))
            policies.add(values[0])
            policy = directives(values[0])
            self.assertEqual(policy.get("connect-src"), ["'self'"],
                             "%s: connect-src %r" % (path, policy.get("connect-src")))
            self.assertEqual(policy.get("default-src"), ["'self'"], path)
            self.assertEqual(policy.get("frame-ancestors"), ["'none'"], path)
            for directive, sources in policy.items():
                for source in sources:
                    self.assertFalse(re.fullmatch(r"[a-z][a-z0-9+.-]*:", source)
                                     and source != "data:",
                                     "%s: %s allows the scheme %s" % (path, directive, source))
                    self.assertNotIn("*", source, "%s: %s" % (path, directive))
        return policies

    def test_built_in_pages(self):
        server = self.start_server()
        policies = self.check_pages(server, PAGES)
        ac.figure(19, pages=len(PAGES), policy='"%s"' % policies.pop())

    def test_web_root_pages(self):
        if not os.path.isdir(WEB_DIR):
            self.skipTest("no web/ beside the tests")
        with tempfile.TemporaryDirectory(prefix="caipan-item19-") as folder:
            # A page big enough to be streamed carries the same headers.
            root = os.path.join(folder, "web")
            os.makedirs(root)
            with open(os.path.join(root, "index.html"), "w") as f:
                f.write("<!doctype html>\n" + "<!-- padding -->\n" * 8192)
            server = self.start_server(["--web-root=" + root])
            self.check_pages(server, ["/", "/index.html"])
        server = self.start_server(["--web-root=" + WEB_DIR])
        self.check_pages(server, PAGES)


if __name__ == "__main__":
    ac.run_main()
