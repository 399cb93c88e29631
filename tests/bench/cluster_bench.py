#!/usr/bin/python3
"""Live games on several servers: durable moves per second and SubmitMove latency with 1, 2 and
3 caipan-servers on one PostgreSQL behind HAProxy (deploy/cluster.sh), and in the same run one
server on its embedded SQLite store (caipan-loadgen's own game benchmark), all on this machine.

For each cluster row it also reports the CPU each part used during the measured load (seconds of
CPU per second of wall time: 1.00 is one core busy): the servers, PostgreSQL, HAProxy and the
load generator, so that the limit can be read off (on a 2-core machine every part shares the
same two cores). And the CPU per durable move: the CPU seconds of all caipan-servers and all of
PostgreSQL over the moves acknowledged in the same interval (SubmitMove calls answered OK, each
after its commit, summed over the servers' caipan_rpc_calls_total), in microseconds per move,
with 2 and 3 servers against 1: what a move costs the servers and the database together,
whatever the throughput. Both are measured over most of the closed-loop row.

How CPU is counted: a process's utime + stime from /proc/PID/stat, read at the start and the end
of the interval. PostgreSQL's backends come and go, so its CPU is the postmaster's own, plus its
reaped children's (cutime + cstime: a child's whole CPU is added there when the postmaster
reaps it), plus its live children's (every process whose parent it is): the difference between
two readings counts every backend's CPU within the interval, whether it was started, ended or
both in between. The one blind spot is a child reaped between the reading of its parent and the
listing of the children (counted at neither); a reading takes milliseconds.

Usage: cluster_bench.py --server PATH --loadgen PATH [--games 64] [--seconds 8] [--rate 1000]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CLUSTER = os.path.join(HERE, "..", "..", "deploy", "cluster.sh")
TICKS = os.sysconf("SC_CLK_TCK")


def stat_fields(pid):
    """The fields of /proc/PID/stat after the command's name (state first), or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        fields = stat_fields(pid)
        if fields:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def children_of(parent):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = stat_fields(int(entry))
            if fields and fields[1] == str(parent):  # ppid
                found.append(int(entry))
    return found


def cluster_cpu_seconds(postmaster):
    """A PostgreSQL cluster's CPU so far: the postmaster's own and its children's, reaped or live
    (see the module's docstring)."""
    fields = stat_fields(postmaster)
    if not fields:
        return 0
    own_and_reaped = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return own_and_reaped / TICKS + cpu_seconds(children_of(postmaster))


def acknowledged_moves(metrics_ports):
    """SubmitMove calls the servers have answered OK so far (their /metrics)."""
    total = 0
    for port in metrics_ports:
        with urllib.request.urlopen("http://127.0.0.1:%s/metrics" % port, timeout=5) as answer:
            for line in answer.read().decode().splitlines():
                if (line.startswith("caipan_rpc_calls_total{") and 'code="OK"' in line
                        and 'method="/caipan.v1.GameService/SubmitMove"' in line):
                    total += float(line.split()[-1])
    return int(total)


def read_pid(path):
    with open(path) as f:
        return int(f.readline())  # postmaster.pid has more lines after the pid


def loadgen_rows(output):
    return [line for line in output.splitlines()
            if re.match(r"^\S+\s+\d+\s+(closed|\d+/s)\s", line)]


