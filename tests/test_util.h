// Helpers shared by the test suites: positions from SFEN, reading ../shared data files.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "problems/tsv.h"
#include "rules/position.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::testing {

// A position with its own state stack, so tests can play moves without managing StateInfos.
class Game {
 public:
  explicit Game(const std::string& sfen) {
    auto ok = rules::parse_sfen(sfen, pos_, root_);
    if (!ok) ADD_FAILURE() << "bad test SFEN: " << ok.error().message;
  }
  rules::Position& pos() { return pos_; }
  void play(rules::Move m) {
    states_.push_back(std::make_unique<rules::StateInfo>());
    pos_.do_move(m, *states_.back());
  }
  // Plays a USI move; a move that does not parse or is illegal fails the test.
  void play_usi(const std::string& usi) {
    auto m = rules::parse_usi_move(pos_, usi);
    if (!m) {
      ADD_FAILURE() << "bad test move " << usi << ": " << m.error().message;
      return;
    }
    play(m.value());
  }

 private:
  rules::Position pos_;
  rules::StateInfo root_;
  std::vector<std::unique_ptr<rules::StateInfo>> states_;
};

inline std::string shared_path(const std::string& relative) {
  return std::string(TSUMI_SHARED_DIR) + "/" + relative;
}

// Data rows of a TSV file (lines starting with '#' skipped), split on tabs.
inline std::vector<std::vector<std::string>> read_tsv(const std::string& path) {
  EXPECT_TRUE(std::ifstream(path).good()) << "cannot open " << path;
  return problems::read_tsv(path);
}

inline std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string w;
  while (ss >> w) out.push_back(w);
  return out;
}

}  // namespace tsumi::testing
