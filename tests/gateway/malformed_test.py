#!/usr/bin/python3
"""The gateway refuses what it must, in the contract's form, and keeps serving.

Attacks on the HTTP port of the real caipan-server (docs/gateway.md): malformed JSON, unknown
fields, wrong content types, unknown services and methods, bodies and heads over the limits
(a body's size is checked from Content-Length before the body is read), slow senders
(slow-loris), too many connections, too many requests from one address, cross-origin calls,
bad WebSocket frames, and the Connect-Timeout-Ms / grpc-timeout deadlines.
Checks: each refusal has the status, code and form the contract gives; after each attack the
server still answers /healthz, Ping over Connect and Ping over gRPC. Figures are printed as
`abuse item gateway-...: key=value` lines.
"""

import base64
import json
import socket
import struct
import time

import gateway_common as gc

BODY_LIMIT = 65536
ALLOWED_ORIGIN = "https://allowed.example"
CHECK_MOVE = "/%s/CheckMove" % gc.ADJUDICATION
GOOD_JSON = '{"xiangqi": {}, "move": "h2e2"}'


def pb():
    return gc.modules()


def connect_headers(content_type="application/json", length=None, extra=""):
    lines = ["Host: %s" % gc.HOST, "Content-Type: " + content_type, "Connect-Protocol-Version: 1"]
    if length is not None:
        lines.append("Content-Length: %d" % length)
    return "\r\n".join(lines) + ("\r\n" + extra if extra else "") + "\r\n"


def post_head(path, headers):
    return ("POST %s HTTP/1.1\r\n%s\r\n" % (path, headers)).encode()


def json_error(body):
    try:
        value = json.loads(body)
        return value if isinstance(value, dict) else {}
    except ValueError:
        return {}


