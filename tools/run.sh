#!/usr/bin/env bash
# Sets up, builds and starts caipan's main job.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
"$root/tools/build.sh"
# Until the adjudication server exists: the CLI plays an example game.
exec "$root/build/tools/caipan" xiangqi play --fen startpos --moves "h2e2 h9g7 h0g2 i9h9"
