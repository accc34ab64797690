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
# While the user thinks (idle), the trainer thinks ahead; the move is then graded and
# answered as usual (Zukou #34: S*2f, the longest defence 3e2f).
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open zukou-034; idle 1; hand S; click 2f; wait" --frames 4 --print-state)
[ "$state" = "your-move: Correct (the intended move). The defender answers 3e2f." ] ||
  { echo "after thinking ahead: $state"; exit 1; }
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
# While the solver works on a pasted position (Zukou #8 takes it far longer than these
# frames), that position is on the board.
z8="4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1"
sfen=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "paste $z8" --frames 3 --print-sfen)
[ "$sfen" = "$z8" ] || { echo "while solving a pasted position: $sfen"; exit 1; }
# A flawed record (Zukou #50, stated 9 plies, its shortest mate 19): thinking ahead says so
# and offers the solver's length, which the user takes; the recorded first move then mates
# in time.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open zukou-050; think-ahead on; idle 8; accept-length; hand B; click 4e; wait" --frames 3 --print-state)
[ "$state" = "your-move: Correct: this also mates in time. The defender answers 3e4e." ] ||
  { echo "a flawed record at the solver's length: $state"; exit 1; }
# Zukou #7 (stated 13 plies, its shortest mate 15): the record's first move, played after
# thinking ahead found the real length, is refuted (the record's own reply 7a8b leads to a
# longer defence further on); the offer then grades it again at 15.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open zukou-007; think-ahead on; idle 8; hand S; click 8b; wait" --frames 3 --print-state \
  --screenshot "$2/trainer_flawed_record.png")
case "$state" in
  "wrong: The recorded solution's move mates, but not within the stated length: after 7a8b, its own reply,"*"Its shortest mate is 15 plies.") ;;
  *) echo "the record's refuted first move: $state"; exit 1 ;;
esac
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open zukou-007; think-ahead on; idle 8; hand S; click 8b; wait; accept-length; wait" --frames 3 --print-state)
[ "$state" = "your-move: Correct: this also mates in time. The defender answers 7a8b." ] ||
  { echo "the record's first move at the solver's length: $state"; exit 1; }
# Show the solution and step through it to the mate.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; solution; forward; forward; forward; back; forward" --frames 4 \
  --screenshot "$2/trainer_solution.png" --print-sfen --print-state)
expected="$(printf '8k/7G1/9/7R1/9/9/9/9/9 w r2b3g4s4n4l18p 4\nsolution: The solution: step through it with the arrows.')"
[ "$state" = "$expected" ] || { echo "after stepping through the solution: $state"; exit 1; }
# Stepping back through the attempt, then playing on from there (the moves ahead are kept
# until another move is played): back to the start, forward to the end, the mate.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; click 1d; click 2c; wait; start" --frames 3 --print-sfen --print-state)
expected="$(printf '9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1\nreviewing: At the start of 2: play on from here, or step forward.')"
[ "$state" = "$expected" ] || { echo "after stepping back: $state"; exit 1; }
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; click 1d; click 2c; wait; start; end; click 2c; click 2b; wait" --frames 3 --print-state)
[ "$state" = "solved: Solved: mate!" ] || { echo "after stepping forward and mating: $state"; exit 1; }
# A record file from disk (KIF, Shift_JIS or UTF-8), and a missing one refused by name.
kif=$(dirname "$0")/../problems/data/tsume3.kif
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "file $kif" --frames 3 --print-state)
[ "$state" = "your-move: Mate in 3: your move." ] || { echo "after opening $kif: $state"; exit 1; }
if err=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --progress "$2/progress.sqlite3" --open "$2/missing.kif" \
  --frames 2 2>&1); then echo "a missing file was opened"; exit 1; fi
