#!/usr/bin/python3
"""CheckMove over the HTTP gateway (Connect JSON) next to native gRPC, on one server.

Run by hand (not a ctest test), on an optimised (Release) caipan-server built with the gateway:

    /usr/bin/python3 tests/bench/gateway_bench.py \\
        --server build/tools/caipan_server/caipan-server \\
        --loadgen build/tools/caipan_loadgen/caipan-loadgen

What it does, in one run:
1. Finds the exact CheckMove request caipan-loadgen sends (`--plies` moves of history and the
   next move, from its fixed seed) by pointing the load generator at a small capturing gRPC
   server of our own for one call, so that both paths carry the very same request.
2. Starts one caipan-server (in-memory store, --no-rpc-log, no HTTP rate limit) with its gRPC
   port and the gateway, and checks once that the Connect JSON answer equals the native one.
3. `--rounds` times, alternating: caipan-loadgen --mix check_move (closed loop, `--in-flight`
   calls on one HTTP/2 channel; it also measures Ping first, shown for reference), then wrk
   with `--in-flight` connections POSTing the same request as Connect JSON (a Lua script sets
   the body and headers; its done() hook reports the p99 and the non-2xx count).
4. Prints QPS, p50/p99 and the server's CPU time per call (from /proc over that measurement
   alone, so the clients' own costs are set apart) for each, and the ratio Connect QPS /
   native QPS per round and in total (the project's goal: at least 50 %).

Both clients run on the same machine as the server and compete with it for CPU; the server CPU
per call is the figure that says what the gateway itself costs.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "gateway"))

import gateway_common as gc  # noqa: E402

LUA = r"""
wrk.method = "POST"
wrk.body = [==[%(body)s]==]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Connect-Protocol-Version"] = "1"

done = function(summary, latency, requests)
  io.write(string.format(
    "caipan-wrk: requests=%%d duration_us=%%d p50_us=%%d p99_us=%%d non2xx=%%d " ..
    "socket_errors=%%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write +
    summary.errors.timeout))
