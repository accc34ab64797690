// Tab-separated problem files, as in ../shared/problems/: '#' lines are comments, columns
// are split on tabs, a trailing '\r' is dropped. The first part of the problems layer;
// the collection formats of issue #4 build on it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::problems {

std::vector<std::string> split_tabs(const std::string& line);

// The first column of a row that parses as an SFEN, with `pos` set to it. When none
// does, the error is that of the column meant as the position: the first with a board in
// it ('/'), else the first column; in a row of several columns it names the column (an id
// column's "not an SFEN" would hide what is wrong with the position).
rules::Result<size_t> find_sfen_column(const std::vector<std::string>& cols, rules::Position& pos,
                                       rules::StateInfo& st);

// Whether a column is a length in plies: a whole number of at most 5 digits.
bool is_length_column(const std::string& col);

// Data rows of a TSV file; empty when the file cannot be read.
std::vector<std::vector<std::string>> read_tsv(const std::string& path);

}  // namespace tsumi::problems
