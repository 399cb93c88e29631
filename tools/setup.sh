#!/usr/bin/env bash
# Installs every Debian 12 package caipan needs to build, test and run. Safe to run twice.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libabsl-dev
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev libsqlite3-dev libboost-dev libssl-dev libgoogle-perftools-dev
  prometheus-cpp-dev
  python3 python3-grpcio python3-grpc-tools
  # Browser tests: headless Chromium driven by Selenium; CJK fonts so the pages' Chinese renders.
  chromium chromium-driver python3-selenium fonts-noto-cjk
  # HTTP load for the gateway benchmark (tests/bench/gateway_bench.py).
  wrk
  clang libclang-rt-14-dev
  hyperfine
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
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
