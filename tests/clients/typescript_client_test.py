#!/usr/bin/python3
"""clients/typescript against a real caipan-server: generates the TypeScript code of
proto/caipan/v1 (buf generate with protoc-gen-es), compiles the example with tsc and runs it
against the HTTP gateway's Connect protocol, binary and JSON.

Usage: typescript_client_test.py --server PATH --client-dir clients/typescript --proto-dir proto
                                 --npm-dir DIR --npm-cache DIR
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import unittest

import clients_common
from clients_common import Server

ARGS = None


def run(*argv):
    done = subprocess.run(list(argv), cwd=ARGS.npm_dir, capture_output=True, text=True,
                          timeout=180, env=clients_common.npm_env(ARGS))
    if done.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (" ".join(argv), done.returncode,
                                                        done.stdout, done.stderr))
    return done.stdout


def build_example():
    """A fresh copy of the client's sources beside the installed packages, generated and
    compiled: src/gen/caipan/v1/*_pb.ts, then dist/."""
    for name in ("examples", "src", "dist"):
        shutil.rmtree(os.path.join(ARGS.npm_dir, name), ignore_errors=True)
    for name in ("tsconfig.json", "buf.gen.yaml"):
        shutil.copy(os.path.join(ARGS.client_dir, name), ARGS.npm_dir)
    shutil.copytree(os.path.join(ARGS.client_dir, "examples"),
                    os.path.join(ARGS.npm_dir, "examples"))
    run("npx", "buf", "generate", ARGS.proto_dir, "--path",
        os.path.join(ARGS.proto_dir, "caipan", "v1"), "--template", "buf.gen.yaml")
    run("npx", "tsc", "-p", "tsconfig.json")


class TypeScriptClientTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        build_example()
        cls.server = Server(ARGS.server)

    @classmethod
    def tearDownClass(cls):
        code, log = cls.server.stop()
        if code != 0:
            raise AssertionError("server exited with %s:\n%s" % (code, log))

    def check_output(self, out):
        self.assertIn('"move": "h9g7"', out)
        self.assertIn('"display": "H8+7"', out)
        self.assertIn("对局未结束", out)
        listed = re.search(r"ListMoves: (\d+) legal moves: (.*)", out)
        self.assertIsNotNone(listed, out)
        moves = listed.group(2).split()
        self.assertEqual(int(listed.group(1)), len(moves))
        self.assertIn("h0g2", moves)

    def test_example_over_connect_binary(self):
        self.check_output(run("node", "dist/examples/check_move.js", "--base-url",
                              "http://127.0.0.1:%d" % self.server.http_port))

    def test_example_over_connect_json(self):
        self.check_output(run("node", "dist/examples/check_move.js", "--base-url",
                              "http://127.0.0.1:%d" % self.server.http_port, "--json"))

    def test_unreachable_server_is_reported(self):
        done = subprocess.run(["node", "dist/examples/check_move.js", "--base-url",
                               "http://127.0.0.1:1"], cwd=ARGS.npm_dir, capture_output=True,
                              text=True, timeout=60)
        self.assertEqual(done.returncode, 1)
        self.assertIn("check_move: Unavailable", done.stderr)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--client-dir", required=True)
    parser.add_argument("--proto-dir", required=True)
    clients_common.add_npm_flags(parser)
    ARGS, rest = parser.parse_known_args()
    return clients_common.run_tests(rest)


if __name__ == "__main__":
    sys.exit(main())
