#!/usr/bin/env bash
# README command (1): set up, build in Release, and run the main program on the bundled
# samples (positions shown, problems solved). Extra arguments are passed to `tsumi` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j"$(nproc)" --target tsumi
if [ $# -gt 0 ]; then
  exec build/cli/tsumi "$@"
fi
build/cli/tsumi show samples/positions.sfen
build/cli/tsumi solve samples/problems.sfen
