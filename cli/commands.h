// The `tsumi` subcommands. Each takes its arguments (after the subcommand name) and
// returns the process exit status; output goes to stdout, errors to stderr.
#pragma once

#include <string>
#include <vector>

namespace tsumi::cli {

using Args = std::vector<std::string>;

int cmd_perft(const Args& args);
int cmd_moves(const Args& args);
int cmd_show(const Args& args);
int cmd_bench(const Args& args);
int cmd_solve(const Args& args);
int cmd_convert(const Args& args);
int cmd_verify(const Args& args);
int cmd_match(const Args& args);
int cmd_usi(const Args& args);
int cmd_generate(const Args& args);

}  // namespace tsumi::cli
