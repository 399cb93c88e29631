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

Both per-move figures are given: over the closed-loop row (as many moves as the machine takes:
each server's group commits shrink as servers are added) and over the paced row (the same
moves per second whatever the number of servers: the cost of a move itself). With
--baseline-server the cluster rows run again with another build, in the same run. With
--games-per-server each server's share of games and moves stays the same as servers are added
(N servers play N times the games at N times the rate), so a growth of the per-move figures is
work that more servers add, not group commits that shrink.

Usage: cluster_bench.py --server PATH --loadgen PATH [--games 64] [--seconds 8] [--rate 1000]
                        [--baseline-server PATH [--baseline-deploy DIR]]
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


def run_cluster(args, server, cluster, servers, work):
    directory = tempfile.mkdtemp(prefix="c%d_" % servers, dir=work)
    os.chmod(directory, 0o755)
    env = dict(os.environ, CAIPAN_SERVER=server, CAIPAN_SERVER_ARGS="--no-rpc-log")
    started = subprocess.run(["bash", cluster, "start", directory, str(servers)], env=env,
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
                   str(args.games * (servers if args.games_per_server else 1)),
                   "--seconds", str(args.seconds), "--game-rate",
                   str(args.rate * (servers if args.games_per_server else 1)), "--game-label", "pg-%d-server%s" % (servers,
                                                                     "s" if servers > 1 else "")]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        groups = {
            "servers": lambda: cpu_seconds(server_pids),
            "postgres": lambda: cluster_cpu_seconds(postmaster),
            "haproxy": lambda: cpu_seconds([haproxy_pid]),
            "loadgen": lambda: cpu_seconds([proc.pid]),
        }
        launched = time.monotonic()

        def window(begin, seconds):
            """CPU and acknowledged moves from `begin` (after launch) for `seconds`."""
            time.sleep(max(0.0, launched + begin - time.monotonic()))
            before = {k: read() for k, read in groups.items()}
            moves_before = acknowledged_moves(metrics_ports)
            start = time.monotonic()
            time.sleep(seconds)
            after = {k: read() for k, read in groups.items()}
            moves = acknowledged_moves(metrics_ports) - moves_before
            wall = time.monotonic() - start
            used = {k: after[k] - before[k] for k in groups}
            return ({k: used[k] / wall for k in groups},
                    {"moves": moves,
                     "servers": 1e6 * used["servers"] / max(moves, 1),
                     "postgres": 1e6 * used["postgres"] / max(moves, 1)})

        # The closed-loop row (after the loadgen's 0.5 s warm-up), then the paced one.
        cpu, per_move = window(0.7, args.seconds * 0.9)
        _, paced_per_move = window(0.5 + args.seconds + 0.5, args.seconds * 0.8)
        output, _ = proc.communicate(timeout=args.seconds * 4 + 60)
        return loadgen_rows(output), cpu, per_move, paced_per_move, proc.returncode
    finally:
        subprocess.run(["bash", cluster, "stop", directory], capture_output=True, timeout=120)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--loadgen", required=True)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--rate", type=float, default=1000)
    parser.add_argument("--games-per-server", action="store_true",
                        help="--games and --rate per server: N servers play N times the games "
                             "at N times the rate (each server's share of the load stays the "
                             "same, so does its group commit)")
    parser.add_argument("--baseline-server",
                        help="another caipan-server build, run on the same cluster rows after "
                             "--server's, for a same-run comparison")
    parser.add_argument("--baseline-deploy",
                        help="the deploy/ folder of the baseline's checkout (its cluster.sh and "
                             "HAProxy configuration); default: this checkout's")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="caipan_cluster_bench_")
    os.chmod(work, 0o755)  # PostgreSQL runs as its own user below it
    failures = 0
    try:
        print("cluster benchmark: %d games, %.0f s per row, closed loop and paced at %.0f moves/s"
              "%s; %d cores" % (args.games, args.seconds, args.rate,
                                " per server" if args.games_per_server else "",
                                os.cpu_count()))
        print("%-16s %6s %8s %9s %7s %10s %9s %9s" % ("store", "games", "load", "moves",
                                                    "errors", "moves/s", "p50_us", "p99_us"))
        builds = [("", args.server, CLUSTER)]
        if args.baseline_server:
            builds.append(("baseline ", args.baseline_server,
                           os.path.join(args.baseline_deploy, "cluster.sh")
                           if args.baseline_deploy else CLUSTER))
        cpu_rows = {}
        for prefix, server, cluster in builds:
            cpu_rows[prefix] = []
            for servers in (1, 2, 3):
                rows, cpu, per_move, paced, code = run_cluster(args, server, cluster, servers,
                                                               work)
                failures += code != 0
                for row in rows:
                    parts = row.split()
                    print("%-16s %6s %8s %9s %7s %10s %9s %9s" % tuple(
                        [prefix + parts[0]] + parts[1:8]))
                cpu_rows[prefix].append((servers, cpu, per_move, paced))
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
        for prefix, rows in cpu_rows.items():
            print("\n%sCPU during the closed-loop rows (core-seconds per second; the machine "
                  "has %d):" % (prefix, os.cpu_count()))
            print("%-8s %8s %9s %8s %8s %7s" % ("servers", "servers", "postgres", "haproxy",
                                                "loadgen", "total"))
            for servers, cpu, _, _ in rows:
                print("%-8d %8.2f %9.2f %8.2f %8.2f %7.2f" % (
                    servers, cpu["servers"], cpu["postgres"], cpu["haproxy"], cpu["loadgen"],
                    sum(cpu.values())))
            paced = "paced (%.0f moves/s%s)" % (args.rate, " per server" if args.games_per_server
                                                else "")
            for column, label in ((2, "closed-loop"), (3, paced)):
                print("\n%sCPU per durable move, %s rows (caipan-servers + PostgreSQL):\n"
                      % (prefix, label))
                print("| servers | moves | caipan-servers | PostgreSQL | per move | vs 1 server |")
                print("| --- | --- | --- | --- | --- | --- |")
                single_us = rows[0][column]["servers"] + rows[0][column]["postgres"]
                for row in rows:
                    per_move = row[column]
                    total_us = per_move["servers"] + per_move["postgres"]
                    print("| %d | %d | %.0f µs | %.0f µs | %.0f µs | %.2f× |" % (
                        row[0], per_move["moves"], per_move["servers"], per_move["postgres"],
                        total_us, total_us / single_us if single_us else 0))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
