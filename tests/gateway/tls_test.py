#!/usr/bin/python3
"""Gateway: TLS. When the gRPC port has a certificate, the HTTP gateway serves HTTPS with it.

Setup: a CA and a server certificate for 127.0.0.1/localhost made with openssl at test time
(abuse_common.make_certs); the server runs with --tls-cert/--tls-key.
Checks: an HTTPS client trusting the CA gets Connect answers and the pages, and can open a
WebSocket (101 Switching Protocols); a plaintext HTTP request to the same port gets no HTTP
answer; a client trusting another CA is refused in the handshake. The gateway keeps serving.
"""

import base64
import http.client
import json
import os
import shutil
import socket
import ssl
import tempfile

import gateway_common as gc  # puts tests/abuse on the path first
import abuse_common as ac  # noqa: E402


class GatewayTlsTest(gc.GatewayTestCase):

    @classmethod
    def setUpClass(cls):
        directory = tempfile.mkdtemp(prefix="caipan-gateway-tls-")
        cls.addClassCleanup(shutil.rmtree, directory, True)
        cls.certs = ac.make_certs(directory)
        cert, key = cls.certs["server"]
        cls.server = cls.start_class_gateway(["--tls-cert=" + cert, "--tls-key=" + key])

    def https(self, ca="ca"):
        context = ssl.create_default_context(cafile=self.certs[ca][0])
        connection = http.client.HTTPSConnection(gc.HOST, self.server.http_port, timeout=10,
                                                 context=context)
        self.addCleanup(connection.close)
        return connection

    def test_connect_call_and_pages_over_https(self):
        connection = self.https()
        body = json.dumps({"xiangqi": {}, "move": "h2e2"})
        connection.request("POST", "/caipan.v1.AdjudicationService/CheckMove", body,
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        gc.figure("gateway-tls", case="connect", status=response.status)
        self.assertEqual(response.status, 200)
        self.assertTrue(answer["check"]["legal"])
        connection.request("GET", "/")
        page = connection.getresponse()
        self.assertEqual(page.status, 200)
        self.assertIn(b"<html", page.read().lower())

    def test_websocket_over_tls(self):
        context = ssl.create_default_context(cafile=self.certs["ca"][0])
        raw = socket.create_connection((gc.HOST, self.server.http_port), timeout=10)
        with context.wrap_socket(raw, server_hostname="127.0.0.1") as sock:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(("GET /ws/caipan.v1.GameService/WatchGame HTTP/1.1\r\n"
                          "Host: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                          % (self.server.http_port, key)).encode())
            head = sock.recv(4096)
        gc.figure("gateway-tls", case="websocket", status=head.split(b"\r\n")[0].decode())
        self.assertTrue(head.startswith(b"HTTP/1.1 101"), head)

    def test_plaintext_and_untrusted_clients_get_nothing(self):
        status = None
        try:
            status, _, _ = gc.http_request(self.server.http_port, "GET", "/healthz", timeout=5)
        except (OSError, http.client.HTTPException, ValueError):
            pass
        gc.figure("gateway-tls", case="plaintext", status=status)
        self.assertNotEqual(status, 200)
        with self.assertRaises(ssl.SSLError):
            connection = self.https(ca="rogue")
            connection.request("GET", "/healthz")
            connection.getresponse()
        # Still serving HTTPS.
        connection = self.https()
        connection.request("GET", "/healthz")
        self.assertEqual(connection.getresponse().status, 200)
        self.assertTrue(self.server.alive())


if __name__ == "__main__":
    gc.run_main()
