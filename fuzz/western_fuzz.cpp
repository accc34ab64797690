// Fuzz target: Western move parsing against a few fixed positions. Any input either fails with
// a message or yields a legal move that writes back to text parsing to the same move.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_positions.h"
#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/western.h"

using namespace tsumi::rules;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (std::string_view sfen : tsumi::fuzz::kFuzzPositions) {
    Position pos;
    StateInfo root;
    if (!parse_sfen(sfen, pos, root).ok()) std::abort();
    auto m = parse_western(pos, text);
    if (!m.ok()) {
      if (m.error().message.empty()) std::abort();
      continue;
    }
    if (!MoveList<kLegal>(pos).contains(*m)) std::abort();
    std::string written = to_western(pos, *m);
    auto again = parse_western(pos, written);
    if (!again.ok() || *again != *m) std::abort();
  }
  return 0;
}
