"""What the client tests share: caipan-server on free loopback ports (gRPC, HTTP gateway, metrics)
with a store in a temporary folder and its log (one line per RPC) in a file the test can read;
the flags and environment of the tests that use the installed npm packages; the unittest run."""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest


def add_npm_flags(parser):
    parser.add_argument("--npm-dir", required=True, help="where npm_install.sh installed")
    parser.add_argument("--npm-cache", required=True, help="npm's cache in the build tree")


def npm_env(args):
    """The environment for npm and npx: the build tree's cache, no update check."""
    return dict(os.environ, npm_config_cache=args.npm_cache, npm_config_update_notifier="false")


def run_tests(unittest_argv):
    """Runs the calling file's test cases (unittest's own flags in `unittest_argv`); 0 or 1."""
    result = unittest.main(argv=[sys.argv[0]] + unittest_argv, exit=False, verbosity=2).result
    return 0 if result.wasSuccessful() else 1


class Server:

    def __init__(self, path, flags=()):
        self.work = tempfile.TemporaryDirectory(prefix="caipan-clients-")
        self.log_path = os.path.join(self.work.name, "server.log")
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            [path, "--address=127.0.0.1:0", "--metrics-address=127.0.0.1:0",
             "--http-address=127.0.0.1:0", "--data-dir=" + self.work.name] + list(flags),
            stdout=subprocess.DEVNULL, stderr=self.log, cwd=self.work.name)
        deadline = time.monotonic() + 30
        while True:
            match = re.search(r"event=listening .* port=(\d+) .*http_port=(\d+)", self.text())
            if match:
                self.port, self.http_port = int(match.group(1)), int(match.group(2))
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("caipan-server did not start:\n" + self.text())
            time.sleep(0.05)
        self.target = "127.0.0.1:%d" % self.port

    def text(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        log = self.text()
        self.work.cleanup()
        return self.proc.returncode, log
