"""caipan-server for the client tests: gRPC, HTTP gateway and metrics on free loopback ports, a
store in a temporary folder, its log (one line per RPC) in a file the test can read."""

import os
import re
import signal
import subprocess
import tempfile
import time


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
