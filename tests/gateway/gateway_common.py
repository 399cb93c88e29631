"""Shared helpers of the HTTP gateway tests (tests/gateway/*_test.py).

The gateway (docs/gateway.md) serves caipan's gRPC API to browsers: Connect (JSON and binary,
unary and server streaming), gRPC-Web (binary and text) and WebSocket streams. These tests play
it against the real caipan-server binary and compare it with the native gRPC port of the same
process. This module builds on tests/abuse/abuse_common.py (command line, generated client,
`Server`, figures) and adds:

- `GatewayServer`: caipan-server with the gateway on a free loopback port, an in-memory store
  and an arbiter token;
- one `Outcome` (code, message, response) per call, whatever the protocol: `native_unary`,
  `connect_unary`, `grpc_web_unary`, so that answers compare field by field;
- the streaming forms: `native_watch`, `connect_stream`, `grpc_web_stream`;
- `WebSocket`: a small RFC 6455 client on a raw socket (it can also send what a browser never
  would: binary frames, oversized lengths), and `ws_call` for the gateway's JSON frames;
- raw HTTP helpers for requests no ordinary client sends.

Only 127.0.0.1 is ever a target. Every wait is bounded.
"""

import base64
import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import struct
import sys
import tempfile
import time
import urllib.parse

import grpc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "abuse"))
import abuse_common as ac  # noqa: E402  (the path above first)

from google.protobuf import json_format  # noqa: E402

HOST = ac.HOST
read_until_close = ac.read_until_close
ADJUDICATION = "caipan.v1.AdjudicationService"
GAMES = "caipan.v1.GameService"
ARBITER_TOKEN = "arbiter-gateway-test-token-0001"

# The HTTP status Connect gives each code (docs/gateway.md, "Errors").
CONNECT_HTTP_STATUS = {
    "invalid_argument": 400, "unauthenticated": 401, "permission_denied": 403,
    "not_found": 404, "deadline_exceeded": 408, "already_exists": 409, "aborted": 409,
    "failed_precondition": 412, "resource_exhausted": 429, "canceled": 499,
    "unimplemented": 501, "unavailable": 503,
}

# gRPC-Web content types and their text form.
GRPC_WEB = "application/grpc-web+proto"
GRPC_WEB_TEXT = "application/grpc-web-text"


def run_main():
    ac.run_main()


def figure(item, **values):
    ac.figure(item, **values)


def say(text):
    ac.say(text)


# ---------------------------------------------------------------------------------------------
# Generated messages


def modules():
    """The generated caipan.v1 modules (after ac.run_main generated them)."""
    from caipan.v1 import adjudication_service_pb2, common_pb2, game_service_pb2
    from caipan.v1 import gomoku_pb2, xiangqi_pb2
    return adjudication_service_pb2, game_service_pb2, common_pb2, xiangqi_pb2, gomoku_pb2


def method_types(service, method):
    """(request class, response class, server streaming?, client streaming?) of a method."""
    adj, game, _, _, _ = modules()
    module = adj if service == ADJUDICATION else game
    descriptor = module.DESCRIPTOR.services_by_name[service.rsplit(".", 1)[1]]
    m = descriptor.methods_by_name[method]
    return (getattr(module, m.input_type.name), getattr(module, m.output_type.name),
            m.server_streaming, m.client_streaming)


def unary_methods(service):
    """Names of every unary method of a service, from its descriptor."""
    adj, game, _, _, _ = modules()
    module = adj if service == ADJUDICATION else game
    descriptor = module.DESCRIPTOR.services_by_name[service.rsplit(".", 1)[1]]
    return [m.name for m in descriptor.methods
            if not m.server_streaming and not m.client_streaming]


