#!/usr/bin/python3
"""Abuse item 10: a second server started on a gRPC port that is already taken.

Attack: start the server, then another one on the same 127.0.0.1 port (with SO_REUSEPORT, as
gRPC sets it, the second could silently share the port and steal half the connections).
Checks: the second exits non-zero within 5 s, with a message in stderr that contains "address"
and the port; the first keeps serving.
"""

import subprocess
import time

import abuse_common as ac

EXIT_WAIT_S = 5.0


class PortInUseTest(ac.ServerTestCase):

    def test_second_server_on_the_same_port_fails_clearly(self):
        first = self.start_server()
        argv = [ac.ARGS.server, "--address=127.0.0.1:%d" % first.port,
                "--metrics-address=127.0.0.1:0", "--http-address=127.0.0.1:0"]
        second = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        self.addCleanup(stop_process, second)
        start = time.monotonic()
        try:
            code = second.wait(timeout=EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            code = None
        elapsed = time.monotonic() - start
        if code is None:
            stop_process(second)
        stderr = second.stderr.read().decode("utf-8", "replace")
        second.stderr.close()
        listened = "event=listening" in stderr
        message = "\n".join(line for line in stderr.splitlines()
                             if "event=listening" not in line)
        ac.figure(10, port=first.port, second_exit_code=code, exit_s=elapsed,
                  limit_s=EXIT_WAIT_S, second_listened=int(listened),
                  says_address=int("address" in message.lower()))
        ac.say("abuse item 10: second server stderr: " + " | ".join(stderr.splitlines()[:3]))
        self.assertIsNotNone(code, "the second server is still running on a taken port")
        self.assertNotEqual(code, 0)
        self.assertFalse(listened, "the second server said it was listening")
        self.assertIn("address", message.lower())
        self.assertIn(str(first.port), message)
        self.assert_serving(first)


def stop_process(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


if __name__ == "__main__":
    ac.run_main()
