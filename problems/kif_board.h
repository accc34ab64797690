// The parts KIF and KI2 files share: the board diagram (BOD: `v` marks gote pieces, `・`
// an empty square), the 持駒 (pieces in hand) lines, Japanese numerals, and the split of
// a `key：value` header line.
//
// Contract: the readers take one line of UTF-8 text and return a value or an error that
// says what was expected; the writers produce the text the readers accept.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "rules/hand.h"
#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::problems {

// "飛二　角　金四" (or なし) → a hand. "残り全部" is the caller's business (see Record).
rules::Result<rules::Hand> parse_kif_hand(std::string_view text);
std::string kif_hand_text(rules::Hand h);

// Board diagram rows: "|v香v桂 ・ …|一" for rank 1..9. `board` receives 81 pieces
// (index = square); the row's rank comes from its position in the diagram.
rules::Result<bool> parse_diagram_row(std::string_view line, int rank0, rules::Piece board[81]);
// The whole diagram with its frame, file numbers and rank kanji.
std::string diagram_text(const rules::Position& pos);

// "作品名：朝霧" → {"作品名", "朝霧"}; nullopt if the line is not of that form.
std::optional<std::pair<std::string, std::string>> split_header(std::string_view line);

std::string japanese_number(int n);    // 1..18 → 一 … 十八
std::string trim(std::string_view s);  // ASCII and full-width spaces, both ends

}  // namespace tsumi::problems
