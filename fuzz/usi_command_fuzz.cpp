// Fuzz target: the USI command parsers (`position`, `go`, `setoption`). Checks the
// contract of usi/commands.h: a parsed position's SFEN parses again and every move of it
// replays legally; nothing crashes, hangs or trips a sanitizer.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.h"
#include "rules/sfen.h"
#include "usi/commands.h"

using namespace tsumi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::string line(reinterpret_cast<const char*>(data), size);
  for (const char* prefix : {"position ", "go ", "setoption name "}) {
    std::string cmd = line.rfind(prefix, 0) == 0 ? line : prefix + line;
    if (auto p = usi::parse_position(cmd)) {
      rules::Position pos;
      rules::StateInfo root;
      if (!rules::parse_sfen(p->sfen, pos, root)) std::abort();
      std::vector<std::unique_ptr<rules::StateInfo>> states;
      for (rules::Move m : p->moves) {
        if (!pos.is_legal(m)) std::abort();
        states.push_back(std::make_unique<rules::StateInfo>());
        pos.do_move(m, *states.back());
      }
    }
    if (auto g = usi::parse_go(cmd)) {
      if (g->btime < 0 || g->wtime < 0 || g->byoyomi < 0 || g->depth < 0) std::abort();
    }
    (void)usi::parse_setoption(cmd);
  }
  return 0;
}
