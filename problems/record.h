// A record as the file formats carry it: a start position, header fields, the main line
// and its variations, the result, and comments. Every reader (KIF, KI2, CSA, SFEN/TSV)
// produces one, every writer consumes one, so any format converts to any other.
//
// Contract: `start_sfen` always parses; every move of every line is legal in the position
// its line reaches (the readers replay them). A variation branches off an earlier line at
// move number `start` (1-based: the variation's first move replaces that line's move
// `start`), so a line's moves are numbered start, start + 1, ...
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::problems {

struct Line {
  int parent = -1;  // index of the line this one branches from; -1 for the main line
  int start = 1;    // move number of the first move
  std::vector<rules::Move> moves;
  std::vector<std::string> comments;  // one per move (may be empty strings)
};

// How a record ends, when the file says so.
enum class Outcome { kNone, kMate, kNoMate, kResign, kInterrupt, kRepetition, kImpasse, kOther };

struct Record {
  std::string start_sfen;
  bool defender_holds_rest = false;  // 後手の持駒：残り全部 / P-00AL
  // Header fields in file order, keyed by their KIF names (作品名, 作者, 発表誌, 手数, 先手, ...).
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<std::string> comments;  // before the first move
  std::vector<Line> lines;            // lines[0] is the main line (always present)
  Outcome outcome = Outcome::kNone;
  std::string outcome_text;  // as written (詰み, 不詰, 投了, %TSUMI, ...)

  const std::string* header(const std::string& key) const {
    for (const auto& [k, v] : headers)
      if (k == key) return &v;
    return nullptr;
  }
  void set_header(const std::string& key, const std::string& value) {
    for (auto& [k, v] : headers)
      if (k == key) {
        v = value;
        return;
      }
    headers.emplace_back(key, value);
  }
  const Line& main_line() const { return lines.front(); }
  // The stated length (手数 header: "13", "１３", "13手"), or 0 when absent or unreadable.
  int stated_length() const;
};

// The whole move sequence of line `index` from the start position: its ancestors' moves up
// to the branch point, then its own.
std::vector<rules::Move> moves_to_end_of(const Record& r, int index);

// The pieces of a full set (less the attacker's king) that are neither on the board nor in
// the attacker's hand: what "the defender holds the rest" gives the defender.
rules::Hand remaining_pieces(const rules::Position& pos, rules::Color attacker);

// The start SFEN of a position set up square by square (the diagram of KIF, the P1–P9 rows
// of CSA): `board` holds 81 pieces by square. With `rest_for`, that side's hand becomes
// every piece not on the board or in the other hand. The result is checked by the SFEN
// reader (piece counts, pieces that can never move, the side not to move in check).
rules::Result<std::string> compose_start(const rules::Piece board[81], rules::Color side, rules::Hand black,
                                         rules::Hand white, std::optional<rules::Color> rest_for);

// Every line of `text` with `prefix` in front (comments: "*" in KIF, "'" in CSA).
std::string prefix_lines(const std::string& text, const std::string& prefix);

// True when the side not to move holds every piece that is neither on the board nor in
// the mover's hand (and there is at least one such piece): the tsume convention
// 「残り全部」. Writers give the hand explicitly, which every program reads; readers set
// Record::defender_holds_rest from the position with this.
bool holds_the_rest(const rules::Position& pos);

// Hands each line of `text` (without its "\r\n" or "\n") to `take`, which returns an error
// message or ""; stops at the first error and returns it tied to its line ("line 12: …").
// A final newline ends the last line; it does not start another.
template <class Take>
std::string for_each_line(std::string_view text, Take take) {
  int lines = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    if (pos == text.size() && pos > 0 && text[pos - 1] == '\n') break;
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++lines;
    if (std::string err = take(line); !err.empty()) return "line " + std::to_string(lines) + ": " + err;
    if (end == text.size()) break;
    pos = end + 1;
  }
  return "";
}

// Ties a reader's error to a line of its input: "line 12: expected ...".
std::string at_line(int line, const std::string& message);
// The same for an error found once the whole input is read (a record left unfinished),
// which belongs to no line of its own: "at the end of the file: ...".
std::string at_end(const std::string& message);

}  // namespace tsumi::problems
