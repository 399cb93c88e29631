"""Raw-socket helpers of the network-edge abuse tests (item13 to item15): connections from a
chosen loopback source address (the server sees 127.0.0.2 as another client than 127.0.0.1),
PROXY protocol headers, a gRPC health check written out in bytes (so it can follow a PROXY
header on the same socket), and HTTP exchanges read until the server closes.

Every wait is bounded.
"""

import re
import socket
import struct
import time

from abuse_common import close_all, read_until_close  # noqa: F401  (ec.close_all in the tests)

HOST = "127.0.0.1"
OTHER = "127.0.0.2"  # another client address; loopback answers for all of 127.0.0.0/8

# grpc.health.v1.Health/Check with an empty request (the server's overall status), as
# deploy/haproxy.cfg.in sends it: the client preface, an empty SETTINGS frame, a HEADERS frame
# (POST /grpc.health.v1.Health/Check, content-type application/grpc, te trailers; HPACK
# literals) and a DATA frame ending the stream with the empty message.
GRPC_HEALTH_CHECK = bytes.fromhex(
    "505249202a20485454502f322e300d0a0d0a534d0d0a0d0a00000004000000000000004b0104000000018386"
    "041c2f677270632e6865616c74682e76312e4865616c74682f436865636b01096c6f63616c686f73740f1010"
    "6170706c69636174696f6e2f677270630002746508747261696c6572730000050001000000010000000000")
# The answer's message: not compressed, 2 bytes, status SERVING (field 1 = 1).
GRPC_SERVING = bytes.fromhex("00000000020801")
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"

V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"


def proxy_v2(client, client_port=40000, server=HOST, server_port=80, command=1, version=2):
    """A PROXY protocol v2 header relaying TCP over IPv4 from `client` (command 0: LOCAL)."""
    block = (socket.inet_aton(client) + socket.inet_aton(server) +
             struct.pack(">HH", client_port, server_port))
    return V2_SIGNATURE + bytes([(version << 4) | command, 0x11]) + struct.pack(
        ">H", len(block)) + block


def proxy_v2_local():
    """A v2 LOCAL header without addresses, as a proxy's health check sends it."""
    return V2_SIGNATURE + bytes([0x20, 0x00]) + struct.pack(">H", 0)


def proxy_v1(client, client_port=40000, server=HOST, server_port=80):
    return ("PROXY TCP4 %s %s %d %d\r\n" % (client, server, client_port, server_port)).encode()


def connect(port, source=HOST, timeout=5.0):
    """A TCP connection to 127.0.0.1:port from `source`."""
    return socket.create_connection((HOST, port), timeout=timeout, source_address=(source, 0))


def read_until(sock, marker, timeout):
    """Reads until `marker` has come, the server closes or `timeout` passes: (bytes, closed)."""
    deadline = time.monotonic() + timeout
    data = b""
    while marker not in data:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return data, False
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return data, False
        except OSError:
            return data, True
        if not chunk:
            return data, True
        data += chunk
    return data, False


def grpc_health(port, source=HOST, prefix=b"", timeout=3.0):
    """Sends `prefix` and a raw health check from `source`: True when SERVING came back."""
    try:
        with connect(port, source, timeout) as sock:
            sock.sendall(prefix + GRPC_HEALTH_CHECK)
            data, _ = read_until(sock, GRPC_SERVING, timeout)
            return GRPC_SERVING in data
    except OSError:
        return False


def statuses(data):
    """The status codes of the HTTP responses in `data`, in order (a response may follow the
    previous one's body directly)."""
    return [int(code) for code in re.findall(rb"HTTP/1\.[01] (\d{3}) ", data)]


def http_get(port, path="/healthz", source=HOST, prefix=b"", timeout=3.0):
    """GET `path` (after `prefix`) from `source` on a connection the server may keep; returns
    the first response's (status, body) or (0, b"") if none came."""
    try:
        with connect(port, source, timeout) as sock:
            sock.sendall(prefix + ("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                                   % path).encode())
            data, _ = read_until_close(sock, timeout)
    except OSError:
        return 0, b""
    codes = statuses(data)
    if not codes:
        return 0, b""
    return codes[0], data.partition(b"\r\n\r\n")[2]


def ping_request(keep_alive=True):
    """A Connect JSON call of AdjudicationService/Ping."""
    return (b"POST /caipan.v1.AdjudicationService/Ping HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 2\r\n" +
            (b"" if keep_alive else b"Connection: close\r\n") + b"\r\n{}")


def open_many(port, count, source=HOST, send=b""):
    """Opens `count` connections from `source`, each sending `send`; returns the sockets
    (a connection the server refused at once may already be closed, or fail to send)."""
    sockets = []
    for _ in range(count):
        sock = connect(port, source)
        if send:
            try:
                sock.sendall(send)
            except OSError:
                pass
        sockets.append(sock)
    return sockets


def closed_now(sock):
    """True when the server has closed (or reset) the connection; data it sent is read past."""
    sock.settimeout(0.001)
    while True:
        try:
            if sock.recv(65536) == b"":
                return True
        except (socket.timeout, BlockingIOError):
            return False
        except OSError:
            return True
