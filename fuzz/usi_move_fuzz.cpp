// Fuzz target: USI move parsing (see move_fuzz.h for what is checked).
#include "fuzz/move_fuzz.h"
#include "rules/usi_move.h"

using namespace tsumi::rules;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return tsumi::fuzz::fuzz_move_notation(
      data, size, [](const Position& pos, const std::string& text) { return parse_usi_move(pos, text); },
      [](const Position& pos, Move m) {
        (void)pos;
        return to_usi(m);
      });
}