def run_cluster(args, servers, work):
    directory = os.path.join(work, "c%d" % servers)
    env = dict(os.environ, CAIPAN_SERVER=args.server, CAIPAN_SERVER_ARGS="--no-rpc-log")
    started = subprocess.run(["bash", CLUSTER, "start", directory, str(servers)], env=env,
                             capture_output=True, text=True, timeout=180)
    if started.returncode != 0:
        raise RuntimeError("cluster.sh start failed:\n" + started.stdout + started.stderr)
    try:
        values = dict(line.strip().split("=", 1)
                      for line in open(os.path.join(directory, "cluster.env")))
        server_pids = [read_pid(os.path.join(directory, "server-%d.pid" % i))
                       for i in range(1, servers + 1)]
        haproxy_pid = read_pid(os.path.join(directory, "haproxy.pid"))
        postmaster = read_pid(os.path.join(directory, "pg", "data", "postmaster.pid"))
        metrics_ports = [values["SERVER_%d_METRICS" % i] for i in range(1, servers + 1)]
        command = [args.loadgen, "--target", "127.0.0.1:" + values["GRPC"], "--games",
                   str(args.games), "--seconds", str(args.seconds), "--game-rate",
                   str(args.rate), "--game-label", "pg-%d-server%s" % (servers,
                                                                     "s" if servers > 1 else "")]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        groups = {
            "servers": lambda: cpu_seconds(server_pids),
            "postgres": lambda: cluster_cpu_seconds(postmaster),
            "haproxy": lambda: cpu_seconds([haproxy_pid]),
            "loadgen": lambda: cpu_seconds([proc.pid]),
        }
        # The CPU of the closed-loop row (after the loadgen's 0.5 s warm-up).
        time.sleep(0.7)
        before = {k: read() for k, read in groups.items()}
        moves_before = acknowledged_moves(metrics_ports)
        start = time.monotonic()
        time.sleep(args.seconds * 0.9)
        after = {k: read() for k, read in groups.items()}
        moves = acknowledged_moves(metrics_ports) - moves_before
        wall = time.monotonic() - start
        output, _ = proc.communicate(timeout=args.seconds * 4 + 60)
        used = {k: after[k] - before[k] for k in groups}
        cpu = {k: used[k] / wall for k in groups}
        per_move = {"moves": moves,
                    "servers": 1e6 * used["servers"] / max(moves, 1),
                    "postgres": 1e6 * used["postgres"] / max(moves, 1)}
        return loadgen_rows(output), cpu, per_move, proc.returncode
    finally:
        subprocess.run(["bash", CLUSTER, "stop", directory], capture_output=True, timeout=120)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--loadgen", required=True)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--rate", type=float, default=1000)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="caipan_cluster_bench_")
    os.chmod(work, 0o755)  # PostgreSQL runs as its own user below it
    failures = 0
    try:
        print("cluster benchmark: %d games, %.0f s per row, closed loop and paced at %.0f moves/s;"
              " %d cores" % (args.games, args.seconds, args.rate, os.cpu_count()))
        print("%-16s %6s %8s %9s %7s %10s %9s %9s" % ("store", "games", "load", "moves",
                                                    "errors", "moves/s", "p50_us", "p99_us"))
        cpu_rows = []
        for servers in (1, 2, 3):
            rows, cpu, per_move, code = run_cluster(args, servers, work)
            failures += code != 0
            for row in rows:
                parts = row.split()
                print("%-16s %6s %8s %9s %7s %10s %9s %9s" % tuple(parts[:8]))
            cpu_rows.append((servers, cpu, per_move))
            sys.stdout.flush()
        single = subprocess.run(
            [args.loadgen, "--server", args.server, "--games", str(args.games), "--seconds",
             str(args.seconds), "--game-rate", str(args.rate), "--server-arg=--no-rpc-log"],
            capture_output=True, text=True, timeout=600)
        failures += single.returncode != 0
        for row in loadgen_rows(single.stdout):
            parts = row.split()
            if parts[0].startswith("sqlite") or parts[0] == "memory":
                print("%-16s %6s %8s %9s %7s %10s %9s %9s" % tuple(
                    ["1-server-" + parts[0]] + parts[1:8]))
        print("\nCPU during the closed-loop rows (core-seconds per second; the machine has %d):"
              % os.cpu_count())
        print("%-8s %8s %9s %8s %8s %7s" % ("servers", "servers", "postgres", "haproxy",
                                            "loadgen", "total"))
        for servers, cpu, _ in cpu_rows:
            print("%-8d %8.2f %9.2f %8.2f %8.2f %7.2f" % (
                servers, cpu["servers"], cpu["postgres"], cpu["haproxy"], cpu["loadgen"],
                sum(cpu.values())))
        print("\nCPU per durable move during the closed-loop rows (caipan-servers + PostgreSQL,"
              " microseconds):\n")
        print("| servers | moves | caipan-servers | PostgreSQL | per move | vs 1 server |")
        print("| --- | --- | --- | --- | --- | --- |")
        single_us = cpu_rows[0][2]["servers"] + cpu_rows[0][2]["postgres"]
        for servers, _, per_move in cpu_rows:
            total_us = per_move["servers"] + per_move["postgres"]
            print("| %d | %d | %.0f µs | %.0f µs | %.0f µs | %.2f× |" % (
                servers, per_move["moves"], per_move["servers"], per_move["postgres"], total_us,
                total_us / single_us if single_us else 0))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
