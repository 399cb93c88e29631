"""Shared helpers of the caipan-server abuse tests (tests/abuse/*_test.py).

Each abuse test module plays one attack on the real caipan-server binary, started on free
loopback ports with the flags the attack needs, and checks the behaviour that
/tmp/spec/hardening.md (the hardening contract) asks for. This module holds what they share:

- the command line (--server, --proto-dir, --sanitized, --drop-unsupported-flags),
- a Python client generated from proto/caipan/v1/*.proto with grpc_tools at test time,
- `Server`: the binary on port 0, its stderr log collected line by line by a thread, its RSS,
  stopped with SIGTERM (then SIGKILL) even when a test fails,
- raw HTTP and raw socket helpers (/metrics scraping, idle connections),
- `figure()`: one `abuse item N: key=value ...` line per checked figure, for the CI log,
- `make_certs()`: a CA, a server and a client certificate made with the openssl command.

Only 127.0.0.1 is ever a target. Every wait is bounded.
"""

import argparse
import glob
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import grpc

ARGS = None  # the parsed command line (see parse_args)
PROTO = None  # the generated modules (see Proto)

HOST = "127.0.0.1"
PING = "/caipan.v1.AdjudicationService/Ping"
CHECK_MOVE = "/caipan.v1.AdjudicationService/CheckMove"
ADJUDICATE = "/caipan.v1.AdjudicationService/AdjudicateGame"
PLAY_GAME = "/caipan.v1.AdjudicationService/PlayGame"
HEALTH_CHECK = "/grpc.health.v1.Health/Check"
REFLECTION = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
REFLECTION_V1 = "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"

# Channel options: each channel gets its own TCP connection (grpc otherwise shares one between
# channels to the same address), and no client-side message size cap gets in the way.
CHANNEL_OPTIONS = [
    ("grpc.use_local_subchannel_pool", 1),
    ("grpc.max_send_message_length", 64 << 20),
    ("grpc.max_receive_message_length", 64 << 20),
]


# ---------------------------------------------------------------------------------------------
# Command line and generated client


def parse_args(argv=None):
    """Parses our options; the rest goes to unittest (e.g. -k NAME)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the caipan-server binary")
    parser.add_argument("--proto-dir", required=True, help="the folder holding caipan/v1")
    parser.add_argument("--sanitized", action="store_true",
                        help="the binary is an ASan build: RSS assertions are skipped")
    parser.add_argument("--drop-unsupported-flags", action="store_true",
                        help="start the server only with the flags its --help lists (to run "
                             "an attack against a server that predates the new flags)")
    args, rest = parser.parse_known_args(argv)
    return args, rest


class Proto:
    """The caipan.v1 modules generated into a temporary folder."""

    def __init__(self, proto_dir, out_dir):
        from grpc_tools import protoc
        protos = sorted(glob.glob(os.path.join(proto_dir, "caipan", "v1", "*.proto")))
        if not protos:
            sys.exit("no .proto files under " + proto_dir)
        code = protoc.main(["grpc_tools.protoc", "-I" + proto_dir, "--python_out=" + out_dir,
                            "--grpc_python_out=" + out_dir] + protos)
        if code != 0:
            sys.exit("protoc failed")
        sys.path.insert(0, out_dir)
        from caipan.v1 import adjudication_service_pb2
        from caipan.v1 import adjudication_service_pb2_grpc
        from caipan.v1 import common_pb2
        from caipan.v1 import gomoku_pb2
        from caipan.v1 import xiangqi_pb2
        self.pb = adjudication_service_pb2
        self.stubs = adjudication_service_pb2_grpc
        self.common = common_pb2
        self.gm = gomoku_pb2
        self.xq = xiangqi_pb2


class LineStream:
    """stderr, remembering whether the last thing written ended a line, so that a figure
    printed in the middle of unittest's `test_x ... ` line still starts a line of its own."""

    def __init__(self, stream):
        self.stream = stream
        self.at_line_start = True

    def write(self, text):
        if text:
            self.at_line_start = text.endswith("\n")
        return self.stream.write(text)

    def flush(self):
        self.stream.flush()


