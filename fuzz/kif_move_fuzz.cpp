// Fuzz target: KIF move parsing (see move_fuzz.h for what is checked).
#include "fuzz/move_fuzz.h"
#include "rules/kif_move.h"

using namespace tsumi::rules;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return tsumi::fuzz::fuzz_move_notation(
      data, size, [](const Position& pos, const std::string& text) { return parse_kif_move(pos, text); },
      [](const Position& pos, Move m) {
        (void)pos;
        return to_kif_move(pos, m);
      });
}