class RequestFormTest(gc.GatewayTestCase):
    """Malformed requests on one server (64 KiB body limit, CORS for one origin)."""

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway([
            "--http-max-body-bytes=%d" % BODY_LIMIT, "--http-cors-origins=" + ALLOWED_ORIGIN,
            "--http-read-timeout-seconds=30"])

    def post(self, body, content_type="application/json", path=CHECK_MOVE, headers=None):
        all_headers = {"Content-Type": content_type, "Connect-Protocol-Version": "1"}
        all_headers.update(headers or {})
        if isinstance(body, str):
            body = body.encode()
        return gc.http_request(self.server.http_port, "POST", path, body, all_headers)

    def assert_connect_error(self, status, headers, body, code, http_status):
        self.assertEqual(status, http_status, body[:300])
        self.assertTrue(headers.get("content-type", "").startswith("application/json"),
                        headers.get("content-type"))
        try:
            json.loads(body.decode("utf-8"))
        except ValueError as problem:
            self.fail("the error body is not JSON in UTF-8 (%s): %r" % (problem, body[:300]))
        error = json_error(body)
        self.assertEqual(error.get("code"), code, body[:300])
        self.assertTrue(error.get("message", "").strip(), "an error without a message")
        return error

    def test_malformed_json_is_invalid_argument_naming_the_position(self):
        bodies = {
            "truncated": '{"xiangqi": {}, "move": "h2e2"',
            "not json": "move h2e2 please",
            "trailing comma": '{"xiangqi": {}, "move": "h2e2",}',
            "bad escape": '{"xiangqi": {}, "move": "h2\\qe2"}',
        }
        for label, body in bodies.items():
            status, headers, data = self.post(body)
            error = json_error(data)
            gc.figure("gateway-malformed", case="json " + label, status=status,
                      code=error.get("code"), message=repr(error.get("message", ""))[:120])
            with self.subTest(case=label):
                error = self.assert_connect_error(status, headers, data, "invalid_argument",
                                                  400)
                # A position: an offset, line or column, or a caret under the text.
                self.assertRegex(error["message"],
                                 r"(?i)(offset|position|line|column|byte|char)\D{0,3}\d|\n *\^",
                                 "the message names no position: %r" % error["message"])
        self.assert_gateway_serving(self.server)

    def test_json_of_the_wrong_shape_is_invalid_argument(self):
        bodies = {
            "array": "[1, 2]",
            "string for a message": '{"xiangqi": "start", "move": "h2e2"}',
            "number for a string": '{"xiangqi": {}, "move": 77}',
            "unknown enum": '{"xiangqi": {}, "move": "h2e2", "notation": "NOTATION_KLINGON"}',
            "int32 out of range": '{"xiangqi": {}, "move": "h2e2", '
                                  '"xiangqiRules": {"naturalLimitRounds": 99999999999}}',
            "both games": '{"xiangqi": {}, "gomoku": {}, "move": "h2e2"}',
        }
        for label, body in bodies.items():
            status, headers, data = self.post(body)
            error = json_error(data)
            gc.figure("gateway-malformed", case="json " + label, status=status,
                      code=error.get("code"), message=repr(error.get("message", ""))[:120])
            with self.subTest(case=label):
                self.assert_connect_error(status, headers, data, "invalid_argument", 400)
        # Invalid UTF-8 inside a JSON string.
        status, headers, data = self.post(b'{"xiangqi": {}, "move": "h2\xff\xfee2"}')
        gc.figure("gateway-malformed", case="json invalid utf-8", status=status,
                  code=json_error(data).get("code"))
        self.assert_connect_error(status, headers, data, "invalid_argument", 400)
        self.assert_gateway_serving(self.server)

    def test_unknown_fields_are_errors_naming_the_field(self):
        bodies = {
            "top level": ('{"xiangqi": {}, "move": "h2e2", "bogusField": 1}', "bogusField"),
            "nested": ('{"xiangqi": {"fen": "", "colour": "red"}, "move": "h2e2"}', "colour"),
            "snake and camel": ('{"xiangqi": {}, "move": "h2e2", "sideToMove": "SIDE_RED"}',
                                "sideToMove"),
        }
        for label, (body, field) in bodies.items():
            status, headers, data = self.post(body)
            error = json_error(data)
            gc.figure("gateway-malformed", case="unknown field " + label, status=status,
                      code=error.get("code"), message=repr(error.get("message", ""))[:120])
            with self.subTest(case=label):
                error = self.assert_connect_error(status, headers, data, "invalid_argument",
                                                  400)
                self.assertIn(field, error["message"])
        # The snake_case names protobuf's JSON parsers also accept are not unknown.
        status, _, data = self.post('{"xiangqi": {}, "move": "h2e2", "language": "zh", '
                                    '"xiangqi_rules": {}}')
        gc.figure("gateway-malformed", case="snake_case field name", status=status)
        self.assertEqual(status, 200, data[:300])
        self.assert_gateway_serving(self.server)

    def test_errors_carry_error_info_and_the_field_at_fault(self):
        # The Google API error model: a stable reason, and the request field at fault.
        status, headers, data = self.post(
            '{"xiangqi": {"moves": ["h2e2", "h2e2"]}, "move": "h9g7"}')
        error = self.assert_connect_error(status, headers, data, "invalid_argument", 400)
        details = {d["type"]: base64.b64decode(d["value"] + "=" * (-len(d["value"]) % 4))
                   for d in error.get("details", [])}
        gc.figure("gateway-malformed", case="error details", types=sorted(details))
        self.assertIn("google.rpc.ErrorInfo", details)
        self.assertIn(b"FIELD_INVALID", details["google.rpc.ErrorInfo"])
        self.assertIn(b"caipan", details["google.rpc.ErrorInfo"])
        self.assertIn("google.rpc.BadRequest", details)
        self.assertIn(b"xiangqi.moves[1]", details["google.rpc.BadRequest"])

    def test_malformed_binary_bodies(self):
        # A body that is not protobuf, as Connect binary and as a gRPC-Web frame.
        for body in (b"\xff\xff\xff", b"\x0a\x7f\x01"):
            status, headers, data = self.post(body, "application/proto")
            error = json_error(data)
            gc.figure("gateway-malformed", case="connect proto " + body.hex(), status=status,
                      code=error.get("code"))
            with self.subTest(protocol="connect-proto", body=body.hex()):
                self.assert_connect_error(status, headers, data, "invalid_argument", 400)
            frame = gc.envelope(0, body)
            status, headers, data = gc.http_request(
                self.server.http_port, "POST", CHECK_MOVE, frame,
                {"Content-Type": gc.GRPC_WEB, "X-Grpc-Web": "1"})
            trailers = self.grpc_web_trailers(headers, data)
            gc.figure("gateway-malformed", case="grpc-web " + body.hex(), status=status,
                      grpc_status=trailers.get("grpc-status"))
            with self.subTest(protocol="grpc-web", body=body.hex()):
                self.assertEqual(trailers.get("grpc-status"), "3", (headers, data[:300]))
        # gRPC-Web frames that lie about their length, or are cut.
        for label, body in {"cut frame": b"\x00\x00\x00\x00\x64abc",
                            "cut header": b"\x00\x00",
                            "two messages": gc.envelope(0, b"") * 2}.items():
            status, headers, data = gc.http_request(
                self.server.http_port, "POST", CHECK_MOVE, body,
                {"Content-Type": gc.GRPC_WEB, "X-Grpc-Web": "1"})
            trailers = self.grpc_web_trailers(headers, data)
            gc.figure("gateway-malformed", case="grpc-web " + label, status=status,
                      grpc_status=trailers.get("grpc-status"))
            with self.subTest(protocol="grpc-web", case=label):
                self.assertNotIn(trailers.get("grpc-status"), (None, "0"),
                                 "a malformed gRPC-Web body was served: %r" % data[:200])
        self.assert_gateway_serving(self.server)

    def grpc_web_trailers(self, headers, data):
        if "grpc-status" in headers:
            return headers
        trailers = {}
        pos = 0
        while pos + 5 <= len(data):
            flags, length = struct.unpack(">BI", data[pos:pos + 5])
            if flags & 0x80:
                trailers = gc.parse_trailers(data[pos + 5:pos + 5 + length])
            pos += 5 + length
        return trailers

    def test_server_header_names_the_version(self):
        version, _ = gc.ac.server_version()
        status, headers, _ = gc.http_request(self.server.http_port, "GET", "/healthz")
        _, rpc_headers, _ = self.post(GOOD_JSON)
        gc.figure("gateway-malformed", case="server header", server=headers.get("server"))
        self.assertEqual(status, 200)
        self.assertEqual(headers.get("server"), "caipan/" + version)
        self.assertEqual(rpc_headers.get("server"), "caipan/" + version)

    def test_unsupported_content_types_are_415(self):
        for content_type in ("text/plain", "application/x-www-form-urlencoded",
                             "application/xml", "application/json-seq", "multipart/form-data"):
            status, headers, data = self.post(GOOD_JSON, content_type)
            gc.figure("gateway-malformed", case="content type " + content_type, status=status,
                      body=repr(data[:80]))
            with self.subTest(content_type=content_type):
                self.assertEqual(status, 415, data[:300])
        status, _, data = gc.http_request(self.server.http_port, "POST", CHECK_MOVE,
                                          GOOD_JSON.encode(), {})
        gc.figure("gateway-malformed", case="no content type", status=status)
        self.assertEqual(status, 415, data[:300])
        self.assert_gateway_serving(self.server)

    def test_unknown_services_and_methods_are_unimplemented(self):
        paths = ["/%s/Nope" % gc.ADJUDICATION, "/caipan.v1.NoSuchService/Ping",
                 "/caipan.v2.AdjudicationService/Ping", "/%s/checkMove" % gc.ADJUDICATION]
        for path in paths:
            status, headers, data = self.post("{}", path=path)
            error = json_error(data)
            gc.figure("gateway-malformed", case="unknown " + path, status=status,
                      code=error.get("code"))
            with self.subTest(path=path, protocol="connect"):
                # The contract names the code; HTTP 404 (an unknown route) and 501 (the
                # status of unimplemented) both fit it.
                self.assertIn(status, (404, 501), data[:300])
                self.assertEqual(error.get("code"), "unimplemented", data[:300])
            status, headers, data = gc.http_request(
                self.server.http_port, "POST", path, gc.envelope(0, b""),
                {"Content-Type": gc.GRPC_WEB, "X-Grpc-Web": "1"})
            trailers = self.grpc_web_trailers(headers, data)
            gc.figure("gateway-malformed", case="grpc-web unknown " + path, status=status,
                      grpc_status=trailers.get("grpc-status"))
            with self.subTest(path=path, protocol="grpc-web"):
                self.assertEqual(trailers.get("grpc-status"), "12", (status, headers, data))
        for path in ("/ws/%s/Nope" % gc.GAMES, "/ws/%s/CheckMove" % gc.ADJUDICATION):
            with self.subTest(path=path, protocol="websocket"):
                with self.assertRaises(AssertionError) as refused:
                    gc.WebSocket(self.server.http_port, path).close()
                gc.figure("gateway-malformed", case="websocket " + path,
                          refused=str(refused.exception)[:60])
        self.assert_gateway_serving(self.server)

    def send_partial(self, head, body_part, timeout=5.0):
        """Sends a head and part of a body; returns (status, headers, body, seconds) of the
        answer that comes without the rest."""
        with socket.create_connection((gc.HOST, self.server.http_port), timeout=timeout) as s:
            start = time.monotonic()
            s.sendall(head + body_part)
            status, headers, body = gc.read_response(s, timeout)
            return status, headers, body, time.monotonic() - start

    def test_oversized_body_is_refused_before_it_is_read(self):
        # At the limit: served.
        padded = GOOD_JSON + " " * (BODY_LIMIT - len(GOOD_JSON))
        status, _, data = self.post(padded)
        gc.figure("gateway-malformed", case="body at the limit", bytes=len(padded),
                  status=status)
        self.assertEqual(status, 200, data[:300])
        # One byte over: refused.
        status, headers, data = self.post(padded + " ")
        gc.figure("gateway-malformed", case="body one byte over", bytes=len(padded) + 1,
                  status=status, code=json_error(data).get("code"))
        self.assert_connect_error(status, headers, data, "resource_exhausted", 413)
        # A Content-Length of 100 MiB with 16 bytes sent: the answer comes at once (the read
        # timeout is 30 s), without the body.
        for protocol, content_type in (("connect", "application/json"),
                                       ("grpc-web", gc.GRPC_WEB)):
            head = post_head(CHECK_MOVE, connect_headers(content_type, 100 << 20))
            status, headers, data, seconds = self.send_partial(head, b'{"move": "h2e2",')
            gc.figure("gateway-malformed", case="content-length 100 MiB " + protocol,
                      status=status, seconds=seconds)
            with self.subTest(protocol=protocol):
                self.assertLess(seconds, 3.0)
                if protocol == "connect":
                    self.assert_connect_error(status, headers, data, "resource_exhausted", 413)
                else:
                    # A gRPC-Web client reads the status from grpc-status, not from JSON.
                    trailers = self.grpc_web_trailers(headers, data)
                    self.assertEqual(trailers.get("grpc-status"), "8",
                                     "gRPC-Web refusal without grpc-status 8: HTTP %d %r %r" % (
                                         status, headers, data[:200]))
        self.assert_gateway_serving(self.server)

    def test_oversized_chunked_body_is_refused(self):
        head = post_head(CHECK_MOVE, connect_headers() + "Transfer-Encoding: chunked\r\n")
        sent = 0
        with socket.create_connection((gc.HOST, self.server.http_port), timeout=10) as s:
            s.sendall(head)
            chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"
            try:
                while sent < 4 * BODY_LIMIT and not gc.readable(s, 0.05):
                    s.sendall(chunk)
                    sent += 0x4000
            except OSError:
                pass
            status, headers, data = gc.read_response(s, 5)
        gc.figure("gateway-malformed", case="chunked body over the limit", sent=sent,
                  status=status, code=json_error(data).get("code"))
        self.assertLessEqual(sent, 2 * BODY_LIMIT, "the server read on past the limit")
        self.assert_connect_error(status, headers, data, "resource_exhausted", 413)
        self.assert_gateway_serving(self.server)

    def test_oversized_head_is_431(self):
        # A head of 8 KiB passes (default limit: 16 KiB).
        status, _, data = self.post(GOOD_JSON, headers={"X-Padding": "p" * 8000})
        gc.figure("gateway-malformed", case="8 KiB head", status=status)
        self.assertEqual(status, 200, data[:200])
        for label, extra in (("one 20 KiB header", "X-Padding: %s\r\n" % ("p" * 20000)),
                             ("400 headers", "".join("X-H%d: %s\r\n" % (i, "v" * 50)
                                                     for i in range(400)))):
            head = post_head(CHECK_MOVE, connect_headers(length=len(GOOD_JSON)) + extra)
            data, closed = gc.raw_exchange(self.server.http_port, head + GOOD_JSON.encode())
            status, _, _ = gc.parse_response_head(data)
            gc.figure("gateway-malformed", case="head " + label, head_bytes=len(head),
                      status=status, closed=closed)
            with self.subTest(case=label):
                self.assertEqual(status, 431, data[:200])
        # An endless request line.
        data, _ = gc.raw_exchange(self.server.http_port,
                                  b"GET /" + b"a" * 40000 + b" HTTP/1.1\r\n\r\n")
        status = gc.parse_response_head(data)[0]
        gc.figure("gateway-malformed", case="40 KB request line", status=status)
        self.assertIn(status, (414, 431), data[:200])
        self.assert_gateway_serving(self.server)

    def test_garbage_is_400_and_closed(self):
        for label, data in {"not http": b"HELLO THERE\r\n\r\n",
                            "binary": bytes(range(256)) * 4,
                            "bad content-length": post_head(
                                CHECK_MOVE, connect_headers(extra="Content-Length: -5"))}.items():
            answer, closed = gc.raw_exchange(self.server.http_port, data)
            status = gc.parse_response_head(answer)[0]
            gc.figure("gateway-malformed", case="garbage " + label, status=status,
                      closed=closed)
            with self.subTest(case=label):
                self.assertIn(status, (0, 400), answer[:200])
                self.assertTrue(closed, "the connection stayed open after garbage")
        self.assert_gateway_serving(self.server)

    def test_cors(self):
        request_headers = "content-type,connect-protocol-version,connect-timeout-ms"
        preflight = {"Origin": ALLOWED_ORIGIN, "Access-Control-Request-Method": "POST",
                     "Access-Control-Request-Headers": request_headers}
        status, headers, _ = gc.http_request(self.server.http_port, "OPTIONS", CHECK_MOVE,
                                             headers=preflight)
        gc.figure("gateway-cors", case="preflight allowed origin", status=status,
                  allow_origin=headers.get("access-control-allow-origin"),
                  allow_methods=repr(headers.get("access-control-allow-methods")),
                  allow_headers=repr(headers.get("access-control-allow-headers")))
        self.assertIn(status, (200, 204))
        self.assertIn(headers.get("access-control-allow-origin"), (ALLOWED_ORIGIN, "*"))
        self.assertIn("POST", headers.get("access-control-allow-methods", "").upper())
        allowed = headers.get("access-control-allow-headers", "").lower()
        for name in request_headers.split(","):
            self.assertTrue(name in allowed or allowed.strip() == "*",
                            "%s not in Access-Control-Allow-Headers %r" % (name, allowed))

        preflight["Origin"] = "https://evil.example"
        status, headers, _ = gc.http_request(self.server.http_port, "OPTIONS", CHECK_MOVE,
                                             headers=preflight)
        gc.figure("gateway-cors", case="preflight other origin", status=status,
                  allow_origin=headers.get("access-control-allow-origin"))
        self.assertNotIn("access-control-allow-origin", headers)

        for origin, allowed in ((ALLOWED_ORIGIN, True), ("https://evil.example", False)):
            status, headers, _ = self.post(GOOD_JSON, headers={"Origin": origin})
            gc.figure("gateway-cors", case="POST from " + origin, status=status,
                      allow_origin=headers.get("access-control-allow-origin"),
                      expose=repr(headers.get("access-control-expose-headers")))
            with self.subTest(origin=origin):
                if allowed:
                    self.assertEqual(status, 200)
                    self.assertIn(headers.get("access-control-allow-origin"),
                                  (ALLOWED_ORIGIN, "*"))
                else:
                    self.assertNotIn("access-control-allow-origin", headers)

        # Browsers let any page open a WebSocket: the gateway itself must check the Origin
        # (the pages' own origin and the allowed ones may open one, others may not).
        own = "http://%s:%d" % (gc.HOST, self.server.http_port)
        for origin, allowed in ((ALLOWED_ORIGIN, True), (own, True),
                                ("https://evil.example", False)):
            try:
                gc.WebSocket(self.server.http_port, gc.ws_path(gc.ADJUDICATION, "PlayGame"),
                             headers={"Origin": origin}).close()
                upgraded = True
            except AssertionError:
                upgraded = False
            gc.figure("gateway-cors", case="WebSocket from " + origin, upgraded=upgraded)
            with self.subTest(websocket_origin=origin):
                self.assertEqual(upgraded, allowed)
        self.assert_gateway_serving(self.server)

    def test_websocket_frames_that_break_the_contract(self):
        cases = [
            ("binary frame", lambda ws: ws.send_binary(b'{"message": {}}'),
             "invalid_argument", 1003),
            ("not json", lambda ws: ws.send_text("start the game please"),
             "invalid_argument", 1007),
            ("json array", lambda ws: ws.send_text("[1, 2, 3]"), "invalid_argument", 1007),
            ("unknown key", lambda ws: ws.send_text('{"msg": {}}'), "invalid_argument", 1007),
            ("message not an object", lambda ws: ws.send_text('{"message": 5}'),
             "invalid_argument", 1007),
            ("message and end", lambda ws: ws.send_text('{"message": {}, "end": {}}'),
             "invalid_argument", 1007),
            # The WebSocket layer itself refuses these: it closes at once, with no end frame.
            ("invalid utf-8", lambda ws: ws.send_frame(0x1, b'{"message": "\xff\xfe"}'),
             None, 1007),
            ("over the limit", lambda ws: ws.send_text(
                '{"message": {"start": {"xiangqi": {"fen": "%s"}}}}' % ("x" * BODY_LIMIT)),
             None, 1009),
            ("fragments over the limit", self.send_fragments, None, 1009),
            ("declared 1 GiB", lambda ws: ws.sock.sendall(
                ws.frame_bytes(0x1, b'{"message": {', length=1 << 30)),
             None, 1009),
        ]
        adj = pb()[0]
        for label, attack, code, close_code in cases:
            ws = gc.WebSocket(self.server.http_port, gc.ws_path(gc.ADJUDICATION, "PlayGame"))
            self.addCleanup(ws.close)
            start = time.monotonic()
            try:
                attack(ws)
            except OSError:
                pass
            try:
                messages, end, close = gc.ws_collect(ws, adj.PlayGameResponse, timeout=5)
            except (gc.WebSocketClosed, socket.timeout, OSError) as error:
                messages, end, close = [], None, "no close frame (%s)" % error
            seconds = time.monotonic() - start
            gc.figure("gateway-websocket", case=label, end=end.code if end else None,
                      message=repr(end.message if end else "")[:100], close=close,
                      close_reason=repr(ws.close_reason), seconds=seconds)
            with self.subTest(case=label):
                self.assertEqual(messages, [])
                if code is None:
                    self.assertIsNone(end)
                else:
                    self.assertIsNotNone(end, "no end frame before the close")
                    self.assertEqual(end.code, code, end)
                self.assertEqual(close, close_code)
                self.assertLess(seconds, 4.0)
            ws.close()
        self.assert_gateway_serving(self.server)

    def send_fragments(self, ws):
        piece = b" " * 16384
        ws.send_frame(0x1, b'{"message": {"start": {}}' + piece, fin=False)
        for _ in range(BODY_LIMIT // len(piece) + 1):
            ws.send_frame(0x0, piece, fin=False)
        ws.send_frame(0x0, b"}", fin=True)

    def test_websocket_requests_the_service_refuses(self):
        adj = pb()[0]
        response_type = adj.PlayGameResponse
        ws = gc.WebSocket(self.server.http_port, gc.ws_path(gc.ADJUDICATION, "PlayGame"))
        self.addCleanup(ws.close)
        ws.send_text('{"message": {"start": {"xiangqi": {}}, "bogusField": true}}')
        messages, end, close = gc.ws_collect(ws, response_type, timeout=5)
        gc.figure("gateway-websocket", case="unknown field in a message",
                  end=end.code if end else None, message=repr(end.message if end else ""),
                  close=close)
        self.assertIsNotNone(end)
        self.assertEqual(end.code, "invalid_argument")
        self.assertIn("bogusField", end.message)
        self.assertIn(close, (1000, 1007))

        # WatchGame: a second request frame is an error.
        _, g, _, _, _ = pb()
        created = gc.connect_unary(self.server.http_port, gc.GAMES, "CreateGame",
                                   g.CreateGameRequest(kind=g.GAME_KIND_XIANGQI))
        self.assertEqual(created.code, "ok", created)
        ws = gc.WebSocket(self.server.http_port, gc.ws_path(gc.GAMES, "WatchGame"))
        self.addCleanup(ws.close)
        ws.send_json({"message": {"name": created.response.game.name}})
        snapshot, _, _ = gc.ws_collect(ws, g.WatchGameResponse, count=1)
        self.assertTrue(snapshot and snapshot[0].HasField("snapshot"))
        ws.send_json({"message": {"name": created.response.game.name}})
        messages, end, close = gc.ws_collect(ws, g.WatchGameResponse, timeout=5)
        gc.figure("gateway-websocket", case="second WatchGame request",
                  end=end.code if end else None, message=repr(end.message if end else ""),
                  close=close)
        self.assertIsNotNone(end)
        self.assertNotEqual(end.code, "ok")
        # The contract: a message the call cannot take (here a second WatchGame request)
        # breaks its policy: an end with the error, then close 1008.
        self.assertEqual(end.code, "invalid_argument")
        self.assertEqual(close, 1008)
        self.assert_gateway_serving(self.server)

class DeadlineTest(gc.GatewayTestCase):
    """Connect-Timeout-Ms and grpc-timeout bound a call that takes two seconds natively (a long
    annotated record: the server is started with room for one). The call must end well before
    it would have finished (the bound leaves room for decoding a large request on a loaded
    machine)."""

    MAX_PLIES = 1 << 20

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway([
            "--max-history-plies=%d" % cls.MAX_PLIES, "--max-message-bytes=%d" % (256 << 20),
            "--http-max-body-bytes=%d" % (64 << 20)])

    def test_deadlines_are_honoured(self):
        channel = self.open_channel(self.server)
        stub = self.stub(channel)
        plies, native_ms = gc.ac.calibrate_long_game(stub, 2000, 4096, self.MAX_PLIES)
        request = gc.ac.long_game_request(plies)
        results = {}
        for label, protocol, headers in (
                ("Connect-Timeout-Ms 100 proto", "connect-proto",
                 {"Connect-Timeout-Ms": "100"}),
                ("grpc-timeout 100m", "grpc-web", {"grpc-timeout": "100m"}),
                ("grpc-timeout 100m text", "grpc-web-text", {"grpc-timeout": "100m"}),
                ("Connect-Timeout-Ms 100 json", "connect-json", {"Connect-Timeout-Ms": "100"})):
            start = time.monotonic()
            outcome = gc.call(protocol, self.server, gc.ADJUDICATION, "AdjudicateGame",
                              request, headers=headers, timeout=30)
            ms = (time.monotonic() - start) * 1000
            results[label] = (outcome.code, ms)
            gc.figure("gateway-deadline", case=label, plies=plies, native_ms=native_ms,
                      code=outcome.code, http=outcome.http_status, ms=ms)
            with self.subTest(case=label):
                self.assertEqual(outcome.code, "deadline_exceeded", outcome)
                self.assertLess(ms, 100 + native_ms / 2)
        # A generous timeout is not misread: the same call is served.
        start = time.monotonic()
        outcome = gc.call("connect-proto", self.server, gc.ADJUDICATION, "AdjudicateGame",
                          request, headers={"Connect-Timeout-Ms": "60000"}, timeout=60)
        gc.figure("gateway-deadline", case="Connect-Timeout-Ms 60000", code=outcome.code,
                  ms=(time.monotonic() - start) * 1000)
        self.assertEqual(outcome.code, "ok", outcome)
        self.assert_gateway_serving(self.server)


class SlowSenderTest(gc.GatewayTestCase):
    """--http-read-timeout-seconds=2: a request sent slowly is cut off; an idle keep-alive
    connection is closed after --http-idle-timeout-seconds."""

    READ_TIMEOUT = 2
    IDLE_TIMEOUT = 3

    @classmethod
    def setUpClass(cls):
        cls.server = cls.start_class_gateway([
            "--http-read-timeout-seconds=%d" % cls.READ_TIMEOUT,
            "--http-idle-timeout-seconds=%d" % cls.IDLE_TIMEOUT])

    def trickle(self, payloads, interval=0.25, limit=12.0):
        """Sends each payload one byte every `interval` seconds over its own connection;
        returns the seconds after which each connection was closed (None: still open)."""
        sockets = [socket.create_connection((gc.HOST, self.server.http_port), timeout=5)
                   for _ in payloads]
        start = time.monotonic()
        closed = [None] * len(sockets)
        position = [0] * len(sockets)
        healthy_during = None
        try:
            while time.monotonic() - start < limit and None in closed:
                for i, sock in enumerate(sockets):
                    if closed[i] is not None:
                        continue
                    if gc.ac.closed_by_peer(sock, 0):
                        closed[i] = time.monotonic() - start
                        continue
                    if position[i] < len(payloads[i]):
                        try:
                            sock.sendall(payloads[i][position[i]:position[i] + 1])
                            position[i] += 1
                        except OSError:
                            closed[i] = time.monotonic() - start
                if healthy_during is None and time.monotonic() - start > 1.0:
                    status, _, body = gc.http_request(self.server.http_port, "GET", "/healthz",
                                                      timeout=3)
                    healthy_during = (status, body.strip())
                time.sleep(interval)
        finally:
            gc.ac.close_all(sockets)
        return closed, position, healthy_during

    def test_slow_heads_and_bodies_are_cut_off(self):
        head = post_head(CHECK_MOVE, connect_headers(length=len(GOOD_JSON)))
        # Eight connections sending a request byte by byte, four bytes a second: each byte
        # comes well within the read timeout, the whole request never does.
        closed, sent, healthy = self.trickle([head + GOOD_JSON.encode()] * 8)
        cuts = [c for c in closed if c is not None]
        gc.figure("gateway-slowloris", connections=len(closed), read_timeout=self.READ_TIMEOUT,
                  first_cut=min(cuts) if cuts else None, last_cut=max(cuts) if cuts else None,
                  still_open=closed.count(None), bytes_sent_max=max(sent),
                  healthy_during=healthy)
        self.assertEqual(closed.count(None), 0, "slow senders still connected: %r" % closed)
        self.assertLessEqual(max(closed), self.READ_TIMEOUT + 2.5)
        self.assertGreaterEqual(min(closed), self.READ_TIMEOUT * 0.75)
        self.assertEqual(healthy, (200, b"ok"))

        # Head sent at once, body trickled.
        with socket.create_connection((gc.HOST, self.server.http_port), timeout=5) as sock:
            sock.sendall(head)
            start = time.monotonic()
            cut = None
            for byte in GOOD_JSON.encode() * 4:
                if gc.ac.closed_by_peer(sock, 0):
                    cut = time.monotonic() - start
                    break
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    cut = time.monotonic() - start
                    break
                time.sleep(0.25)
                if time.monotonic() - start > 12:
                    break
        gc.figure("gateway-slowloris", case="slow body", cut_after=cut)
        self.assertIsNotNone(cut, "a body trickled for 12 s was not cut off")
        self.assertLessEqual(cut, self.READ_TIMEOUT + 2.5)
        self.assert_gateway_serving(self.server)

    def test_idle_keep_alive_connection_is_closed(self):
        conn = gc.connection(self.server.http_port, timeout=10)
        self.addCleanup(conn.close)
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        response.read()
        self.assertEqual(response.status, 200)
        start = time.monotonic()
        closed = gc.ac.closed_by_peer(conn.sock, self.IDLE_TIMEOUT + 3)
        seconds = time.monotonic() - start
        gc.figure("gateway-slowloris", case="idle keep-alive", idle_timeout=self.IDLE_TIMEOUT,
                  closed=closed, seconds=seconds)
        self.assertTrue(closed)
        self.assertGreaterEqual(seconds, self.IDLE_TIMEOUT * 0.75)
        self.assert_gateway_serving(self.server)


class ConnectionLimitTest(gc.GatewayTestCase):

    LIMIT = 4

    def test_connections_over_the_limit_are_closed(self):
        server = self.start_gateway(["--http-max-connections=%d" % self.LIMIT,
                                     "--http-read-timeout-seconds=30",
                                     "--http-idle-timeout-seconds=60"])
        held = []
        for _ in range(self.LIMIT):
            conn = gc.connection(server.http_port, timeout=5)
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            self.assertEqual(response.status, 200)
            held.append(conn)
        try:
            extra = socket.create_connection((gc.HOST, server.http_port), timeout=5)
            try:
                extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            except OSError:
                pass
            answer, closed = gc.read_until_close(extra, 3.0)
            extra.close()
            status = gc.parse_response_head(answer)[0]
            gc.figure("gateway-connections", limit=self.LIMIT, held=len(held),
                      extra_closed=closed, extra_status=status)
            self.assertTrue(closed, "connection %d stayed open" % (self.LIMIT + 1))
            self.assertNotEqual(status, 200, "connection %d was served" % (self.LIMIT + 1))
            # The held connections still work.
            held[0].request("GET", "/healthz")
            response = held[0].getresponse()
            self.assertEqual((response.status, response.read().strip()), (200, b"ok"))
        finally:
            for conn in held:
                conn.close()
        # Once they are gone, new connections are served again.
        deadline = time.monotonic() + 5
        while True:
            try:
                status, _, _ = gc.http_request(server.http_port, "GET", "/healthz", timeout=2)
                if status == 200:
                    break
            except (OSError, gc.http.client.HTTPException):
                pass
            self.assertLess(time.monotonic(), deadline, "no connection served after the hold")
            time.sleep(0.1)
        self.assert_gateway_serving(server)


class RateLimitTest(gc.GatewayTestCase):

    RATE = 5

    def test_too_many_requests_from_one_address(self):
        server = self.start_gateway(["--http-rate-limit=%d" % self.RATE])
        ping = pb()[0].PingRequest()
        statuses, retry_after, error = [], None, None
        start = time.monotonic()
        for _ in range(8 * self.RATE):
            status, headers, body = gc.http_request(
                server.http_port, "POST", "/%s/Ping" % gc.ADJUDICATION, b"{}",
                {"Content-Type": "application/json", "Connect-Protocol-Version": "1"})
            statuses.append(status)
            if status == 429 and retry_after is None:
                retry_after = headers.get("retry-after")
                error = json_error(body)
        seconds = time.monotonic() - start
        served = statuses.count(200)
        gc.figure("gateway-rate", rate=self.RATE, sent=len(statuses), served=served,
                  refused=statuses.count(429), seconds=seconds, retry_after=retry_after,
                  code=error.get("code") if error else None)
        self.assertIn(429, statuses)
        self.assertEqual(set(statuses) - {200, 429}, set())
        self.assertGreaterEqual(served, 2 * self.RATE * 0.9, "the burst is twice the rate")
        self.assertLessEqual(served, 2 * self.RATE + self.RATE * seconds + 2)
        self.assertEqual(error.get("code"), "resource_exhausted")
        self.assertTrue(retry_after and retry_after.strip().isdigit(),
                        "Retry-After %r" % retry_after)

        # Another address is not limited by the first one's calls.
        status, _, _ = gc.http_request(server.http_port, "GET", "/healthz", source="127.0.0.2")
        other = gc.connect_unary(server.http_port, gc.ADJUDICATION, "Ping", ping,
                                 source="127.0.0.2")
        gc.figure("gateway-rate", case="other address", healthz=status, ping=other.code)
        self.assertEqual(other.code, "ok")

        # gRPC-Web calls count too, and are refused in their own form (grpc-status).
        with self.subTest(case="grpc-web while limited"):
            status, headers, body = gc.http_request(
                server.http_port, "POST", "/%s/Ping" % gc.ADJUDICATION, gc.envelope(0, b""),
                {"Content-Type": gc.GRPC_WEB, "X-Grpc-Web": "1"})
            gc.figure("gateway-rate", case="grpc-web while limited", status=status,
                      grpc_status=headers.get("grpc-status"),
                      content_type=headers.get("content-type"))
            refused = gc.grpc_web_unary(server.http_port, gc.ADJUDICATION, "Ping", ping)
            self.assertEqual(refused.code, "resource_exhausted")

        # After Retry-After seconds, served again.
        time.sleep(min(float(retry_after), 5.0) + 0.2)
        again = gc.connect_unary(server.http_port, gc.ADJUDICATION, "Ping", ping)
        gc.figure("gateway-rate", case="after Retry-After", code=again.code)
        self.assertEqual(again.code, "ok")
        time.sleep(2.0)
        self.assert_gateway_serving(server)

    def test_websocket_messages_count(self):
        server = self.start_gateway(["--http-rate-limit=%d" % self.RATE])
        adj = pb()[0]
        ws = gc.WebSocket(server.http_port, gc.ws_path(gc.ADJUDICATION, "PlayGame"),
                          source="127.0.0.3")
        self.addCleanup(ws.close)
        ws.send_json({"message": {"start": {"xiangqi": {}}}})
        moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] * 6
        start = time.monotonic()
        for move in moves:
            try:
                ws.send_json({"message": {"move": move}})
            except OSError:
                break
        try:
            ws.send_json({"end": {}})
        except OSError:
            pass
        messages, end, close = [], None, None
        try:
            messages, end, close = gc.ws_collect(ws, adj.PlayGameResponse, timeout=20)
        except (gc.WebSocketClosed, socket.timeout) as error:
            close = "no close frame (%s)" % error
        seconds = time.monotonic() - start
        gc.figure("gateway-rate", case="websocket messages", sent=len(moves) + 2,
                  answered=len(messages), end=end.code if end else None, close=close,
                  seconds=seconds)
        # Either slowed down to the rate (every message answered, over several seconds) or
        # ended with resource_exhausted: never served faster than the limit allows.
        if end is not None and end.code == "ok":
            self.assertEqual(len(messages), len(moves) + 1)
            self.assertGreaterEqual(seconds, (len(moves) + 3 - 2 * self.RATE) / self.RATE * 0.8)
        else:
            self.assertIsNotNone(end)
            self.assertEqual(end.code, "resource_exhausted")
        time.sleep(2.0)
        self.assert_gateway_serving(server)


class DefaultCorsTest(gc.GatewayTestCase):
    """Without --http-cors-origins no origin is allowed."""

    def test_no_origin_allowed_by_default(self):
        server = self.start_gateway()
        status, headers, _ = gc.http_request(
            server.http_port, "OPTIONS", CHECK_MOVE,
            headers={"Origin": ALLOWED_ORIGIN, "Access-Control-Request-Method": "POST",
                     "Access-Control-Request-Headers": "content-type"})
        gc.figure("gateway-cors", case="default preflight", status=status,
                  allow_origin=headers.get("access-control-allow-origin"))
        self.assertNotIn("access-control-allow-origin", headers)
        self.assert_gateway_serving(server)


if __name__ == "__main__":
    gc.run_main()
