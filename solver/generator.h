// The problem generator: sound mating problems of a chosen length, on demand.
//
// A random sketch (a defender king near its edge, a few attacker and defender pieces
// around it, a few pieces in the attacker's hand, the defender holding the rest) is
// improved by hill climbing — small random changes kept while the shortest mate stays
// within the length and does not get shorter — until it mates in exactly the length.
// It is then kept only if it is sound in the standard convention:
//   - the mate is exactly `length` plies, proven minimal;
//   - verify() (verify.h) finds no cook (at the last move either), no shorter mate, no
//     pieces left over, no longer defence, and decides every question;
//   - every attacker piece on the board is needed: without it (given to the defender)
//     there is no mate within the length;
//   - it is not a repeat, a mirror image or a shifted copy (the same pieces around the
//     king, elsewhere along the edge) of a problem generated before.
//
// Contract: deterministic for a given seed and options (the same problems in the same
// order); next() returns nullopt only when stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "rules/position.h"

namespace tsumi::solver {

struct GeneratorOptions {
  int length = 3;  // plies, odd, 1..31
  uint64_t seed = 1;
  const std::atomic<bool>* stop = nullptr;
};

struct GeneratedProblem {
  std::string sfen;
  std::vector<rules::Move> main_line;
  uint64_t candidates = 0;  // positions solved to find it
};

class Generator {
 public:
  explicit Generator(GeneratorOptions options);
  std::optional<GeneratedProblem> next();

  // A sketch of a problem: the board and the attacker's hand; the defender holds the rest.
  struct Sketch {
    rules::Piece board[rules::kSquareNb] = {};
    rules::Hand hand;
  };
  // The problem position of a sketch (black to move, white holding the rest), or "" when
  // it is not a legal problem position.
  static std::string sfen_of(const Sketch& s);

 private:
  Sketch random_sketch();
  bool mutate(Sketch& s);
  // The shortest mate within the length (plies, proven minimal), 0 when there is none
  // within the length (proven), -1 when the budget could not decide.
  int mate_length(const std::string& sfen, std::vector<rules::Move>* line = nullptr);
  bool sound(const Sketch& s, const std::string& sfen, const std::vector<rules::Move>& line);
  rules::Square random_square_near(const Sketch& s, int distance);

  GeneratorOptions options_;
  std::mt19937_64 rng_;
  std::set<std::string> seen_;
  uint64_t candidates_ = 0;
};

}  // namespace tsumi::solver
