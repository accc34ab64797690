// Parsing the USI commands that carry arguments: `position`, `go` and `setoption`. Pure
// functions from a command line to a value or an error that names the problem (the
// token and what was expected), so that a broken command never changes the engine's state.
//
// Contract: parse_position replays every move and accepts only legal ones; the error of
// an illegal move names its number and text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/result.h"
#include "rules/types.h"

namespace tsumi::usi {

struct PositionCommand {
  std::string sfen;                // the start position (normalised)
  std::vector<rules::Move> moves;  // legal, in order
};
// `line`: the whole command ("position startpos moves 7g7f 3c3d").
rules::Result<PositionCommand> parse_position(std::string_view line);

struct GoCommand {
  int64_t btime = 0, wtime = 0, binc = 0, winc = 0, byoyomi = 0, movetime = 0;
  uint64_t nodes = 0;
  int depth = 0;
  bool infinite = false, ponder = false;
  // `go mate <ms>` (0 with mate_infinite: no limit).
  bool mate = false, mate_infinite = false;
  int64_t mate_ms = 0;
};
rules::Result<GoCommand> parse_go(std::string_view line);

struct SetOption {
  std::string name, value;
};
rules::Result<SetOption> parse_setoption(std::string_view line);

}  // namespace tsumi::usi
