#include "problems/tsv.h"

#include <fstream>
#include <sstream>

#include "rules/sfen.h"

namespace tsumi::problems {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> cols;
  std::stringstream ss(line);
  std::string col;
  while (std::getline(ss, col, '\t')) cols.push_back(col);
  return cols;
}

rules::Result<size_t> find_sfen_column(const std::vector<std::string>& cols, rules::Position& pos,
                                       rules::StateInfo& st) {
  std::string first_error, board_error;
  for (size_t i = 0; i < cols.size(); ++i) {
    auto r = rules::parse_sfen(cols[i], pos, st);
    if (r.ok()) return i;
    std::string message = r.error().message;
    if (cols.size() > 1) message = "column " + std::to_string(i + 1) + ": " + message;
    if (first_error.empty()) first_error = message;
    if (board_error.empty() && cols[i].find('/') != std::string::npos) board_error = message;
  }
  if (!board_error.empty()) return rules::make_error(board_error);
  return rules::make_error(first_error.empty() ? "no SFEN found" : first_error);
}

bool is_length_column(const std::string& col) {
  return !col.empty() && col.size() < 6 && col.find_first_not_of("0123456789") == std::string::npos;
}

std::vector<std::vector<std::string>> read_tsv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    rows.push_back(split_tabs(line));
  }
  return rows;
}

}  // namespace tsumi::problems
