// The game engine's alpha-beta search: iterative deepening with aspiration windows,
// principal variation search, a transposition table, killer and history move ordering,
// null-move pruning, late-move reductions, reverse futility pruning, a quiescence search
// on captures and promotions (all evasions when in check), and mate scores.
//
// Repetition inside the search: a position that occurred before on the line (or in the
// game) counts as a draw, unless one side gave check with every move of the cycle — then
// that side loses (perpetual check), as the rules say (rules/game.h).
//
// Contract: search() returns a legal move whenever the side to move has one (a
// one-move search is always completed before any limit is looked at); it stops within
// about a millisecond of the hard time limit, the node limit or a stop request. With
// `eval_noise` > 0 the evaluation gets a deterministic per-position offset in
// [-noise, +noise] (from `seed`): weaker, varied, reproducible play.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/evaluate.h"
#include "engine/tt.h"
#include "rules/position.h"

namespace tsumi::engine {

inline constexpr int kMateScore = 30000;
inline constexpr int kMateBound = kMateScore - 1000;  // scores beyond are mates
inline constexpr int kPerpetualScore = 15000;         // winning by the opponent's perpetual check
inline constexpr int kMaxPly = 128;

// "Mate in n plies" as a score, and back.
constexpr int mate_in(int plies) { return kMateScore - plies; }
constexpr int mated_in(int plies) { return -kMateScore + plies; }
constexpr bool is_mate_score(int s) { return s >= kMateBound || s <= -kMateBound; }

// When the position repeats one before it on the state chain (stopping at a null move):
// the score for the side to move `ply` plies from the root — a draw (0), or a win or loss
// by the perpetual check of the side that checked with every move of the cycle.
bool repetition_score(const rules::Position& pos, int ply, int* score);

struct SearchLimits {
  int depth = 0;            // 0: no limit (kMaxPly - 1)
  uint64_t nodes = 0;       // 0: no limit
  double soft_seconds = 0;  // no new iteration after this (0: none)
  double hard_seconds = 0;  // abort the search (0: none)
  const std::atomic<bool>* stop = nullptr;
  int eval_noise = 0;
  uint64_t seed = 0;
  EvalParams eval;  // the evaluation's weights
};

struct SearchInfo {
  int depth = 0, seldepth = 0;
  int score = 0;  // centipawns, or a mate score
  uint64_t nodes = 0;
  double seconds = 0;
  int hashfull = 0;
  std::vector<rules::Move> pv;
};
using InfoCallback = std::function<void(const SearchInfo&)>;

struct SearchResult {
  rules::Move best;  // none only when there is no legal move
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<rules::Move> pv;
};

class Searcher {
 public:
  explicit Searcher(EngineTable& tt) : tt_(tt) {}
  SearchResult search(rules::Position& pos, const SearchLimits& limits, const InfoCallback& info = {});

 private:
  int negamax(rules::Position& pos, int depth, int alpha, int beta, int ply, bool null_ok);
  int qsearch(rules::Position& pos, int alpha, int beta, int ply, int qply);
  int static_eval(const rules::Position& pos) const;
  int order_score(const rules::Position& pos, rules::Move m, rules::Move tt_move, int ply) const;
  void update_quiet(const rules::Position& pos, rules::Move m, int depth, int ply);
  bool out_of_time();

  EngineTable& tt_;
  SearchLimits limits_;
  std::chrono::steady_clock::time_point start_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  int seldepth_ = 0;
  int root_depth_ = 0;
  rules::Move killers_[kMaxPly][2];
  int history_[rules::kPieceNb][rules::kSquareNb] = {};
  rules::Move pv_[kMaxPly + 1][kMaxPly + 1];
  int pv_length_[kMaxPly + 1] = {};
};

}  // namespace tsumi::engine