OUT = LineStream(sys.stderr)


def run_main():
    """Entry point of a test module: parses the options, generates the client, runs unittest."""
    global ARGS, PROTO
    ARGS, rest = parse_args()
    with tempfile.TemporaryDirectory(prefix="caipan-abuse-") as out_dir:
        PROTO = Proto(ARGS.proto_dir, out_dir)
        runner = unittest.TextTestRunner(stream=OUT, verbosity=2)
        program = unittest.main(module="__main__", argv=[sys.argv[0]] + rest, exit=False,
                                testRunner=runner)
        sys.exit(0 if program.result.wasSuccessful() else 1)


# ---------------------------------------------------------------------------------------------
# Figures for the CI log


def server_version():
    """(version, commit) from `caipan-server --version`: "caipan-server 0.9.0 (commit abc1234)"."""
    out = subprocess.run([ARGS.server, "--version"], capture_output=True, text=True, timeout=10)
    match = re.fullmatch(r"caipan-server (\S+) \(commit (\S+)\)\n?", out.stdout)
    if out.returncode != 0 or not match:
        raise AssertionError("caipan-server --version: status %d, %r" % (out.returncode,
                                                                          out.stdout))
    return match.group(1), match.group(2)


def figure(item, **values):
    """Prints one line of checked figures, e.g. `abuse item 4: rss_growth_mb=12.3 limit=50`."""
    parts = []
    for key, value in values.items():
        if isinstance(value, float):
            value = "%.1f" % value
        parts.append("%s=%s" % (key, value))
    say("abuse item %s: %s" % (item, " ".join(parts)))


def say(text):
    """Prints a line of our own on stderr, starting a new line if unittest is mid-line."""
    if not OUT.at_line_start:
        OUT.write("\n")
    OUT.write(text + "\n")
    OUT.flush()


# ---------------------------------------------------------------------------------------------
# The server process


def supported_flags(binary):
    """The --flag names the binary's --help lists."""
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=10)
    return set(re.findall(r"(--[a-z][a-z0-9-]*)", out.stdout + out.stderr))


def flag_name(flag):
    return flag.split("=", 1)[0]


class ServerStartError(AssertionError):
    """The server exited or printed no `listening` line: a test failure, with its stderr."""


