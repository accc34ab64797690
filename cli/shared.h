// Pieces shared by the subcommands: the options that configure a solve (solve, verify),
// JSON string escaping, and moves and lines in the notations people read.
#pragma once

#include <string>
#include <vector>

#include "cli/options.h"
#include "rules/position.h"
#include "rules/result.h"
#include "rules/types.h"
#include "solver/solver.h"
#include "solver/table_size.h"

namespace tsumi::cli {

// --time, --nodes, --hash, --convention into `so`; returns an error message or "".
// Without --hash, a table that grows from solver::kDefaultTableFirstMib to
// solver::default_table_mib(1) (solver/table_size.h).
std::string read_solve_options(const Options& o, solver::SolveOptions& so);
std::string json_escape(const std::string& s);
std::string usi_text(const std::vector<rules::Move>& moves);
// Move notations for people: "usi" (7g7f), "western" (P-7f), "kif" (７六歩(77)) and "ki2"
// (７六歩); `with_mark` puts ▲/△ before the Japanese ones.
bool is_notation(const std::string& name);
std::string move_text(const rules::Position& pos, rules::Move m, const std::string& notation,
                      bool with_mark = false);
// The moves played from `pos` in a notation, space-separated, the Japanese ones with their
// marks (同 where a move takes on the previous move's square); `pos` is left as it was.
std::string line_text(rules::Position& pos, const std::vector<rules::Move>& moves,
                      const std::string& notation);
// "white (the defender) has no king: there is nothing to mate", or "" when the side not to
// move has one. (The SFEN reader accepts such positions: editors pass through them.)
std::string missing_defender_king(const rules::Position& pos);
// The position an --sfen argument names: an SFEN, or a USI position as GUIs copy it
// ("[position] startpos|sfen SFEN moves …", "SFEN moves …"), which is the position after
// its moves (their history is not kept). `root` becomes the root state of `pos`.
rules::Result<bool> parse_position_argument(const std::string& text, rules::Position& pos,
                                            rules::StateInfo& root);

}  // namespace tsumi::cli
