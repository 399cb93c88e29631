"""What the crash tests of tests/game share (crash_test.py, pairing_crash_test.py).

The Python client generated from proto/caipan/v1/*.proto at test time; the caipan-server binary
on a SQLite store in a work directory, started on a free loopback port (port 0, read back from its
`event=listening` log line), killed with SIGKILL and restarted on the same store; a client's
channel that follows the server across restarts; the errors a call is retried on, the timeout of
one call and a call without retries for the checks; the flags both tests take and how they report
a failure.

Each test imports the generated modules it needs itself, after generate_client(), and subclasses
Connection to open the stubs it calls. The tests import this module from their own folder, which
Python puts first on sys.path whatever the working directory (tests/cluster/cluster_test.py, which
imports crash_test, puts tests/game there itself).
"""

import argparse
import glob
import os
import re
import signal
import subprocess
import sys
import threading
import time

import grpc
from grpc_tools import protoc

# Errors a client sees when the server is killed under it (or is slow): the call is retried.
RETRYABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
             grpc.StatusCode.CANCELLED)
CALL_TIMEOUT = 5.0


class Failure(Exception):
    pass


class FinalKill(Exception):
    """The server was killed for the last time (it is restarted only for the checks)."""


def now_ms():
    return int(time.time() * 1000)


def argument_parser(doc, default_seed):
    """The flags both tests take: --server, --proto-dir, --kills (at least 1, checked by
    parse_args()), --seed; a test adds its own before parse_args()."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True)
    parser.add_argument("--proto-dir", required=True)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=default_seed)
    return parser


def parse_args(parser):
    args = parser.parse_args()
    if args.kills < 1:
        parser.error("--kills must be at least 1")
    return args


def report_failure(test, error, server):
    """Prints `test` FAILED with the error and the tail of the last server's log."""
    print("%s FAILED: %s" % (test, error), file=sys.stderr)
    if server is not None and server.log_path:
        print("last server log (%s):\n%s" % (server.log_path, server.log_tail()),
              file=sys.stderr)


def generate_client(proto_dir, out_dir):
    """Generates the Python modules of caipan.v1 in `out_dir` and puts it on sys.path (the
    caller then imports from caipan.v1 what it uses)."""
    os.makedirs(out_dir, exist_ok=True)
    protos = sorted(glob.glob(os.path.join(proto_dir, "caipan", "v1", "*.proto")))
    code = protoc.main(["grpc_tools.protoc", "-I" + proto_dir, "--python_out=" + out_dir,
                        "--grpc_python_out=" + out_dir] + protos)
    if code != 0:
        sys.exit("protoc failed")
    sys.path.insert(0, out_dir)


# --- The server process -----------------------------------------------------------------------

class Server:
    """caipan-server on a SQLite store in `work_dir`, restarted on a new port after each kill.

    The current address is shared with the clients under a condition variable: None while the
    server is down. `final` is set before the server's last kill (by the test) or when it is
    stopped: clients waiting for it during the kills then give up (FinalKill)."""

    def __init__(self, path, work_dir, arbiter_token, poll_s):
        self.path = path
        self.work_dir = work_dir
        self.poll_s = poll_s  # how often start() looks for the listening line
        self.tokens_file = os.path.join(work_dir, "arbiters.txt")
        with open(self.tokens_file, "w") as f:
            f.write("# arbiter tokens\n%s\n" % arbiter_token)
        self.cond = threading.Condition()
        self.proc = None
        self.address = None
        self.generation = 0
        # Per incarnation: [spawn_unix_ms, listening_unix_ms, killed_unix_ms or None].
        self.incarnations = []
        self.startup_s = []  # per incarnation: seconds from spawn to listening (monotonic)
        self.log_path = None
        self.final = threading.Event()

    def start(self, deadline_s=60.0):
        """Starts the server and waits for its `event=listening` line; (spawn, listening) in
        unix ms."""
        self.generation += 1
        self.log_path = os.path.join(self.work_dir, "server-%d.log" % self.generation)
        log = open(self.log_path, "w")
        spawn = now_ms()
        spawned = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                [self.path, "--address", "127.0.0.1:0", "--metrics-address=off",
                 "--http-address=off", "--no-rpc-log",
                 "--store", "sqlite:" + os.path.join(self.work_dir, "games.db"),
                 "--data-dir", self.work_dir, "--arbiter-tokens-file", self.tokens_file],
                stdout=log, stderr=subprocess.STDOUT)
        finally:
            log.close()
        deadline = time.monotonic() + deadline_s
        port = None
        while port is None:
            with open(self.log_path) as f:
                for line in f:
                    if "event=listening" in line:
                        match = re.search(r"\bport=(\d+)", line)
                        if match:
                            port = int(match.group(1))
            if port is not None:
                break
            if self.proc.poll() is not None:
                raise Failure("server (start %d) exited with %s before listening:\n%s" %
                              (self.generation, self.proc.returncode, self.log_tail()))
            if time.monotonic() > deadline:
                raise Failure("server (start %d) did not log event=listening within %.0f s:\n%s"
                              % (self.generation, deadline_s, self.log_tail()))
            time.sleep(self.poll_s)
        self.startup_s.append(time.monotonic() - spawned)
        up = now_ms()
        with self.cond:
            self.address = "127.0.0.1:%d" % port
            self.incarnations.append([spawn, up, None])
            self.cond.notify_all()
        return spawn, up

    def log_tail(self, lines=30):
        try:
            with open(self.log_path) as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return "(no log)"

    def kill(self):
        with self.cond:
            self.address = None
            self.cond.notify_all()
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.incarnations[-1][2] = now_ms()

    def stop(self):
        """Stops the server at the end (SIGTERM, then SIGKILL)."""
        with self.cond:
            self.address = None
            self.cond.notify_all()
        if self.proc is None or self.proc.poll() is not None:
            return
        self.final.set()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def current(self, deadline, during_kills=False):
        """(generation, address) of the running server; waits while it is down (during the
        kills: raises FinalKill once the server is down for the last time)."""
        with self.cond:
            while self.address is None:
                if during_kills and self.final.is_set():
                    raise FinalKill()
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Failure("the server was not back within the deadline")
                self.cond.wait(min(left, 0.5))
            return self.generation, self.address


class Connection:
    """A client's channel to the current server, reopened after a restart. A test's subclass
    opens the stubs it calls in open_stubs()."""

    def __init__(self, server):
        self.server = server
        self.generation = None
        self.channel = None

    def open_stubs(self, channel):
        raise NotImplementedError

    def stubs(self, deadline, during_kills=False):
        generation, address = self.server.current(deadline, during_kills)
        if generation != self.generation:
            self.close()
            self.channel = grpc.insecure_channel(address)
            self.open_stubs(self.channel)
            self.generation = generation
        return self

    def close(self):
        if self.channel is not None:
            self.channel.close()
            self.channel = None


def call_once(conn, fn, what):
    """One call on a live server (the checking phase: no kills, no retries)."""
    try:
        return fn(conn.stubs(time.monotonic() + 30))
    except grpc.RpcError as e:
        raise Failure("%s: %s: %s" % (what, e.code().name, e.details()))
