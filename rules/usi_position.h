// A position as USI writes it: "[position] startpos|sfen SFEN [moves m1 m2 …]", or a bare
// SFEN with or without "moves …" (as GUIs copy it). Shared by the USI `position` command,
// the SFEN record reader and the command line's --sfen.
//
// Contract: parse_usi_position replays every move and accepts only legal ones; on error it
// names what is wrong: the token expected, the SFEN's own error (prefixed "sfen: " when the
// text said "sfen"), or the number and text of the move that is not legal and why.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/result.h"
#include "rules/types.h"

namespace tsumi::rules {

struct UsiPosition {
  std::string start_sfen;   // the start position, normalised
  std::vector<Move> moves;  // legal, in order
  std::string sfen;         // the position after the moves (its move number counts them)
};

Result<UsiPosition> parse_usi_position(std::string_view text);

// The words of a USI line: split at spaces, tabs and line ends, none of them empty.
std::vector<std::string> usi_words(std::string_view text);

// Whether a line is in that form rather than an SFEN alone or a TSV row: it has no tab and
// starts with "position", "startpos" or "sfen", or has a "moves" word.
bool is_usi_position_text(std::string_view text);

}  // namespace tsumi::rules
