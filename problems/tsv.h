// Tab-separated problem files, as in ../shared/problems/: '#' lines are comments, columns
// are split on tabs, a trailing '\r' is dropped. The first part of the problems layer;
// the collection formats of issue #4 build on it.
#pragma once

#include <string>
#include <vector>

namespace tsumi::problems {

std::vector<std::string> split_tabs(const std::string& line);

// Data rows of a TSV file; empty when the file cannot be read.
std::vector<std::vector<std::string>> read_tsv(const std::string& path);

}  // namespace tsumi::problems
