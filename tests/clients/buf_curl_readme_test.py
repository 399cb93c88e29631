#!/usr/bin/python3
"""Runs the README's `buf curl` example (npm @bufbuild/buf, as pinned by clients/typescript's
package-lock.json) against a real caipan-server: buf curl asks the server's reflection for the
schema, which must be grpc.reflection.v1 (no fallback to v1alpha), and gets the answer.

The command is the README's own, found after the marker line; only the address 127.0.0.1:50051
is replaced by the test server's.

Usage: buf_curl_readme_test.py --server PATH --readme README.md --npm-dir DIR --npm-cache DIR
"""

import argparse
import json
import re
import subprocess
import sys
import unittest

import clients_common
from clients_common import Server

MARKER = "<!-- tested by tests/clients/buf_curl_readme_test.py -->"
README_ADDRESS = "127.0.0.1:50051"
ARGS = None


def readme_command(path):
    """The shell command of the fenced block after MARKER, continuation lines joined."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    at = text.find(MARKER)
    if at < 0:
        raise AssertionError("README has no line %r" % MARKER)
    block = re.search(r"```sh\n(.*?)```", text[at:], re.S)
    if block is None:
        raise AssertionError("no ```sh block after the marker")
    return block.group(1).replace("\\\n", " ").strip()


class BufCurlReadmeTest(unittest.TestCase):

    def test_readme_command_answers_over_reflection_v1(self):
        command = readme_command(ARGS.readme)
        self.assertTrue(command.startswith("npx @bufbuild/buf curl "), command)
        self.assertIn(README_ADDRESS, command)
        server = Server(ARGS.server)
        try:
            done = subprocess.run(
                ["bash", "-c", command.replace(README_ADDRESS, server.target)],
                cwd=ARGS.npm_dir, capture_output=True, text=True, timeout=120,
                env=clients_common.npm_env(ARGS))
        finally:
            code, log = server.stop()
        self.assertEqual(done.returncode, 0, done.stderr)
        answer = json.loads(done.stdout)
        self.assertTrue(answer["check"]["legal"], done.stdout)
        self.assertEqual(answer["check"]["move"], "h2e2")
        self.assertIn("对局未结束", answer["check"]["verdict"]["explanation"])
        self.assertRegex(log, r"method=/grpc\.reflection\.v1\.ServerReflection/"
                              r"ServerReflectionInfo code=OK")
        self.assertNotIn("v1alpha", log)
        self.assertNotIn("code=UNIMPLEMENTED", log)
        self.assertEqual(code, 0, log)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--readme", required=True)
    clients_common.add_npm_flags(parser)
    ARGS, rest = parser.parse_known_args()
    return clients_common.run_tests(rest)


if __name__ == "__main__":
    sys.exit(main())