class Server:
    """caipan-server on free loopback ports.

    `flags` are extra command line flags in `--name=value` form. Start waits for the
    `listening` log line (with ` port=` and ` metrics_port=`); a reader thread keeps every
    stderr line in `self.lines` as (arrival time, text), so the pipe never fills up.
    """

    def __init__(self, flags=(), address=HOST + ":0", metrics_address=HOST + ":0",
                 start_timeout=15):
        self.flags = list(flags)
        if ARGS is not None and ARGS.drop_unsupported_flags:
            known = supported_flags(ARGS.server)
            dropped = [f for f in self.flags if flag_name(f) not in known]
            if dropped:
                say("abuse: dropped flags the binary does not know: " + " ".join(dropped))
            self.flags = [f for f in self.flags if flag_name(f) in known]
        self.argv = [ARGS.server, "--address=" + address,
                     "--metrics-address=" + metrics_address] + self.flags
        # The HTTP gateway on a free port unless the test chooses (its default, 8080, would
        # clash between servers running side by side).
        if not any(flag_name(f) == "--http-address" for f in self.flags) and (
                ARGS is None or not ARGS.drop_unsupported_flags
                or "--http-address" in supported_flags(ARGS.server)):
            self.argv.append("--http-address=" + HOST + ":0")
        self.lines = []
        self._lock = threading.Lock()
        self._first = queue.Queue()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()
        self.port = 0
        self.metrics_port = 0
        self.http_port = 0
        self._wait_listening(start_timeout)

    # -- log ---------------------------------------------------------------------------------

    def _read_stderr(self):
        first = True
        for raw in iter(self.proc.stderr.readline, b""):
            text = raw.decode("utf-8", "replace").rstrip("\n")
            with self._lock:
                self.lines.append((time.time(), text))
            if first and "event=listening" in text:
                self._first.put(text)
                first = False
        self._first.put(None)  # end of output

    def _wait_listening(self, timeout):
        try:
            line = self._first.get(timeout=timeout)
        except queue.Empty:
            line = None
        if line is not None:
            port = re.search(r" port=(\d+)", line)
            metrics = re.search(r" metrics_port=(\d+)", line)
            if port:
                self.port = int(port.group(1))
                self.metrics_port = int(metrics.group(1)) if metrics else 0
                http = re.search(r" http_port=(\d+)", line)
                self.http_port = int(http.group(1)) if http else 0
                return
        self.stop()
        raise ServerStartError("caipan-server did not start with %s:\n%s" % (
            " ".join(self.argv[1:]), self.log_text()))

    def log_text(self):
        with self._lock:
            return "\n".join(text for _, text in self.lines)

    def log_lines(self):
        with self._lock:
            return list(self.lines)

    def wait_for_log(self, pattern, timeout=3.0, after=0.0):
        """The first log line (arrival time, text) matching `pattern` that was written after
        the time `after` (by its ts= field: the server flushes its log in batches, so a line
        can arrive well after it was written), waiting up to `timeout` seconds; None if none
        came."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            for arrived, text in self.log_lines():
                if log_time(text, arrived) > after and regex.search(text):
                    return arrived, text
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    # -- process -----------------------------------------------------------------------------

    def alive(self):
        return self.proc.poll() is None

    def rss_mb(self):
        return rss_mb(self.proc.pid)

    def stop(self, timeout=15):
        """SIGTERM, then SIGKILL after `timeout` seconds; returns the exit code."""
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGTERM)
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._reader.join(timeout=5)
        self.proc.stderr.close()
        return self.proc.returncode

    # -- clients -----------------------------------------------------------------------------

    def target(self):
        return "%s:%d" % (HOST, self.port)

    def channel(self, options=()):
        return grpc.insecure_channel(self.target(), options=CHANNEL_OPTIONS + list(options))


def log_time(line, default):
    """The time (seconds since the epoch) in a log line's ts= field, or `default`."""
    import calendar
    match = re.match(r"ts=(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z", line)
    if not match:
        return default
    parts = [int(p) for p in match.groups()[:6]]
    fraction = float("0." + match.group(7)) if match.group(7) else 0.0
    return calendar.timegm(tuple(parts) + (0, 0, 0)) + fraction


