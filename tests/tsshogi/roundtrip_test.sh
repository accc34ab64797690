#!/usr/bin/env bash
# Tsumi's KIF, KI2 and CSA against tsshogi (an independent implementation):
#   1. Tsumi writes problems (a sample of tanuki, some Zukou, the hand-written test files)
#      in each format; tsshogi must read each to the same start position and main line;
#   2. tsshogi writes each record back in the same format; Tsumi must read that to the
#      same position and moves.
# Usage: roundtrip_test.sh TSUMI_BINARY SOURCE_DIR NODE_MODULES_PARENT
# Exits 77 (skipped) when Node.js or the tsshogi package is not available.
set -euo pipefail
tsumi=$1
src=$2
modules=$3
command -v node >/dev/null || { echo "skipped: node not found"; exit 77; }
[ -d "$modules/node_modules/tsshogi" ] || { echo "skipped: run npm ci in $modules first"; exit 77; }

work=$(mktemp -d)
# Kept when a check fails, to look at the files.
trap '[ "${fail:-1}" = 0 ] && rm -rf "$work" || echo "files kept in $work"' EXIT
cp "$src/tests/tsshogi/roundtrip.mjs" "$modules/roundtrip.mjs"

# The sample: every 20th tanuki problem, the first 20 Zukou problems (up to 85 plies) and
# Zukou #100 (611 plies), one record per file.
n=0
add() {  # add TSV_LINE
  n=$((n + 1))
  printf '%s\n' "$1" > "$work/p$n.tsv"
  for f in kif ki2 csa; do "$tsumi" convert "$work/p$n.tsv" --to $f > "$work/p$n.$f"; done
  "$tsumi" convert "$work/p$n.tsv" --to usi > "$work/p$n.expected"
}
awk -F'\t' '!/^#/ && (NR % 20 == 0) {print $2 "\t" $4}' "$src/problems/collections/tanuki.tsv" > "$work/tanuki"
while IFS= read -r line; do add "$line"; done < "$work/tanuki"
awk -F'\t' '!/^#/ {print $2 "\t" $4}' "$src/problems/collections/zukou.tsv" | sed -n '1,20p;100p' > "$work/zukou"
while IFS= read -r line; do add "$line"; done < "$work/zukou"
# The hand-written files (variations, comments, a handicap game), as Tsumi writes them:
# the originals use 残り全部, which tsshogi does not read.
for f in tsume3.kif tsume3.ki2 two_records.csa; do
  n=$((n + 1))
  ext=${f##*.}
  "$tsumi" convert "$src/tests/problems/data/$f" --to "$ext" | sed '/^\/$/,$d' > "$work/p$n.$ext"
  "$tsumi" convert "$work/p$n.$ext" --to usi > "$work/p$n.expected"
done

fail=0
checked=0
node "$modules/roundtrip.mjs" "$work"/p*.kif "$work"/p*.ki2 "$work"/p*.csa > "$work/tsshogi.out"
while IFS=$'\t' read -r file usi; do
  base=${file%.*}
  expected=$(cat "$base.expected")
  if [ "$usi" != "$expected" ]; then
    echo "tsshogi reads $file differently:"; echo "  tsumi:   $expected"; echo "  tsshogi: $usi"; fail=1; continue
  fi
  ext=${file##*.}
  back=$("$tsumi" convert "$file.tsshogi.$ext" --to usi 2>&1) || true
  if [ "$back" != "$expected" ]; then
    echo "tsumi reads tsshogi's $ext export of $file differently:"; echo "  expected: $expected"; echo "  tsumi:    $back"; fail=1
    continue
  fi
  checked=$((checked + 1))
done < "$work/tsshogi.out"
echo "round trips checked: $checked"
[ "$checked" -gt 0 ] || fail=1
exit $fail
