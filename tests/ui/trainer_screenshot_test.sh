#!/usr/bin/env bash
# tsumi-trainer under Xvfb: a scripted session (select a silver, move it into the zone,
# answer the promotion question, drop a piece, take a move back), then a screenshot.
# Checks the final position the program prints and that the picture is a real render
# (a PNG of the window's size, not a blank frame).
set -euo pipefail
trainer=$1
out=$2/trainer_screenshot.png
rm -f "$out"
sfen=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --sfen "4k4/9/9/2S6/9/9/9/9/4K4 b GL 1" \
  --actions "click 7d; click 7c; promote yes; click 5a; click 4a; hand G; click 5b; undo" \
  --frames 12 --screenshot "$out" --print-sfen)
expected="5k3/9/2+S6/9/9/9/9/9/4K4 b GL 3"
if [ "$sfen" != "$expected" ]; then
  echo "final position: $sfen"; echo "expected:       $expected"; exit 1
fi
[ -s "$out" ] || { echo "no screenshot written"; exit 1; }
# PNG signature, then the IHDR width and height (big-endian at bytes 16-23).
sig=$(od -An -tx1 -N8 "$out" | tr -d ' \n')
[ "$sig" = "89504e470d0a1a0a" ] || { echo "not a PNG: $sig"; exit 1; }
w=$((16#$(od -An -tx1 -j16 -N4 "$out" | tr -d ' \n')))
h=$((16#$(od -An -tx1 -j20 -N4 "$out" | tr -d ' \n')))
[ "$w" = 1280 ] && [ "$h" = 800 ] || { echo "screenshot is ${w}x${h}"; exit 1; }
# A blank or nearly blank frame compresses to a few kilobytes; the board does not.
size=$(stat -c %s "$out")
[ "$size" -gt 30000 ] || { echo "screenshot too small ($size bytes): nothing drawn?"; exit 1; }
echo "ok: $sfen, ${w}x${h}, $size bytes ($out)"

# Solving a problem from the bundled collections: the first move is graded on the worker
# thread and answered with the longest defence; the second mates.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; click 1d; click 2c; wait; click 2c; click 2b; wait" \
  --frames 8 --screenshot "$2/trainer_solved.png" --print-state)
[ "$state" = "solved: Solved: mate!" ] || { echo "after the solution: $state"; exit 1; }
# A wrong first move is refuted, and can be taken back.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; click 2d; click 2b; promote yes; wait" --frames 6 --print-state)
case "$state" in
  wrong:*escapes*) ;;
  *) echo "after a wrong move: $state"; exit 1 ;;
esac
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; click 2d; click 2b; promote yes; wait; retry" --frames 6 --print-state --print-sfen)
[ "$state" = "$(printf '9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1\nyour-move: Your move.')" ] ||
  { echo "after retry: $state"; exit 1; }
# Hints: which piece, where, then play it.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; hint; wait; hint" --frames 6 --screenshot "$2/trainer_hint.png" --print-state)
case "$state" in
  your-move:*"highlighted square"*) ;;
  *) echo "after two hints: $state"; exit 1 ;;
esac
# Real pointer input through the views: two drags, then click-click with the promotion question.
sfen=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "drag 7g 7f; drag 3c 3d; mouse 8h; mouse 2b; promote yes" --frames 3 --print-sfen)
[ "$sfen" = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4" ] ||
  { echo "after dragging and clicking: $sfen"; exit 1; }
# A pasted position without a stated length: the solver finds the mate first.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "paste 9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1; analysed" --frames 4 --print-state)
[ "$state" = "your-move: Mate in 3: your move." ] || { echo "after pasting: $state"; exit 1; }
# Show the solution and step through it to the mate.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; solution; forward; forward; forward; back; forward" --frames 4 \
  --screenshot "$2/trainer_solution.png" --print-sfen --print-state)
expected="$(printf '8k/7G1/9/7R1/9/9/9/9/9 w r2b3g4s4n4l18p 4\nsolution: The solution: step through it with the arrows.')"
[ "$state" = "$expected" ] || { echo "after stepping through the solution: $state"; exit 1; }
echo "ok: solving, refutation, retry, hints, a pasted position and the solution"
