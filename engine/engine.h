// The game engine: chooses a move for the side to move within a level and a clock.
//
// think() first looks for a forced mate with the df-pn solver (strict convention, every
// defence counts, as in a game) on a small node budget — alpha-beta with a quiescence
// search misses long drop mates that the solver finds at once — then runs the alpha-beta
// search (search.h). It resigns only when there is no legal move or the search proved a
// mate against it (and resigning is allowed), and declares a win when the 27-point
// impasse declaration is valid and enabled.
//
// Levels 1..kFullLevel: weaker levels search fewer nodes with a larger deterministic
// evaluation noise (reproducible for a given seed); kFullLevel searches until the clock
// says stop. Contract: the position is restored before think() returns.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/search.h"
#include "engine/time_control.h"
#include "engine/tt.h"
#include "rules/position.h"
#include "solver/tt.h"

namespace tsumi::engine {

inline constexpr int kFullLevel = 8;

struct Level {
  int number;
  uint64_t nodes;        // per move (0: by the clock only)
  int eval_noise;        // centipawns
  uint64_t probe_nodes;  // the df-pn mate probe's budget (0: none)
};
// Clamped to 1..kFullLevel.
const Level& level(int n);

struct ThinkOptions {
  TimeControl clock;
  int level = kFullLevel;
  uint64_t nodes = 0;  // an explicit node limit (0: the level's)
  int depth = 0;       // an explicit depth limit (0: none)
  uint64_t seed = 0;   // varies the weaker levels' play; the same seed plays the same
  bool allow_resign = true;
  bool declare_impasse = false;  // the 27-point declaration (CSA rule)
  const std::atomic<bool>* stop = nullptr;
  InfoCallback info;
  EvalParams eval;  // the evaluation's weights (tuning matches)
};

struct Decision {
  enum class Kind { kMove, kResign, kDeclareWin } kind = Kind::kResign;
  rules::Move move;
  int score = 0;  // centipawns or a mate score (search.h), for the side to move
  std::vector<rules::Move> pv;
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  bool mate_probe = false;  // the move comes from the df-pn solver's proof
};

class Engine {
 public:
  explicit Engine(size_t hash_mib = 16);
  void set_hash(size_t mib) { table_.resize(mib); }
  void new_game() { table_.clear(); }
  Decision think(rules::Position& pos, const ThinkOptions& options);

 private:
  EngineTable table_;
  solver::TranspositionTable probe_table_;
  Searcher searcher_;
};

}  // namespace tsumi::engine
