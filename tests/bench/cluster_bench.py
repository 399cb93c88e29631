#!/usr/bin/python3
"""Live games on several servers: durable moves per second and SubmitMove latency with 1, 2 and
3 caipan-servers on one PostgreSQL behind HAProxy (deploy/cluster.sh), and in the same run one
server on its embedded SQLite store (caipan-loadgen's own game benchmark), all on this machine.

For each cluster row it also reports the CPU each part used during the measured load (seconds of
CPU per second of wall time: 1.00 is one core busy): the servers, PostgreSQL, HAProxy and the
load generator, so that the limit can be read off (on a 2-core machine every part shares the
same two cores).

Usage: cluster_bench.py --server PATH --loadgen PATH [--games 64] [--seconds 8] [--rate 1000]
"""

import argparse
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLUSTER = os.path.join(HERE, "..", "..", "deploy", "cluster.sh")
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            pass
    return total / TICKS


def pids_of_user(user):
    try:
        uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        uid = os.getuid()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat("/proc/" + entry).st_uid == uid:
                    with open("/proc/%s/comm" % entry) as f:
                        if f.read().startswith("postgres"):
                            found.append(int(entry))
            except OSError:
                pass
    return found


def read_pid(path):
    with open(path) as f:
        return int(f.read().strip())


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
        groups = {
            "servers": [read_pid(os.path.join(directory, "server-%d.pid" % i))
                        for i in range(1, servers + 1)],
            "haproxy": [read_pid(os.path.join(directory, "haproxy.pid"))],
        }
        pg_user = "caipan-pg" if os.getuid() == 0 else pwd.getpwuid(os.getuid()).pw_name
        command = [args.loadgen, "--target", "127.0.0.1:" + values["GRPC"], "--games",
                   str(args.games), "--seconds", str(args.seconds), "--game-rate",
                   str(args.rate), "--game-label", "pg-%d-server%s" % (servers,
                                                                     "s" if servers > 1 else "")]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        # The CPU of the closed-loop row (after the loadgen's 0.5 s warm-up).
        time.sleep(0.7)
        groups["postgres"] = pids_of_user(pg_user)
        groups["loadgen"] = [proc.pid]
        before = {k: cpu_seconds(v) for k, v in groups.items()}
        start = time.monotonic()
        time.sleep(args.seconds * 0.9)
        after = {k: cpu_seconds(v) for k, v in groups.items()}
        wall = time.monotonic() - start
        output, _ = proc.communicate(timeout=args.seconds * 4 + 60)
        cpu = {k: (after[k] - before[k]) / wall for k in groups}
        return loadgen_rows(output), cpu, proc.returncode
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
            rows, cpu, code = run_cluster(args, servers, work)
            failures += code != 0
            for row in rows:
                parts = row.split()
                print("%-16s %6s %8s %9s %7s %10s %9s %9s" % tuple(parts[:8]))
            cpu_rows.append((servers, cpu))
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
        for servers, cpu in cpu_rows:
            print("%-8d %8.2f %9.2f %8.2f %8.2f %7.2f" % (
                servers, cpu["servers"], cpu["postgres"], cpu["haproxy"], cpu["loadgen"],
                sum(cpu.values())))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
