#!/usr/bin/python3
"""Abuse: TLS. An eavesdropper on the wire, or a client that skips encryption.

Setup: a CA and a server certificate for 127.0.0.1/localhost made with openssl at test time;
the server runs with --tls-cert/--tls-key.
Checks: a TLS client trusting the CA gets answers (Ping, CheckMove); a plaintext client gets
none (UNAVAILABLE); a TLS client that trusts another CA is refused.
"""

import shutil
import tempfile

import grpc

import abuse_common as ac


class TlsTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        directory = tempfile.mkdtemp(prefix="caipan-abuse-tls-")
        cls.addClassCleanup(shutil.rmtree, directory, True)
        cls.certs = ac.make_certs(directory)
        cert, key = cls.certs["server"]
        cls.server = cls.start_class_server(["--tls-cert=" + cert, "--tls-key=" + key])

    def secure_channel(self, ca="ca"):
        credentials = grpc.ssl_channel_credentials(
            root_certificates=ac.read_bytes(self.certs[ca][0]))
        channel = grpc.secure_channel(self.server.target(), credentials,
                                      options=ac.CHANNEL_OPTIONS)
        self.addCleanup(channel.close)
        return channel

    def test_tls_client_is_served(self):
        stub = self.stub(self.secure_channel())
        code, details, _ = ac.rpc_code(stub.Ping, ac.PROTO.pb.PingRequest(), timeout=5)
        response = None
        if code == grpc.StatusCode.OK:
            response = stub.CheckMove(ac.PROTO.pb.CheckMoveRequest(
                xiangqi=ac.PROTO.xq.XiangqiPosition(), move="h2e2"), timeout=5)
        ac.figure("tls", case="tls-client", code=code.name,
                  check_move_legal=int(bool(response and response.check.legal)))
        self.assertEqual(code, grpc.StatusCode.OK, details)
        self.assertTrue(response.check.legal)

    def test_plaintext_client_is_not_served(self):
        channel = self.open_channel(self.server)
        code, _, _ = ac.rpc_code(self.stub(channel).Ping, ac.PROTO.pb.PingRequest(), timeout=3)
        ac.figure("tls", case="plaintext-client", code=code.name)
        self.assertEqual(code, grpc.StatusCode.UNAVAILABLE)

    def test_client_trusting_another_ca_is_refused(self):
        stub = self.stub(self.secure_channel(ca="rogue"))
        code, _, _ = ac.rpc_code(stub.Ping, ac.PROTO.pb.PingRequest(), timeout=3)
        ac.figure("tls", case="wrong-ca-client", code=code.name)
        self.assertEqual(code, grpc.StatusCode.UNAVAILABLE)


if __name__ == "__main__":
    ac.run_main()
