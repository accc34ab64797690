// Pieces shared by the solver-facing subcommands (solve, verify): the options that
// configure a solve, JSON string escaping, and USI move lists.
#pragma once

#include <string>
#include <vector>

#include "cli/options.h"
#include "rules/position.h"
#include "rules/types.h"
#include "solver/solver.h"

namespace tsumi::cli {

// --time, --nodes, --hash, --convention into `so`; returns an error message or "".
std::string read_solve_options(const Options& o, solver::SolveOptions& so);
std::string json_escape(const std::string& s);
std::string usi_text(const std::vector<rules::Move>& moves);
// "white (the defender) has no king: there is nothing to mate", or "" when the side not to
// move has one. (The SFEN reader accepts such positions: editors pass through them.)
std::string missing_defender_king(const rules::Position& pos);

}  // namespace tsumi::cli