def to_json_text(message):
    """A request in protobuf's JSON mapping, as a browser would send it."""
    return json_format.MessageToJson(message, indent=None, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# Outcomes


class Outcome:
    """What a call gave: code ("ok" or a snake-case gRPC code), message, response message (or
    None), error details as [(type name, bytes)], and protocol facts (HTTP status, headers)."""

    def __init__(self, code, message="", response=None, details=(), http_status=None,
                 headers=None):
        self.code = code
        self.message = message
        self.response = response
        self.details = list(details)
        self.http_status = http_status
        self.headers = headers or {}
        self.close_code = None  # WebSocket: the server's close code after its `end`

    def key(self):
        """What must be equal between protocols."""
        if self.code == "ok":
            return ("ok", self.response)
        return (self.code, self.message, tuple(self.details))

    def __repr__(self):
        if self.code == "ok" and self.response is not None:
            text = json_format.MessageToJson(self.response, indent=None, ensure_ascii=False)
            return "Outcome(ok, %s)" % text[:2000]
        return "Outcome(%s, %r, details=%r, http=%s)" % (self.code, self.message,
                                                         self.details, self.http_status)


def code_name(status_code):
    """grpc.StatusCode.INVALID_ARGUMENT -> "invalid_argument"."""
    return "ok" if status_code == grpc.StatusCode.OK else status_code.name.lower()


CODE_BY_NUMBER = {c.value[0]: code_name(c) for c in grpc.StatusCode}


def read_varint(data, pos):
    value, shift = 0, 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def proto_fields(data):
    """(field number, wire type, value) of a serialized message (varints and bytes only)."""
    pos = 0
    while pos < len(data):
        tag, pos = read_varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = read_varint(data, pos)
        elif wire == 2:
            length, pos = read_varint(data, pos)
            value, pos = data[pos:pos + length], pos + length
        else:
            raise ValueError("unexpected wire type %d" % wire)
        yield number, wire, value


def status_details(status_bytes):
    """[(type name, value bytes)] of the details of a serialized google.rpc.Status."""
    details = []
    for number, _, value in proto_fields(status_bytes):
        if number == 3:
            fields = {n: v for n, _, v in proto_fields(value)}
            type_url = fields.get(1, b"").decode()
            details.append((type_url.rsplit("/", 1)[-1], bytes(fields.get(2, b""))))
    return details


# ---------------------------------------------------------------------------------------------
# The server


class GatewayServer(ac.Server):
    """caipan-server with the gateway on a free loopback port (`self.http_port`), the in-memory
    store and an arbiter tokens file holding ARBITER_TOKEN. `flags` are added."""

    def __init__(self, flags=(), start_timeout=15):
        self._dir = tempfile.mkdtemp(prefix="caipan-gateway-")
        arbiters = os.path.join(self._dir, "arbiters")
        with open(arbiters, "w") as f:
            f.write(ARBITER_TOKEN + "\n")
        base = ["--store=memory", "--arbiter-tokens-file=" + arbiters]
        flags = list(flags)
        if not any(f.startswith("--http-address") for f in flags):
            flags.append("--http-address=%s:0" % HOST)
        # Tests that send many calls quickly must not meet the per-address rate limit unless
        # they test it.
        if not any(f.startswith("--http-rate-limit") for f in flags):
            flags.append("--http-rate-limit=0")
        super().__init__(base + flags, start_timeout=start_timeout)
        self.http_port = self._find_http_port(start_timeout)

    def _find_http_port(self, timeout):
        # The gateway's port is in the log: `http_port=N` on the listening line or a line of
        # its own naming the gateway (e.g. `event=http_listening ... port=N`).
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for _, text in self.log_lines():
                match = re.search(r"\bhttp_port=(\d+)", text)
                if not match and re.search(r"event=\S*(http|gateway)\S*", text):
                    match = (re.search(r"\bport=(\d+)", text) or
                             re.search(r"\b(?:http_)?address=\S*:(\d+)\b", text))
                if match and int(match.group(1)) > 0:
                    return int(match.group(1))
            if not self.alive():
                break
            time.sleep(0.05)
        self.stop()
        raise ac.ServerStartError("no gateway port in the log of %s:\n%s" % (
            " ".join(self.argv[1:]), self.log_text()))

    def stop(self, timeout=15):
        code = super().stop(timeout)
        shutil.rmtree(self._dir, ignore_errors=True)
        return code


class GatewayTestCase(ac.ServerTestCase):

    def start_gateway(self, flags=()):
        server = GatewayServer(flags)
        self.addCleanup(server.stop)
        return server

    @classmethod
    def start_class_gateway(cls, flags=()):
        server = GatewayServer(flags)
        cls.addClassCleanup(server.stop)
        return server

    def assert_gateway_serving(self, server, source=None):
        """The process is alive, /healthz says ok and Ping answers over gRPC and Connect."""
        self.assertTrue(server.alive(), "the server died:\n" + server.log_text()[-4000:])
        status, _, body = http_request(server.http_port, "GET", "/healthz", source=source)
        self.assertEqual((status, body.strip()), (200, b"ok"), "/healthz")
        ping = method_types(ADJUDICATION, "Ping")[0]()
        outcome = connect_unary(server.http_port, ADJUDICATION, "Ping", ping, source=source)
        self.assertEqual(outcome.code, "ok", outcome)
        self.assert_serving(server)


# ---------------------------------------------------------------------------------------------
# Raw HTTP


def connection(port, timeout=10.0, source=None):
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    return conn


def http_request(port, method, path, body=None, headers=None, timeout=10.0, source=None):
    """One HTTP/1.1 request; returns (status, {lower-case header: value}, body bytes)."""
    conn = connection(port, timeout, source)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, lower_headers(response), data
    finally:
        conn.close()


def lower_headers(response):
    headers = {}
    for name, value in response.getheaders():
        name = name.lower()
        headers[name] = headers[name] + ", " + value if name in headers else value
    return headers


def raw_exchange(port, data, timeout=5.0, source=None):
    """Sends raw bytes and reads until the server closes or `timeout`; returns (bytes, closed)."""
    with socket.create_connection((HOST, port), timeout=timeout,
                                  source_address=(source, 0) if source else None) as sock:
        sock.sendall(data)
        return read_until_close(sock, timeout)


def read_response(sock, timeout):
    """Reads one HTTP response from a socket: (status, {lower header: value}, body). Raises
    socket.timeout, or http.client errors when the server closed without a response."""
    sock.settimeout(timeout)
    response = http.client.HTTPResponse(sock)
    response.begin()
    body = response.read()
    return response.status, lower_headers(response), body


def readable(sock, wait):
    import select
    return bool(select.select([sock], [], [], wait)[0])


def parse_response_head(data):
    """(status, {lower header: value}, rest) of raw HTTP response bytes; status 0 if none."""
    head, sep, rest = data.partition(b"\r\n\r\n")
    if not sep:
        return 0, {}, data
    lines = head.decode("latin-1").split("\r\n")
    match = re.match(r"HTTP/1\.[01] (\d+)", lines[0])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return (int(match.group(1)) if match else 0), headers, rest


# ---------------------------------------------------------------------------------------------
# Native gRPC


def native_unary(channel, service, method, request, timeout=15, metadata=None):
    request_type, response_type, _, _ = method_types(service, method)
    call = channel.unary_unary("/%s/%s" % (service, method),
                               request_serializer=lambda m: m.SerializeToString(),
                               response_deserializer=response_type.FromString)
    try:
        return Outcome("ok", response=call(request, timeout=timeout, metadata=metadata))
    except grpc.RpcError as error:
        return native_error(error)


def native_error(error):
    """The Outcome of a failed native gRPC call, its status details included."""
    details = []
    for key, value in error.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            details = status_details(value)
    return Outcome(code_name(error.code()), error.details() or "", details=details)


def native_watch(channel, request, count=None, timeout=15, on_message=None):
    """The first `count` WatchGame responses (all when None; fewer if the stream ends), and
    how it ended: an Outcome ("ok" or the error), or None when we stopped reading first.
    `on_message(response)` is called as each arrives."""
    _, response_type, _, _ = method_types(GAMES, "WatchGame")
    call = channel.unary_stream("/%s/WatchGame" % GAMES,
                                request_serializer=lambda m: m.SerializeToString(),
                                response_deserializer=response_type.FromString)
    stream = call(request, timeout=timeout)
    responses, end = [], None
    try:
        for response in stream:
            responses.append(response)
            if on_message:
                on_message(response)
            if count is not None and len(responses) >= count:
                break
        else:
            end = Outcome("ok")
    except grpc.RpcError as error:
        end = native_error(error)
    finally:
        stream.cancel()
    return responses, end


# ---------------------------------------------------------------------------------------------
# Connect


def connect_unary(port, service, method, request, codec="json", headers=None, timeout=15,
                  source=None, body=None):
    """A Connect unary call (codec "json" or "proto"). Checks the protocol's form of the
    answer (content type, the HTTP status of an error's code, JSON in its canonical mapping)
    and raises AssertionError naming what is wrong."""
    _, response_type, _, _ = method_types(service, method)
    if body is None:
        body = (to_json_text(request).encode() if codec == "json"
                else request.SerializeToString())
    all_headers = {"Content-Type": "application/" + codec, "Connect-Protocol-Version": "1"}
    all_headers.update(headers or {})
    status, response_headers, data = http_request(port, "POST", "/%s/%s" % (service, method),
                                                  body, all_headers, timeout, source)
    return connect_outcome(status, response_headers, data, response_type, codec)


def connect_outcome(status, headers, data, response_type, codec):
    content_type = headers.get("content-type", "")
    if status == 200:
        if not content_type.startswith("application/" + codec):
            raise AssertionError("Connect %s answer with Content-Type %r" % (codec, content_type))
        if codec == "json":
            return Outcome("ok", response=parse_json_message(data, response_type),
                           http_status=status, headers=headers)
        return Outcome("ok", response=response_type.FromString(data), http_status=status,
                       headers=headers)
    return connect_error(status, headers, data)


def connect_error(status, headers, data):
    """The Outcome of a Connect error answer (a JSON object whatever the codec)."""
    content_type = headers.get("content-type", "")
    if not content_type.startswith("application/json"):
        raise AssertionError("Connect error (HTTP %d) with Content-Type %r: %r" % (
            status, content_type, data[:300]))
    try:
        error = json.loads(data)
    except ValueError:
        raise AssertionError("Connect error (HTTP %d) body is not JSON: %r" % (status, data[:300]))
    code = error.get("code", "")
    expected_status = CONNECT_HTTP_STATUS.get(code, 500)
    if status != expected_status:
        raise AssertionError("Connect error %s with HTTP %d, the contract maps it to %d (%r)" % (
            code, status, expected_status, error))
    details = [(d.get("type", ""), b64decode_loose(d.get("value", "")))
               for d in error.get("details", [])]
    return Outcome(code, error.get("message", ""), details=details, http_status=status,
                   headers=headers)


def b64decode_loose(text):
    """Base64 with or without padding (Connect sends it unpadded), standard or URL alphabet."""
    text = text.strip().replace("-", "+").replace("_", "/")
    return base64.b64decode(text + "=" * (-len(text) % 4))


def parse_json_message(data, message_type):
    """Parses JSON strictly (unknown fields fail) and checks it is in the canonical mapping
    (lowerCamelCase names, enums by name, 64-bit integers as strings, defaults left out)."""
    try:
        as_dict = json.loads(data)
    except ValueError:
        raise AssertionError("JSON answer that does not parse: %r" % data[:300])
    message = message_type()
    json_format.ParseDict(as_dict, message)
    canonical = json_format.MessageToDict(message)
    if as_dict != canonical:
        raise AssertionError("JSON not in protobuf's canonical mapping:\n got %s\nwant %s" % (
            json.dumps(as_dict, ensure_ascii=False)[:1500],
            json.dumps(canonical, ensure_ascii=False)[:1500]))
    return message


def envelope(flags, payload):
    return struct.pack(">BI", flags, len(payload)) + payload


class FrameReader:
    """Reads length-prefixed frames (flags byte, 4-byte length, payload) from an HTTP response
    body, optionally base64 text (gRPC-Web text: each chunk may be padded on its own)."""

    def __init__(self, response, text=False):
        self.response = response
        self.text = text
        self.buffer = b""
        self.pending_text = b""
        self.eof = False

    def _fill(self):
        chunk = self.response.read1(65536)
        if not chunk:
            self.eof = True
            return
        if self.text:
            self.pending_text += b"".join(chunk.split())
            usable = len(self.pending_text) // 4 * 4
            # Base64 quanta of four characters decode independently, padded or not.
            for i in range(0, usable, 4):
                self.buffer += base64.b64decode(self.pending_text[i:i + 4])
            self.pending_text = self.pending_text[usable:]
        else:
            self.buffer += chunk

    def _take(self, n):
        while len(self.buffer) < n and not self.eof:
            self._fill()
        if len(self.buffer) < n:
            return None
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def next(self):
        """(flags, payload), or None at the end of the body. Raises on a cut frame."""
        head = self._take(5)
        if head is None:
            if self.buffer:
                raise AssertionError("body ends inside a frame header: %r" % self.buffer)
            return None
        flags, length = struct.unpack(">BI", head)
        payload = self._take(length)
        if payload is None:
            raise AssertionError("body ends inside a frame of %d bytes" % length)
        return flags, payload


def connect_stream(port, service, method, request, codec="json", count=None, headers=None,
                   timeout=15, on_message=None):
    """A Connect server-streaming call. Reads up to `count` messages (all when None) and, when
    the stream ends, its end-stream message. Returns (messages, end) where end is an Outcome
    ("ok" or the error) or None when we stopped reading first."""
    _, response_type, _, _ = method_types(service, method)
    payload = (to_json_text(request).encode() if codec == "json"
               else request.SerializeToString())
    content_type = "application/connect+" + codec
    all_headers = {"Content-Type": content_type, "Connect-Protocol-Version": "1"}
    all_headers.update(headers or {})
    conn = connection(port, timeout)
    try:
        conn.request("POST", "/%s/%s" % (service, method), body=envelope(0, payload),
                     headers=all_headers)
        response = conn.getresponse()
        response_headers = lower_headers(response)
        if response.status != 200:
            # Connect answers a streaming call with 200; an error comes in the end-stream
            # message. A refused request may still get a plain error: report it as one.
            return [], connect_error(response.status, response_headers, response.read())
        if not response_headers.get("content-type", "").startswith(content_type):
            raise AssertionError("Connect stream answer with Content-Type %r" %
                                 response_headers.get("content-type"))
        reader = FrameReader(response)
        messages = []
        while count is None or len(messages) < count:
            frame = reader.next()
            if frame is None:
                raise AssertionError("Connect stream ended without an end-stream message")
            flags, data = frame
            if flags & 0x02:
                return messages, connect_end_stream(data)
            if flags & 0x01:
                raise AssertionError("compressed frame without asking for compression")
            if codec == "json":
                messages.append(parse_json_message(data, response_type))
            else:
                messages.append(response_type.FromString(data))
            if on_message:
                on_message(messages[-1])
        return messages, None
    finally:
        conn.close()


def connect_end_stream(data):
    try:
        end = json.loads(data)
    except ValueError:
        raise AssertionError("end-stream message is not JSON: %r" % data[:300])
    error = end.get("error")
    if not error:
        return Outcome("ok")
    details = [(d.get("type", ""), b64decode_loose(d.get("value", "")))
               for d in error.get("details", [])]
    return Outcome(error.get("code", ""), error.get("message", ""), details=details)


# ---------------------------------------------------------------------------------------------
# gRPC-Web


def grpc_web_request(port, service, method, payload, text=False, headers=None, timeout=15):
    """Starts a gRPC-Web call; returns (connection, response). The caller closes both."""
    content_type = GRPC_WEB_TEXT if text else GRPC_WEB
    body = envelope(0, payload)
    if text:
        body = base64.b64encode(body)
    all_headers = {"Content-Type": content_type, "Accept": content_type, "X-Grpc-Web": "1",
                   "X-User-Agent": "grpc-web-python-test/1.0"}
    all_headers.update(headers or {})
    conn = connection(port, timeout)
    conn.request("POST", "/%s/%s" % (service, method), body=body, headers=all_headers)
    return conn, conn.getresponse()


def parse_trailers(data):
    trailers = {}
    for line in data.decode("utf-8", "replace").split("\r\n"):
        if ":" in line:
            name, _, value = line.partition(":")
            trailers[name.strip().lower()] = value.strip()
    return trailers


def grpc_web_status(trailers):
    """The Outcome an error (or "ok") of gRPC-Web trailers gives."""
    if "grpc-status" not in trailers:
        raise AssertionError("gRPC-Web answer without grpc-status: %r" % trailers)
    code = CODE_BY_NUMBER.get(int(trailers["grpc-status"]), "unknown")
    message = urllib.parse.unquote(trailers.get("grpc-message", ""))
    details = []
    if trailers.get("grpc-status-details-bin"):
        details = status_details(b64decode_loose(trailers["grpc-status-details-bin"]))
    return Outcome(code, message, details=details)


def grpc_web_frames(response, text, response_type, count=None, on_message=None):
    """Reads data frames and the trailer frame. Returns (messages, trailers or None)."""
    reader = FrameReader(response, text)
    messages = []
    while count is None or len(messages) < count:
        frame = reader.next()
        if frame is None:
            return messages, None
        flags, data = frame
        if flags & 0x80:
            return messages, parse_trailers(data)
        if flags & 0x01:
            raise AssertionError("compressed gRPC-Web frame")
        messages.append(response_type.FromString(data))
        if on_message:
            on_message(messages[-1])
    return messages, None


def grpc_web_unary(port, service, method, request, text=False, headers=None, timeout=15):
    """A gRPC-Web unary call: HTTP 200, one data frame and the trailers (or, for an error
    without a message, the status in the headers)."""
    _, response_type, _, _ = method_types(service, method)
    conn, response = grpc_web_request(port, service, method, request.SerializeToString(), text,
                                      headers, timeout)
    try:
        response_headers = lower_headers(response)
        if response.status != 200:
            raise AssertionError("gRPC-Web answer with HTTP %d (headers %r, body %r)" % (
                response.status, response_headers, response.read()[:300]))
        expected_type = GRPC_WEB_TEXT if text else "application/grpc-web"
        if not response_headers.get("content-type", "").startswith(expected_type):
            raise AssertionError("gRPC-Web answer with Content-Type %r" %
                                 response_headers.get("content-type"))
        messages, trailers = grpc_web_frames(response, text, response_type)
        if trailers is None:
            if messages or "grpc-status" not in response_headers:
                raise AssertionError("gRPC-Web answer without trailers (headers %r)" %
                                     response_headers)
            trailers = response_headers  # trailers-only answer
        outcome = grpc_web_status(trailers)
        outcome.http_status = response.status
        outcome.headers = response_headers
        if outcome.code == "ok":
            if len(messages) != 1:
                raise AssertionError("gRPC-Web unary answer with %d messages" % len(messages))
            outcome.response = messages[0]
        return outcome
    finally:
        conn.close()


def grpc_web_stream(port, service, method, request, text=False, count=None, headers=None,
                    timeout=15, on_message=None):
    """A gRPC-Web server-streaming call: (messages, end Outcome or None if still open)."""
    _, response_type, _, _ = method_types(service, method)
    conn, response = grpc_web_request(port, service, method, request.SerializeToString(), text,
                                      headers, timeout)
    try:
        response_headers = lower_headers(response)
        if response.status != 200:
            raise AssertionError("gRPC-Web answer with HTTP %d" % response.status)
        messages, trailers = grpc_web_frames(response, text, response_type, count, on_message)
        if trailers is None and count is not None and len(messages) >= count:
            return messages, None
        if trailers is None:
            if "grpc-status" in response_headers and not messages:
                trailers = response_headers
            else:
                raise AssertionError("gRPC-Web stream ended without trailers")
        return messages, grpc_web_status(trailers)
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------
# Every unary protocol at once


PROTOCOLS = ["grpc", "connect-json", "connect-proto", "grpc-web", "grpc-web-text"]


def call(protocol, server, service, method, request, headers=None, channel=None, timeout=15):
    """One unary call over `protocol` (one of PROTOCOLS); returns its Outcome. `headers` are
    HTTP headers; over native gRPC they go as metadata (lower-case)."""
    if protocol == "grpc":
        metadata = [(k.lower(), v) for k, v in (headers or {}).items()] or None
        own = channel is None
        channel = channel or server.channel()
        try:
            return native_unary(channel, service, method, request, timeout, metadata)
        finally:
            if own:
                channel.close()
    if protocol == "connect-json":
        return connect_unary(server.http_port, service, method, request, "json", headers,
                             timeout)
    if protocol == "connect-proto":
        return connect_unary(server.http_port, service, method, request, "proto", headers,
                             timeout)
    if protocol == "grpc-web":
        return grpc_web_unary(server.http_port, service, method, request, False, headers,
                              timeout)
    if protocol == "grpc-web-text":
        return grpc_web_unary(server.http_port, service, method, request, True, headers,
                              timeout)
    raise ValueError(protocol)


# ---------------------------------------------------------------------------------------------
# WebSocket


class WebSocketClosed(Exception):
    pass


class WebSocket:
    """A minimal RFC 6455 client (masked frames, fragmentation, ping/pong, close)."""

    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, port, path, timeout=10.0, headers=None, source=None):
        self.sock = socket.create_connection((HOST, port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        self.buffer = b""
        self.close_code = None
        self.close_reason = ""
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET %s HTTP/1.1" % path, "Host: %s:%d" % (HOST, port),
                 "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: " + key,
                 "Sec-WebSocket-Version: 13"]
        for name, value in (headers or {}).items():
            lines.append("%s: %s" % (name, value))
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = self._read_head(timeout)
        self.status, self.headers, _ = parse_response_head(head + b"\r\n\r\n")
        if self.status != 101:
            rest, _ = read_until_close(self.sock, 1.0)
            self.sock.close()
            raise AssertionError("WebSocket upgrade of %s answered %d: %r" % (
                path, self.status, (head + rest)[:500]))
        accept = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        if self.headers.get("sec-websocket-accept") != accept:
            raise AssertionError("wrong Sec-WebSocket-Accept: %r" % self.headers)

    def _read_head(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self.buffer:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError("connection closed during the WebSocket upgrade: %r" %
                                     self.buffer[:300])
            self.buffer += chunk
            if time.monotonic() > deadline:
                raise socket.timeout("no WebSocket upgrade answer")
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        return head

    # -- sending -----------------------------------------------------------------------------

    def frame_bytes(self, opcode, payload, fin=True, length=None):
        """A masked frame; `length` may claim another payload length than sent."""
        length = len(payload) if length is None else length
        head = bytes([(0x80 if fin else 0) | opcode])
        if length < 126:
            head += bytes([0x80 | length])
        elif length < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return head + mask + masked

    def send_frame(self, opcode, payload, fin=True):
        self.sock.sendall(self.frame_bytes(opcode, payload, fin))

    def send_text(self, text):
        self.send_frame(0x1, text.encode("utf-8"))

    def send_json(self, value):
        self.send_text(json.dumps(value, ensure_ascii=False))

    def send_binary(self, data):
        self.send_frame(0x2, data)

    def send_close(self, code=1000, reason=b""):
        try:
            self.send_frame(0x8, struct.pack(">H", code) + reason)
        except OSError:
            pass

    # -- receiving ---------------------------------------------------------------------------

    def _recv_exact(self, n, deadline):
        while len(self.buffer) < n:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise socket.timeout("no WebSocket frame in time")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise WebSocketClosed("TCP connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def recv_frame(self, timeout=10.0):
        """(fin, opcode, payload) of the next frame."""
        deadline = time.monotonic() + timeout
        b0, b1 = self._recv_exact(2, deadline)
        if b1 & 0x80:
            raise AssertionError("the server masked a frame")
        length = b1 & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._recv_exact(2, deadline))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._recv_exact(8, deadline))[0]
        return bool(b0 & 0x80), b0 & 0x0F, self._recv_exact(length, deadline)

    def recv_message(self, timeout=10.0):
        """("text", str) or ("binary", bytes), or ("close", code) after a close frame (which is
        answered). Pings are answered on the way."""
        deadline = time.monotonic() + timeout
        parts, kind = [], None
        while True:
            fin, opcode, payload = self.recv_frame(max(0.01, deadline - time.monotonic()))
            if opcode == 0x9:
                self.send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            if opcode == 0x8:
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
                self.close_reason = payload[2:].decode("utf-8", "replace")
                self.send_close(self.close_code if self.close_code != 1005 else 1000)
                return "close", self.close_code
            if opcode in (0x1, 0x2):
                kind = "text" if opcode == 0x1 else "binary"
            parts.append(payload)
            if fin:
                data = b"".join(parts)
                return (kind, data.decode("utf-8")) if kind == "text" else (kind, data)

    def recv_json(self, timeout=10.0):
        """The next text frame as JSON, or None after a close frame."""
        kind, data = self.recv_message(timeout)
        if kind == "close":
            return None
        if kind != "text":
            raise AssertionError("the server sent a %s frame" % kind)
        return json.loads(data)

    def wait_closed(self, timeout=5.0):
        """Reads until the server's close frame (its code) or the TCP close (None)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                kind, data = self.recv_message(max(0.01, deadline - time.monotonic()))
                if kind == "close":
                    return data
        except (WebSocketClosed, socket.timeout, OSError):
            pass
        return self.close_code

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def ws_collect(ws, response_type, timeout=10.0, count=None, on_message=None):
    """Reads `{"message": ...}` frames until `{"end": ...}` (or `count` messages). Returns
    (messages, end Outcome or None, close code or None)."""
    messages = []
    deadline = time.monotonic() + timeout
    while count is None or len(messages) < count:
        frame = ws.recv_json(max(0.01, deadline - time.monotonic()))
        if frame is None:
            return messages, None, ws.close_code
        if not isinstance(frame, dict) or len(frame) != 1:
            raise AssertionError("WebSocket frame not of the contract's shape: %r" % frame)
        if "message" in frame:
            message = response_type()
            json_format.ParseDict(frame["message"], message)
            canonical = json_format.MessageToDict(message)
            if canonical != frame["message"]:
                raise AssertionError("WebSocket message not in the canonical JSON mapping: "
                                     "%r" % frame["message"])
            messages.append(message)
            if on_message:
                on_message(message)
        elif "end" in frame:
            error = (frame["end"] or {}).get("error")
            end = Outcome("ok") if not error else Outcome(
                error.get("code", ""), error.get("message", ""),
                details=[(d.get("type", ""), b64decode_loose(d.get("value", "")))
                         for d in error.get("details", [])])
            end.close_code = ws.wait_closed()
            return messages, end, end.close_code
        else:
            raise AssertionError("WebSocket frame not of the contract's shape: %r" % frame)
    return messages, None, None


def ws_path(service, method):
    return "/ws/%s/%s" % (service, method)


def ws_frame(message):
    """The WebSocket frame holding one request message."""
    return {"message": json_format.MessageToDict(message)}


STREAM_PROTOCOLS = PROTOCOLS + ["ws"]


def watch(protocol, server, request, count=None, timeout=15, on_message=None, headers=None):
    """WatchGame over `protocol` (one of STREAM_PROTOCOLS): (responses, end Outcome or None
    when we stopped reading after `count`). Over WebSocket, end.close_code is the close code."""
    _, response_type, _, _ = method_types(GAMES, "WatchGame")
    if protocol == "grpc":
        channel = server.channel()
        try:
            return native_watch(channel, request, count, timeout, on_message)
        finally:
            channel.close()
    if protocol.startswith("connect-"):
        return connect_stream(server.http_port, GAMES, "WatchGame", request,
                              protocol.split("-", 1)[1], count, headers, timeout, on_message)
    if protocol.startswith("grpc-web"):
        return grpc_web_stream(server.http_port, GAMES, "WatchGame", request,
                               protocol == "grpc-web-text", count, headers, timeout,
                               on_message)
    if protocol == "ws":
        ws = WebSocket(server.http_port, ws_path(GAMES, "WatchGame"), timeout, headers)
        try:
            ws.send_json(ws_frame(request))
            messages, end, _ = ws_collect(ws, response_type, timeout, count, on_message)
            return messages, end
        finally:
            ws.close()
    raise ValueError(protocol)
