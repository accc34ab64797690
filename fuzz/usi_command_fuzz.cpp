// Fuzz target: the USI command parsers (`position`, `go`, `setoption`) and the position
// text of --sfen (rules/usi_position.h, also bare: "SFEN moves …"). Checks the contracts: a
// parsed position's SFEN parses again, every move of it replays legally, and the position
// after them is the one reported; nothing crashes, hangs or trips a sanitizer.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.h"
#include "rules/sfen.h"
#include "rules/usi_position.h"
#include "usi/commands.h"

using namespace tsumi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::string line(reinterpret_cast<const char*>(data), size);
  if (auto p = rules::parse_usi_position(line)) {
    rules::Position pos;
    std::vector<std::unique_ptr<rules::StateInfo>> states;
    states.push_back(std::make_unique<rules::StateInfo>());
    if (!rules::parse_sfen(p->start_sfen, pos, *states.back())) std::abort();
    for (rules::Move m : p->moves) {
      if (!pos.is_legal(m)) std::abort();
      states.push_back(std::make_unique<rules::StateInfo>());
      pos.do_move(m, *states.back());
    }
    if (rules::to_sfen(pos) != p->sfen) std::abort();
  } else if (p.error().message.empty()) {
    std::abort();
  }
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
