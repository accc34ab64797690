// Pieces shared by the solver-facing subcommands (solve, verify): the options that
// configure a solve, JSON string escaping, USI move lists, and how a mate's length reads.
#pragma once

#include <string>
#include <vector>

#include "cli/options.h"
#include "rules/types.h"
#include "solver/solver.h"

namespace tsumi::cli {

// --time, --nodes, --hash, --convention into `so`; returns an error message or "".
std::string read_solve_options(const Options& o, solver::SolveOptions& so);
std::string json_escape(const std::string& s);
std::string usi_text(const std::vector<rules::Move>& moves);
// "mate in N", with " (upper bound; none shorter than L plies)" when the length is not
// proven minimal (the lower bound only when the rounds proved one above 1).
std::string mate_length_text(const solver::SolveResult& r);

}  // namespace tsumi::cli