def rss_mb(pid):
    """Resident set size of a process in MB, from /proc/PID/status (VmRSS)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise AssertionError("no VmRSS for pid %d" % pid)


class ServerTestCase(unittest.TestCase):
    """A TestCase whose servers are stopped after each test, whether it passed or not."""

    def start_server(self, flags=(), **kwargs):
        """A server for this test only, stopped when the test ends."""
        server = Server(flags, **kwargs)
        self.addCleanup(server.stop)
        return server

    @classmethod
    def start_class_server(cls, flags=(), **kwargs):
        """A server shared by the tests of this class, stopped when they are done."""
        server = Server(flags, **kwargs)
        cls.addClassCleanup(server.stop)
        return server

    def open_channel(self, server, options=()):
        channel = server.channel(options)
        self.addCleanup(channel.close)
        return channel

    def stub(self, channel):
        return PROTO.stubs.AdjudicationServiceStub(channel)

    def skip_rss_check(self):
        """True (and says so) when RSS figures mean nothing: an ASan build."""
        if ARGS.sanitized:
            say("abuse: --sanitized: RSS assertion skipped")
            return True
        return False

    def assert_serving(self, server, channel=None):
        """The process is alive and answers Ping and a health check."""
        self.assertTrue(server.alive(), "the server died:\n" + server.log_text()[-4000:])
        own = channel is None
        if own:
            channel = server.channel()
        try:
            self.stub(channel).Ping(PROTO.pb.PingRequest(), timeout=5)
            self.assertEqual(raw_unary(channel, HEALTH_CHECK, b"", timeout=5), b"\x08\x01")
        finally:
            if own:
                channel.close()


# ---------------------------------------------------------------------------------------------
# Calls


def raw_unary(channel, method, request_bytes, timeout=5, metadata=None):
    """Calls `method` with hand-encoded bytes; returns the raw response bytes."""
    call = channel.unary_unary(method, request_serializer=lambda b: b,
                               response_deserializer=lambda b: b)
    return call(request_bytes, timeout=timeout, metadata=metadata)


def rpc_code(function, *args, **kwargs):
    """Runs a call; returns (status code, details, response or None)."""
    try:
        response = function(*args, **kwargs)
        return grpc.StatusCode.OK, "", response
    except grpc.RpcError as error:
        return error.code(), error.details() or "", None


def details_bytes(details):
    """The bytes of a status message as the server sent them. grpc's Python core decodes
    details as UTF-8 and, when that fails, as Latin-1: a string whose characters all fit in
    Latin-1 is taken back to bytes that way (our messages are ASCII or CJK, never Latin-1)."""
    try:
        return details.encode("latin-1")
    except UnicodeEncodeError:
        return details.encode("utf-8")


def is_valid_utf8_text(details):
    """Whether a status message arrived as valid UTF-8 (see details_bytes)."""
    if "\ufffd" in details:
        return False
    try:
        details_bytes(details).decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def health_request(service=""):
    name = service.encode()
    return (b"\x0a" + bytes([len(name)]) + name) if name else b""


# ---------------------------------------------------------------------------------------------
# Raw HTTP and sockets


def http_get(port, path="/metrics", timeout=5.0):
    """A plain HTTP/1.0 GET on 127.0.0.1; returns (status code, body bytes, seconds)."""
    start = time.monotonic()
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(("GET %s HTTP/1.0\r\nHost: %s\r\n\r\n" % (path, HOST)).encode())
        chunks = []
        while True:
            remaining = timeout - (time.monotonic() - start)
            if remaining <= 0:
                raise socket.timeout("GET %s took over %.1f s" % (path, timeout))
            sock.settimeout(remaining)
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    elapsed = time.monotonic() - start
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    match = re.match(rb"HTTP/1\.[01] (\d+)", head)
    return (int(match.group(1)) if match else 0), body, elapsed


def open_sockets(port, count, send=b""):
    """`count` TCP connections to 127.0.0.1:port, each having sent `send` (maybe nothing)."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((HOST, port), timeout=5)
        if send:
            sock.sendall(send)
        sockets.append(sock)
    return sockets


def closed_by_peer(sock, wait=0.0):
    """True when the server closed (or reset) the connection within `wait` seconds. Data the
    server sent first (e.g. HTTP/2 SETTINGS, GOAWAY) is read past."""
    deadline = time.monotonic() + wait
    while True:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            if sock.recv(65536) == b"":
                return True
        except (socket.timeout, BlockingIOError):
            return False
        except OSError:  # ECONNRESET and friends
            return True
        if time.monotonic() >= deadline:
            return False


def close_all(sockets):
    for sock in sockets:
        try:
            sock.close()
        except OSError:
            pass


def read_until_close(sock, timeout):
    """Reads until the server closes or `timeout` seconds pass: (bytes, closed)."""
    deadline = time.monotonic() + timeout
    chunks = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return b"".join(chunks), False
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return b"".join(chunks), False
        except OSError:  # reset
            return b"".join(chunks), True
        if not chunk:
            return b"".join(chunks), True
        chunks.append(chunk)


# ---------------------------------------------------------------------------------------------
# TLS material


def openssl(*args, cwd):
    subprocess.run(["openssl"] + list(args), cwd=cwd, check=True, timeout=60,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_ca(directory, name):
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=%s" % name, "-keyout", name + ".key", "-out", name + ".crt",
            "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=directory)


def make_signed(directory, name, ca, extensions):
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=%s" % name,
            "-keyout", name + ".key", "-out", name + ".csr", cwd=directory)
    with open(os.path.join(directory, name + ".ext"), "w") as ext:
        ext.write(extensions)
    openssl("x509", "-req", "-in", name + ".csr", "-CA", ca + ".crt", "-CAkey", ca + ".key",
            "-CAcreateserial", "-days", "2", "-out", name + ".crt", "-extfile", name + ".ext",
            cwd=directory)


