// Fuzz target: SFEN parsing. Any input either fails with a message or yields a position
// whose SFEN parses back to the same SFEN and whose move generation is self-consistent.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "rules/movegen.h"
#include "rules/sfen.h"

using namespace tsumi::rules;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  Position pos;
  StateInfo root;
  auto r = parse_sfen(text, pos, root);
  if (!r.ok()) {
    if (r.error().message.empty()) std::abort();
    return 0;
  }
  std::string sfen = to_sfen(pos);
  Position again;
  StateInfo root2;
  auto r2 = parse_sfen(sfen, again, root2);
  if (!r2.ok() || to_sfen(again) != sfen || again.key() != pos.key()) std::abort();
  MoveList<kLegal> moves(pos);
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st);
    pos.undo_move(m);
  }
  if (to_sfen(pos) != sfen) std::abort();
  return 0;
}
