#!/usr/bin/python3
"""Abuse: mutual TLS. Clients without a certificate, or with one from another CA.

Setup: openssl makes a CA, a server certificate (127.0.0.1/localhost), a client certificate
signed by the CA, and a second CA with its own client certificate; the server runs with
--tls-cert/--tls-key/--tls-client-ca.
Checks: a client presenting the CA-signed certificate is served; one presenting no
certificate, or the other CA's, is refused (UNAVAILABLE); a plaintext client is refused.
"""

import shutil
import tempfile

import grpc

import abuse_common as ac


class MutualTlsTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        directory = tempfile.mkdtemp(prefix="caipan-abuse-mtls-")
        cls.addClassCleanup(shutil.rmtree, directory, True)
        cls.certs = ac.make_certs(directory)
        cert, key = cls.certs["server"]
        cls.server = cls.start_class_server(["--tls-cert=" + cert, "--tls-key=" + key,
                                             "--tls-client-ca=" + cls.certs["ca"][0]])

    def ping_as(self, client):
        """Pings over TLS, presenting `client`'s certificate (None: no certificate)."""
        chain = key = None
        if client is not None:
            chain = ac.read_bytes(self.certs[client][0])
            key = ac.read_bytes(self.certs[client][1])
        credentials = grpc.ssl_channel_credentials(
            root_certificates=ac.read_bytes(self.certs["ca"][0]), private_key=key,
            certificate_chain=chain)
        channel = grpc.secure_channel(self.server.target(), credentials,
                                      options=ac.CHANNEL_OPTIONS)
        self.addCleanup(channel.close)
        code, details, _ = ac.rpc_code(self.stub(channel).Ping, ac.PROTO.pb.PingRequest(),
                                       timeout=3)
        ac.figure("mtls", client_cert=client or "none", code=code.name)
        return code, details

    def test_client_with_ca_signed_certificate_is_served(self):
        code, details = self.ping_as("client")
        self.assertEqual(code, grpc.StatusCode.OK, details)

    def test_client_without_certificate_is_refused(self):
        code, _ = self.ping_as(None)
        self.assertEqual(code, grpc.StatusCode.UNAVAILABLE)

    def test_client_with_another_cas_certificate_is_refused(self):
        code, _ = self.ping_as("rogue_client")
        self.assertEqual(code, grpc.StatusCode.UNAVAILABLE)

    def test_plaintext_client_is_refused(self):
        channel = self.open_channel(self.server)
        code, _, _ = ac.rpc_code(self.stub(channel).Ping, ac.PROTO.pb.PingRequest(), timeout=3)
        ac.figure("mtls", client_cert="plaintext", code=code.name)
        self.assertEqual(code, grpc.StatusCode.UNAVAILABLE)


if __name__ == "__main__":
    ac.run_main()