def make_certs(directory):
    """Writes ca, server (127.0.0.1 and localhost), client (signed by ca) and a second CA
    `rogue` with a client `rogue_client`, as NAME.crt / NAME.key; returns their paths."""
    make_ca(directory, "ca")
    make_signed(directory, "server", "ca",
                "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n")
    make_signed(directory, "client", "ca",
                "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=clientAuth\n")
    make_ca(directory, "rogue")
    make_signed(directory, "rogue_client", "rogue",
                "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=clientAuth\n")
    return {name: (os.path.join(directory, name + ".crt"), os.path.join(directory, name + ".key"))
            for name in ("ca", "server", "client", "rogue", "rogue_client")}


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------
# Requests and PlayGame streams (grpc.aio, so that hundreds of streams need no threads)


_LOOP = None


def run_async(coroutine, timeout=120):
    """Runs a coroutine on the one event loop of the process. (grpc.aio 1.51 can hang when
    asyncio.run() closes a loop after many cancelled streams, so the loop is never closed.)"""
    import asyncio
    global _LOOP
    if _LOOP is None:
        _LOOP = asyncio.new_event_loop()
    return _LOOP.run_until_complete(asyncio.wait_for(coroutine, timeout))


def start_message():
    """The first message of a xiangqi PlayGame stream from the standard position."""
    pb = PROTO.pb
    return pb.PlayGameRequest(start=pb.PlayGameStart(xiangqi=PROTO.xq.XiangqiPosition()))


def aio_channel(server, options=()):
    import grpc.aio
    return grpc.aio.insecure_channel(server.target(), options=CHANNEL_OPTIONS + list(options))


async def open_play_stream(stub, timeout=5.0, metadata=None):
    """Starts a PlayGame stream and reads the reply to its start; returns (call, reply)."""
    import asyncio
    call = stub.PlayGame(metadata=metadata)
    await asyncio.wait_for(call.write(start_message()), timeout)
    reply = await asyncio.wait_for(call.read(), timeout)
    return call, reply


async def stream_status(call, timeout=5.0):
    """The final status code of an aio call (waits for it), or None when it did not end."""
    import asyncio
    try:
        return await asyncio.wait_for(call.code(), timeout)
    except asyncio.TimeoutError:
        return None


def cancel_all(calls):
    for call in calls:
        call.cancel()


def long_game_moves(plies):
    """A xiangqi history of `plies` plies: the horses shuffle out and back. Under the claim mode
    with no claim nothing ends the game, and annotating it classifies every move, so
    adjudicating it takes time in proportion to its length."""
    cycle = ["h0g2", "h9g7", "g2h0", "g7h9"]
    return (cycle * (plies // 4 + 1))[:plies]


def long_game_request(plies):
    pb = PROTO.pb
    request = pb.AdjudicateGameRequest(
        xiangqi=PROTO.xq.XiangqiPosition(moves=long_game_moves(plies)))
    request.xiangqi_rules.mode = PROTO.xq.XIANGQI_ADJUDICATION_MODE_CLAIM
    request.annotate = True
    # The deepest mate-threat search makes each move's classification cost more than its
    # annotation weighs, so a slow call stays within the response size limit.
    request.xiangqi_rules.mate_threat_depth = 4
    return request


def calibrate_long_game(stub, min_ms, plies, max_plies):
    """Doubles a long game from `plies` (up to `max_plies`) until one AdjudicateGame of it takes
    at least `min_ms` on this server; returns (plies, ms of the last call). A faster server
    gets a longer game, so a test that needs a slow call stays meaningful."""
    while True:
        start = time.monotonic()
        response = stub.AdjudicateGame(long_game_request(plies), timeout=60)
        elapsed_ms = (time.monotonic() - start) * 1000
        if response.plies != plies:
            raise AssertionError("the long game was cut at ply %d" % response.plies)
        if elapsed_ms >= min_ms or plies * 2 > max_plies:
            return plies, elapsed_ms
        plies *= 2
