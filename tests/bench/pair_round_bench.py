#!/usr/bin/python3
"""PairRound through the real server: a 9,999-player Swiss round, timed and its memory measured.

Run by hand (not a ctest test), on optimised (Release) servers:

    /usr/bin/python3 tests/bench/pair_round_bench.py \\
        --server build/tools/caipan_server/caipan-server [--baseline OTHER/caipan-server] \\
        [--players 9999] [--runs 3] [--store sqlite|memory]

Each run starts a fresh server (SQLite store in a temporary directory unless --store memory),
creates a Swiss tournament, enters --players players in one AddPlayers call, and then times one
PairRound call for round 1 (wall time, as the client sees it). The server's RSS is read from
/proc before the pairing, right after it, and 5 s later. The "kept" figure is the RSS 5 s later
minus the RSS before: it is what the round's games hold, plus whatever the allocator keeps.
With --baseline, each run pairs the same field on both servers, one after the other in
alternating order, and the medians are printed side by side, with the ratio.
"""

import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import grpc
from grpc_tools import protoc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
ARBITER = "bench-arbiter-token-0123456789"


def generate(out_dir):
    proto_dir = os.path.join(ROOT, "proto")
    files = [os.path.join(d, f) for d, _, fs in os.walk(proto_dir) for f in fs
             if f.endswith(".proto")]
    include = os.path.join(os.path.dirname(protoc.__file__), "_proto")
    args = ["protoc", "-I" + proto_dir, "-I" + include, "--python_out=" + out_dir,
            "--grpc_python_out=" + out_dir] + files
    if protoc.main(args) != 0:
        sys.exit("cannot generate the Python modules")
    sys.path.insert(0, out_dir)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def one_run(server, players, store, work):
    from caipan.v1 import tournament_service_pb2 as ts
    from caipan.v1 import tournament_service_pb2_grpc as ts_grpc
    from caipan.v1 import game_service_pb2 as gs

    tokens = os.path.join(work, "arbiters.txt")
    with open(tokens, "w") as f:
        f.write(ARBITER + "\n")
    port = free_port()
    data = tempfile.mkdtemp(dir=work)
    command = [server, "--address", "127.0.0.1:%d" % port, "--metrics-address", "off",
               "--http-address", "off", "--no-rpc-log", "--arbiter-tokens-file", tokens,
               "--data-dir", data]
    if store == "memory":
        command += ["--store", "memory"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        channel = grpc.insecure_channel("127.0.0.1:%d" % port, options=[
            ("grpc.max_receive_message_length", 256 << 20),
            ("grpc.max_send_message_length", 256 << 20)])
        grpc.channel_ready_future(channel).result(timeout=30)
        stub = ts_grpc.TournamentServiceStub(channel)
        created = stub.CreateTournament(ts.CreateTournamentRequest(
            token=ARBITER, title="bench", kind=gs.GAME_KIND_XIANGQI,
            system=ts.PAIRING_SYSTEM_SWISS, rounds=9, time_control="1800+30"), timeout=30)
        add = ts.AddPlayersRequest(token=ARBITER, tournament=created.name)
        for i in range(players):
            add.players.add(name="Player %d" % (i + 1), rating=1000 + (i * 7919) % 1500)
        stub.AddPlayers(add, timeout=120)
        time.sleep(1)
        before = rss_mb(process.pid)
        start = time.perf_counter()
        round_ = stub.PairRound(ts.PairRoundRequest(token=ARBITER, tournament=created.name,
                                                    round=1), timeout=300)
        seconds = time.perf_counter() - start
        after = rss_mb(process.pid)
        time.sleep(5)
        later = rss_mb(process.pid)
        games = sum(1 for p in round_.pairings if p.game)
        channel.close()
        return {"seconds": seconds, "before": before, "after": after, "later": later,
                "games": games}
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--store", choices=["sqlite", "memory"], default="sqlite")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="caipan-pair-bench-")
    try:
        generate(work)
        servers = [("server", args.server)]
        if args.baseline:
            servers.append(("baseline", args.baseline))
        results = {label: [] for label, _ in servers}
        for run in range(args.runs):
            order = servers if run % 2 == 0 else list(reversed(servers))
            for label, binary in order:
                r = one_run(binary, args.players, args.store, work)
                results[label].append(r)
                print("run %d %s: %d games, PairRound %.3f s, RSS %.0f -> %.0f MB, %.0f MB 5 s "
                      "later (kept %+.0f MB)" % (run + 1, label, r["games"], r["seconds"],
                                                 r["before"], r["after"], r["later"],
                                                 r["later"] - r["before"]), flush=True)
        medians = {}
        for label, runs in results.items():
            medians[label] = (statistics.median(r["seconds"] for r in runs),
                              statistics.median(r["later"] - r["before"] for r in runs),
                              statistics.median(r["after"] - r["before"] for r in runs))
            print("%s: median PairRound %.3f s, peak growth %+.0f MB, kept %+.0f MB" %
                  (label, medians[label][0], medians[label][2], medians[label][1]))
        if args.baseline:
            print("ratio server/baseline (PairRound time): %.3f" %
                  (medians["server"][0] / medians["baseline"][0]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
