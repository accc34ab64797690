// The shared body of the move-notation fuzz targets: parse the input against a few fixed
// positions; it either fails with a message or yields a legal move that writes back to text
// which parses to the same move.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_positions.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::fuzz {

template <class Parse, class Write>
int fuzz_move_notation(const uint8_t* data, size_t size, Parse parse, Write write) {
  using namespace tsumi::rules;
  std::string text(reinterpret_cast<const char*>(data), size);
  for (std::string_view sfen : kFuzzPositions) {
    Position pos;
    StateInfo root;
    if (!parse_sfen(sfen, pos, root).ok()) std::abort();
    auto m = parse(pos, text);
    if (!m.ok()) {
      if (m.error().message.empty()) std::abort();
      continue;
    }
    if (!MoveList<kLegal>(pos).contains(*m)) std::abort();
    auto again = parse(pos, write(pos, *m));
    if (!again.ok() || *again != *m) std::abort();
  }
  return 0;
}

}  // namespace tsumi::fuzz
