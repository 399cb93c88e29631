#!/usr/bin/env bash
# Installs every Debian 12 package caipan needs to build, test and run. Safe to run twice.
set -euo pipefail

# One package a line, with what uses it: nothing is installed that the tree does not use.
packages=(
  # Building
  build-essential          # g++, make, and dpkg-dev for cpack's Debian package
  cmake                    # the build system; cpack makes the Debian package
  ninja-build              # the generator tools/build.sh uses
  pkg-config               # gRPC's CMake config finds re2 with it
  git                      # the commit stamped into --version (cmake/version_info.cmake)
  ccache                   # compiler cache of tools/build.sh: rebuilds of unchanged sources
  # Libraries of the engine, the CLI and the server
  libabsl-dev              # Abseil: status, strings, containers, time (everywhere)
  libcli11-dev             # command-line parsing of caipan and caipan-server
  libprotobuf-dev          # the API messages (proto/) and the gateway's JSON transcoding
  protobuf-compiler        # protoc: generates the API messages at build time
  libgrpc++-dev            # the gRPC server, its health service and reflection (rpc/)
  protobuf-compiler-grpc   # the gRPC stub generator (proto/)
  prometheus-cpp-dev       # /metrics (rpc/metrics.cc)
  libboost-dev             # Asio and Beast: the HTTP gateway, /metrics, the game clocks' timers
  libssl-dev               # TLS of the HTTP gateway; players' token keys (services/game/)
  libsqlite3-dev           # the live games' durable store (store/)
  libpq-dev                # the PostgreSQL client library of the store's PostgreSQL backend (store/)
  libgoogle-perftools-dev  # TCMalloc, linked into caipan-server
  # Tests and benchmarks
  libgtest-dev             # the C++ test suites (tests/)
  libgmock-dev             # matchers of the C++ test suites
  libbenchmark-dev         # Google Benchmark programs (tests/bench/)
  python3                  # the Python client and test drivers
  python3-grpcio           # gRPC for clients/python/call.py and the abuse/gateway tests
  python3-grpc-tools       # generates their Python stubs from proto/ (call.py's at build time)
  chromium                 # browser tests (tests/browser/): headless Chromium
  chromium-driver          # ... driven through WebDriver
  python3-selenium         # ... by Selenium
  fonts-noto-cjk           # ... with CJK fonts, so the pages' Chinese renders
  wrk                      # HTTP load for the gateway benchmark (tests/bench/gateway_bench.py)
  postgresql               # initdb/postgres for the store tests, deploy/cluster.sh and the cluster test
  haproxy                  # the balancer of deploy/cluster.sh (cluster test, cluster benchmark)
  clang                    # libFuzzer builds (tools/fuzz.sh)
  libclang-rt-14-dev       # libFuzzer and the sanitizer runtimes for those builds
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm: clients/typescript and the buf curl test (tests/clients/) install their npm
# packages with them. The machine image ships Node 20 with its own npm (which Debian's npm package
# conflicts with); where there is none, Debian's nodejs and npm are installed (Node 18: older than
# the clients' packages ask for, so expect warnings).
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages (${missing[*]}); run as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: installed ${missing[*]}"