case "$err" in *missing.kif*) ;; *) echo "no file name in: $err"; exit 1 ;; esac
# The "open a file" dialog, listing the record files of a folder.
xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "browse $(dirname "$kif")" --frames 3 --screenshot "$2/trainer_open_file.png" >/dev/null
# Settings persist between runs: the board flipped in one run is flipped in the next.
rm -f "$2/settings.sqlite3"
xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --progress "$2/settings.sqlite3" --actions "flip" --frames 2 >/dev/null
settings=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --progress "$2/settings.sqlite3" --frames 1 --print-settings)
case "$settings" in *flipped=yes*) ;; *) echo "orientation not kept: $settings"; exit 1 ;; esac
case "$settings" in *think_ahead=yes*) ;; *) echo "thinking ahead is not on by default: $settings"; exit 1 ;; esac
xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --progress "$2/settings.sqlite3" --actions "think-ahead off" --frames 2 >/dev/null
settings=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --progress "$2/settings.sqlite3" --frames 1 --print-settings)
case "$settings" in *think_ahead=no*) ;; *) echo "thinking ahead off not kept: $settings"; exit 1 ;; esac
# HiDPI: at scale 2 the interface is drawn twice as large into a window twice the size.
xvfb-run -a -s "-screen 0 2560x1600x24" "$trainer" --size 2560x1600 --scale 2 --progress "$2/progress.sqlite3" \
  --actions "open zukou-002" --frames 3 --screenshot "$2/trainer_hidpi.png" >/dev/null
w=$((16#$(od -An -tx1 -j16 -N4 "$2/trainer_hidpi.png" | tr -d ' \n')))
[ "$w" = 2560 ] || { echo "HiDPI screenshot is $w wide"; exit 1; }
# Frame times are measured (the figures themselves are for docs/benchmarks.md, not asserted).
stats=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229" --frames 5 --frame-stats)
case "$stats" in "first frame "*"next 4 frames: mean "*) ;; *) echo "frame stats: $stats"; exit 1 ;; esac
# A game against the engine from a problem position: two moves each, by clicks and by
# pointer input, the engine answering on its worker thread; the record saved as KIF.
rm -f "$2/game.kif"
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open zukou-002; level 3; play; click 2h; click 2g; engine; mouse 2g; mouse 1f; engine; save $2/game.kif" \
  --frames 3 --screenshot "$2/trainer_game.png" --print-state)
[ "$state" = "game: 4 moves, on" ] || { echo "after playing from zukou-002: $state"; exit 1; }
grep -q "２七角" "$2/game.kif" 2>/dev/null || grep -q "２七" "$2/game.kif" ||
  { echo "the saved game lacks the moves:"; cat "$2/game.kif"; exit 1; }
grep -q "中断" "$2/game.kif" || { echo "the saved game lacks its state"; exit 1; }
# The engine plays first when the user takes white.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "side white; play-start even; engine" --frames 2 --print-state)
[ "$state" = "game: 1 moves, on" ] || { echo "after the engine's first move: $state"; exit 1; }
# A handicap game: the handicapper (white, the engine) moves first.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "play-start rook; engine" --frames 2 --print-state)
[ "$state" = "game: 1 moves, on" ] || { echo "after the handicapper's first move: $state"; exit 1; }
# The board editor: a bare defender king, a gold on 5c and one in hand, verified as a sound
# mate in 1; then a line of a solution tree shown, and a position saved as KIF.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "edit; preset tsume; ehand w G 2; brush G; put 5c; ehand b G 1; rest; everify 1; verified; esave $2/composed.kif" \
  --frames 3 --screenshot "$2/trainer_editor.png" --print-state)
expected="$(printf 'editor: 4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1\nverified: sound, 0 findings, 1 tree nodes')"
[ "$state" = "$expected" ] || { echo "after composing: $state"; exit 1; }
grep -q "手数：1" "$2/composed.kif" || { echo "the saved problem lacks its length"; cat "$2/composed.kif"; exit 1; }
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "edit; preset empty; brush P; put 3a; put 3e" --frames 2 --print-state)
[ "$state" = "editor: black pawn on 3a could never move (promote it or move it back)" ] ||
  { echo "the editor's check: $state"; exit 1; }
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "open tanuki-0229; edit; everify 3; verified; etree 2" --frames 2 --print-state --print-sfen)
case "$state" in *"verified: sound"*) ;; *) echo "verifying tanuki-0229 in the editor: $state"; exit 1 ;; esac
# Endless practice: a generated mate in 3 opens to be solved.
state=$(xvfb-run -a -s "-screen 0 1280x800x24" "$trainer" --size 1280x800 --progress "$2/progress.sqlite3" \
  --actions "practice 3; practiced" --frames 2 --print-state)
[ "$state" = "your-move: Mate in 3: your move." ] || { echo "practice: $state"; exit 1; }
echo "ok: solving, refutation, retry, hints, a pasted position, a flawed record, the solution, stepping, files, settings, HiDPI, games, editor, practice"