end
"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default="/work/gw-bin/caipan-server",
                        help="a Release caipan-server with the gateway")
    parser.add_argument("--loadgen", default=os.path.join(
        ROOT, "build", "tools", "caipan_loadgen", "caipan-loadgen"))
    parser.add_argument("--proto-dir", default=os.path.join(ROOT, "proto"))
    parser.add_argument("--wrk", default="/usr/bin/wrk")
    parser.add_argument("--plies", type=int, default=10,
                        help="history length of the CheckMove request (a short game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="each measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--in-flight", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=2)
    parser.add_argument("--server-arg", action="append", default=[],
                        help="extra flag for the server (repeatable), "
                             "e.g. --server-arg=--http-threads=4")
    return parser.parse_args()


# ---------------------------------------------------------------------------------------------
# The load generator's request


def capture_check_move(loadgen, plies):
    """The serialized CheckMoveRequest caipan-loadgen sends with --plies `plies`."""
    import grpc
    from concurrent import futures
    captured = []
    got = threading.Event()

    def handler(request_bytes, context):
        if context is not None and not got.is_set():
            captured.append(request_bytes)
            got.set()
        return b""

    class Capture(grpc.GenericRpcHandler):
        def service(self, details):
            identity = lambda b: b  # noqa: E731
            if details.method.endswith("/CheckMove"):
                return grpc.unary_unary_rpc_method_handler(handler, identity, identity)
            if details.method.endswith("/Ping"):
                return grpc.unary_unary_rpc_method_handler(lambda b, c: b"", identity,
                                                           identity)
            return None

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    server.add_generic_rpc_handlers([Capture()])
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        subprocess.run([loadgen, "--target", "127.0.0.1:%d" % port, "--mix", "check_move",
                        "--plies", str(plies), "--seconds", "0.2", "--in-flight", "1",
                        "--max-calls", "1"], capture_output=True, timeout=60)
    finally:
        server.stop(0)
    if not captured:
        sys.exit("caipan-loadgen sent no CheckMove to the capturing server")
    return captured[0]


# ---------------------------------------------------------------------------------------------
# Measurements


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Result:
    def __init__(self, name, qps, p50_us, p99_us, calls, errors, server_us_per_call):
        self.name = name
        self.qps = qps
        self.p50_us = p50_us
        self.p99_us = p99_us
        self.calls = calls
        self.errors = errors
        self.server_us_per_call = server_us_per_call

    def row(self):
        server = ("%9.1f" % self.server_us_per_call if self.server_us_per_call is not None
                  else "%9s" % "-")
        return "%-22s %9d %7d %10.0f %9.0f %9.0f %s" % (
            self.name, self.calls, self.errors, self.qps, self.p50_us, self.p99_us, server)


def run_loadgen(args, server):
    """caipan-loadgen's Ping then CheckMove measurements. Its rows are read as they are printed
    so that the server's CPU time is taken over the CheckMove measurement alone."""
    process = subprocess.Popen([args.loadgen, "--target", server.target(), "--mix",
                                "check_move", "--plies", str(args.plies), "--seconds",
                                str(args.seconds), "--in-flight", str(args.in_flight)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    rows, cpu, output = {}, {}, []
    try:
        for line in process.stdout:
            output.append(line)
            match = re.match(r"(Ping \(empty\)|CheckMove h\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+"
                             r"([\d.]+)\s+([\d.]+)", line)
            if match:
                name = match.group(1).split()[0]
                rows[name] = [float(x) for x in match.groups()[1:]]
                cpu[name] = cpu_seconds(server.proc.pid)  # the end of this measurement
        process.wait(timeout=args.seconds * 4 + 60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if "CheckMove" not in rows or "Ping" not in rows:
        sys.exit("caipan-loadgen printed no Ping and CheckMove rows:\n" + "".join(output))
    calls, errors, qps, p50, p99 = rows["CheckMove"]
    ping = rows["Ping"]
    result = Result("native gRPC", qps, p50, p99, int(calls), int(errors),
                    (cpu["CheckMove"] - cpu["Ping"]) * 1e6 / calls if calls else 0)
    ping_result = Result("  (native Ping)", ping[2], ping[3], ping[4], int(ping[0]),
                         int(ping[1]), None)
    return result, ping_result


def run_wrk(args, server, script):
    url = "http://%s:%d/%s/CheckMove" % (gc.HOST, server.http_port, gc.ADJUDICATION)
    before = cpu_seconds(server.proc.pid)
    out = subprocess.run([args.wrk, "-t", str(args.wrk_threads), "-c", str(args.in_flight),
                          "-d", "%ds" % max(1, round(args.seconds)), "--latency", "-s", script,
                          url], capture_output=True, text=True, timeout=args.seconds * 4 + 60)
    cpu = cpu_seconds(server.proc.pid) - before
    match = re.search(r"caipan-wrk: requests=(\d+) duration_us=(\d+) p50_us=(\d+) "
                      r"p99_us=(\d+) non2xx=(\d+) socket_errors=(\d+)", out.stdout)
    if not match:
        sys.exit("wrk gave no summary:\n" + out.stdout + out.stderr)
    requests, duration_us, p50, p99, non2xx, socket_errors = (int(x) for x in match.groups())
    return Result("Connect JSON (wrk)", requests / (duration_us / 1e6), p50, p99, requests,
                  non2xx + socket_errors, cpu * 1e6 / requests if requests else 0)


# ---------------------------------------------------------------------------------------------


def main():
    args = parse_args()
    for path in (args.server, args.loadgen, args.wrk):
        if not os.access(path, os.X_OK):
            sys.exit("not found or not executable: " + path)
    gc.ac.ARGS, _ = gc.ac.parse_args(["--server", args.server, "--proto-dir", args.proto_dir])
    with tempfile.TemporaryDirectory(prefix="caipan-gateway-bench-") as tmp:
        gc.ac.PROTO = gc.ac.Proto(args.proto_dir, tmp)
        adj = gc.modules()[0]
        request = adj.CheckMoveRequest.FromString(capture_check_move(args.loadgen, args.plies))
        body = gc.to_json_text(request)
        script = os.path.join(tmp, "check_move.lua")
        with open(script, "w") as f:
            f.write(LUA % {"body": body})
        print("gateway_bench: CheckMove with %d plies of history, move %s; %d in flight, "
              "%.0f s per measurement, %d rounds" % (len(request.xiangqi.moves), request.move,
                                                     args.in_flight, args.seconds, args.rounds))
        print("Connect JSON body (%d bytes): %s" % (len(body.encode()), body[:160] +
                                                    ("..." if len(body) > 160 else "")))
        server = gc.GatewayServer(["--no-rpc-log"] + args.server_arg)
        try:
            channel = server.channel()
            native = gc.native_unary(channel, gc.ADJUDICATION, "CheckMove", request)
            channel.close()
            connect = gc.connect_unary(server.http_port, gc.ADJUDICATION, "CheckMove", request)
            if native.code != "ok" or connect.key() != native.key():
                sys.exit("the answers differ:\nnative: %r\nconnect: %r" % (native, connect))
            print("server %s %s (pid %d): gRPC %s, gateway %d; answers equal (%s)" % (
                args.server, " ".join(args.server_arg), server.proc.pid, server.target(),
                server.http_port,
                "legal" if native.response.check.legal else "illegal"))
            header = "%-22s %9s %7s %10s %9s %9s %9s" % (
                "path", "calls", "errors", "qps", "p50_us", "p99_us", "srv_us")
            ratios, natives, connects = [], [], []
            for round_number in range(1, args.rounds + 1):
                print("\nround %d\n%s" % (round_number, header))
                native_result, ping = run_loadgen(args, server)
                print(native_result.row())
                if ping:
                    print(ping.row())
                connect_result = run_wrk(args, server, script)
                print(connect_result.row())
                ratio = connect_result.qps / native_result.qps if native_result.qps else 0
                print("Connect/native QPS: %.1f%%" % (100 * ratio))
                ratios.append(ratio)
                natives.append(native_result)
                connects.append(connect_result)
            print("\nall %d rounds\n%s" % (args.rounds, header))
            for name, results in (("native gRPC", natives), ("Connect JSON (wrk)", connects)):
                calls = sum(r.calls for r in results)
                print(Result(name, statistics.mean(r.qps for r in results),
                             statistics.median(r.p50_us for r in results),
                             max(r.p99_us for r in results), calls,
                             sum(r.errors for r in results),
                             sum(r.server_us_per_call * r.calls for r in results) /
                             calls if calls else 0).row())
            print("(qps: mean of rounds; p50: median of rounds; p99: worst round)")
            print("Connect/native QPS: median of rounds %.1f%% (rounds: %s); goal >= 50%%" % (
                100 * statistics.median(ratios), ", ".join("%.1f%%" % (100 * r)
                                                           for r in ratios)))
            errors = sum(r.errors for r in natives + connects)
            if errors:
                print("errors: %d calls failed" % errors)
                return 1
            return 0
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
