#!/usr/bin/env bash
# README command (1): set up, build in Release, and run the main program, the trainer.
# With a display it opens the window. Without one (a server, CI) it renders the trainer under
# Xvfb with a problem open, saves a screenshot to build/trainer.png, and runs the
# command-line tool on the bundled samples. `scripts/run.sh ARGS...` runs `tsumi ARGS...`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j"$(nproc)" --target tsumi tsumi-usi tsumi-trainer
if [ $# -gt 0 ]; then
  exec build/cli/tsumi "$@"
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/app/tsumi-trainer
fi
echo "No display: rendering the trainer under Xvfb (build/trainer.png), then the command-line tool."
xvfb-run -a -s "-screen 0 1280x800x24" build/app/tsumi-trainer --problem zukou-002 --frames 5 \
  --screenshot build/trainer.png --progress build/run-progress.sqlite3 --print-state
build/cli/tsumi show samples/positions.sfen
build/cli/tsumi solve samples/problems.sfen
