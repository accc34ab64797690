#include "cli/shared.h"

#include <cstdio>
#include <memory>

#include "rules/ki2_move.h"
#include "rules/kif_move.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/usi_position.h"
#include "rules/western.h"

namespace tsumi::cli {

std::string read_solve_options(const Options& o, solver::SolveOptions& so) {
  std::string convention = o.value("--convention").value_or("standard");
  if (convention == "strict")
    so.convention = solver::Convention::kStrict;
  else if (convention == "standard")
    so.convention = solver::Convention::kStandard;
  else
    return "--convention must be standard or strict";
  if (auto v = o.value("--time")) {
    auto n = parse_double(*v);
    if (!n || *n < 0) return "--time must be a number of seconds";
    so.max_seconds = *n;
  }
  if (auto v = o.value("--nodes")) {
    auto n = parse_uint64(*v);
    if (!n) return "--nodes must be a whole number";
    so.max_nodes = *n;
  }
  if (!o.value("--hash")) {
    // A growing table (solver/table_size.h); `solve` sizes it for its jobs.
    solver::use_default_table(so, 1);
    return "";
  }
  return read_hash_mib(o, so.hash_mib);
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    out += c;
  }
  return out;
}

std::string usi_text(const std::vector<rules::Move>& moves) {
  std::string s;
  for (rules::Move m : moves) {
    if (!s.empty()) s += ' ';
    s += rules::to_usi(m);
  }
  return s;
}

bool is_notation(const std::string& name) {
  return name == "usi" || name == "western" || name == "kif" || name == "ki2";
}

std::string move_text(const rules::Position& pos, rules::Move m, const std::string& notation,
                      bool with_mark) {
  if (notation == "western") return rules::to_western(pos, m);
  if (notation == "kif") return rules::to_kif_move(pos, m, with_mark);
  if (notation == "ki2") return rules::to_ki2_move(pos, m, with_mark);
  return rules::to_usi(m);
}

std::string line_text(rules::Position& pos, const std::vector<rules::Move>& moves,
                      const std::string& notation) {
  std::string s;
  std::vector<std::unique_ptr<rules::StateInfo>> states;
  for (rules::Move m : moves) {
    if (!s.empty()) s += ' ';
    s += move_text(pos, m, notation, true);
    states.push_back(std::make_unique<rules::StateInfo>());
    pos.do_move(m, *states.back());
  }
  for (auto m = moves.rbegin(); m != moves.rend(); ++m) pos.undo_move(*m);
  return s;
}

std::string missing_defender_king(const rules::Position& pos) {
  const rules::Color defender = ~pos.side_to_move();
  if (pos.king_square(defender) != rules::kNoSquare) return "";
  std::string message = std::string(defender == rules::kBlack ? "black" : "white") +
                        " (the defender) has no king: there is nothing to mate";
  // A diagram with the defender to move (in check, the attacker without a king) reads this
  // way too: say which side the solver takes as the attacker.
  if (pos.in_check())
    message += std::string(" (the side to move attacks; ") + (defender == rules::kBlack ? "white" : "black") +
               ", in check here, looks like the defender: give the position with the attacker to move)";
  return message;
}

rules::Result<bool> parse_position_argument(const std::string& text, rules::Position& pos,
                                            rules::StateInfo& root) {
  // A plain SFEN goes to the SFEN reader itself, so that its errors' character offsets are
  // those of the text as typed (the USI reader re-joins the fields).
  if (!rules::is_usi_position_text(text)) return rules::parse_sfen(text, pos, root);
  auto parsed = rules::parse_usi_position(text);
  if (!parsed) return parsed.error();
  return rules::parse_sfen(parsed->sfen, pos, root);
}

}  // namespace tsumi::cli
