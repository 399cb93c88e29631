#!/usr/bin/env bash
# Installs clients/typescript's pinned npm packages (package-lock.json) into a folder of the build
# tree, with npm's cache beside it: the test fixture of the buf curl and TypeScript client tests.
# Does nothing when that lock file is already installed there.
# Usage: npm_install.sh SOURCE_DIR TARGET_DIR CACHE_DIR
set -euo pipefail
src=$1 dst=$2 cache=$3
mkdir -p "$dst" "$cache"
if cmp -s "$src/package-lock.json" "$dst/node_modules/.caipan-installed-lock"; then
  echo "npm_install: $dst/node_modules is up to date"
  exit 0
fi
cp "$src/package.json" "$src/package-lock.json" "$dst/"
cd "$dst"
npm ci --no-audit --no-fund --cache "$cache" --prefer-offline
cp package-lock.json node_modules/.caipan-installed-lock
echo "npm_install: installed package-lock.json into $dst/node_modules"
