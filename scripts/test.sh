#!/usr/bin/env bash
# README command (2) and CI: set up, then
#   1. check formatting (clang-format) of every C++ file,
#   2. build in Release and run the whole test suite (ctest),
#   3. build with AddressSanitizer + UndefinedBehaviorSanitizer and run the unit tests,
#   4. build the libFuzzer targets (clang) and fuzz each parser for a short while.
# TSUMI_FUZZ_SECONDS (default 30) sets the time per fuzz target; 0 skips fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc)

echo "== formatting"
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find . -name '*.cpp' -o -name '*.h' | grep -v '^./build')
clang-format --dry-run -Werror $files

echo "== release build and full test suite"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTSUMI_TESTS=ON > /dev/null
cmake --build build -j"$jobs"
# The tsshogi interoperability test needs its npm package (pinned by package-lock.json);
# without Node.js or the registry it is skipped, not failed.
if command -v npm > /dev/null; then
  mkdir -p build/tsshogi
  cp tests/tsshogi/package.json tests/tsshogi/package-lock.json build/tsshogi/
  (cd build/tsshogi && timeout 300 npm ci --no-audit --no-fund --loglevel=error) ||
    echo "note: npm ci failed; the tsshogi round-trip test will be skipped"
fi
ctest --test-dir build -j"$jobs" --output-on-failure

echo "== sanitizer build (ASan + UBSan) and unit tests"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTSUMI_SANITIZE=ON -DTSUMI_TESTS=ON > /dev/null
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan -j"$jobs" --output-on-failure -LE "slow|interop|gui"

seconds=${TSUMI_FUZZ_SECONDS:-30}
if [ "$seconds" -gt 0 ]; then
  echo "== fuzzing the parsers (${seconds}s each)"
  CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSUMI_FUZZ=ON -DTSUMI_TESTS=OFF > /dev/null
  cmake --build build-fuzz -j"$jobs"
  for target in sfen usi_move western kif_move kif ki2 csa collection usi_command; do
    corpus=$(mktemp -d)
    cp fuzz/corpus/$target/* "$corpus"/
    build-fuzz/fuzz/${target}_fuzz -max_total_time="$seconds" -print_final_stats=1 "$corpus" 2>&1 | tail -n 3
    rm -rf "$corpus"
  done
fi
echo "== all checks passed"
