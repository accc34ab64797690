#include "engine/engine.h"

#include <algorithm>
#include <chrono>

#include "rules/game.h"
#include "rules/movegen.h"
#include "solver/solver.h"

namespace tsumi::engine {

using namespace rules;

namespace {

// Each level searches about four times the nodes of the one below, with half the noise.
constexpr Level kLevels[kFullLevel] = {
    {1, 100, 400, 0},     {2, 400, 250, 0},       {3, 1500, 150, 0},     {4, 6000, 80, 500},
    {5, 25000, 40, 2000}, {6, 100000, 15, 10000}, {7, 400000, 0, 30000}, {8, 0, 0, 50000},
};

// Without a clock or a limit, the full level still has to stop somewhere.
constexpr uint64_t kDefaultNodes = 1'600'000;

// Whether playing m brings back a position that occurred before in the game.
bool repeats_game(Position& pos, Move m) {
  StateInfo st;
  pos.do_move(m, st);
  const bool repeated = repetition(pos).occurrences > 1;
  pos.undo_move(m);
  return repeated;
}

}  // namespace

const Level& level(int n) { return kLevels[std::clamp(n, 1, kFullLevel) - 1]; }

Engine::Engine(size_t hash_mib) : table_(hash_mib), probe_table_(8), searcher_(table_) {}

Decision Engine::think(Position& pos, const ThinkOptions& options) {
  Decision d;
  if (MoveList<kLegal>(pos).size() == 0) return d;  // no legal move: the game is lost
  if (options.declare_impasse && declaration_27(pos).valid) {
    d.kind = Decision::Kind::kDeclareWin;
    return d;
  }
  const auto start = std::chrono::steady_clock::now();
  const Level& lv = level(options.level);
  const ThinkTime tt = think_time(options.clock, pos.side_to_move(), pos.game_ply());

  // 1. A forced mate, from the solver, on a small budget.
  if (lv.probe_nodes > 0) {
    solver::SolveOptions so;
    so.convention = solver::Convention::kStrict;
    so.max_nodes = lv.probe_nodes;
    so.max_ply = 63;
    so.table = &probe_table_;
    so.stop = options.stop;
    so.prove_minimal = false;  // a mating move is what a game needs
    if (tt.hard_seconds > 0) so.max_seconds = tt.hard_seconds / 4;
    solver::SolveResult r = solver::solve(pos, so);
    d.nodes += r.nodes;
    // The solver does not see the game's history: a mating line that starts by repeating a
    // position of the game could run into sennichite (a perpetual check loses). Such a
    // move is left to the alpha-beta search, which sees the history.
    if (r.kind == solver::SolveResult::Kind::kMate && !r.pv.empty() && !repeats_game(pos, r.pv.front())) {
      d.kind = Decision::Kind::kMove;
      d.move = r.pv.front();
      d.pv = r.pv;
      d.score = mate_in(r.length);
      d.depth = r.length;
      d.seconds = r.seconds;
      d.mate_probe = true;
      if (options.info) options.info(SearchInfo{r.length, r.length, d.score, d.nodes, r.seconds, 0, r.pv});
      return d;
    }
  }

  // 2. Alpha-beta within the level's nodes and the clock.
  SearchLimits limits;
  limits.nodes = options.nodes ? options.nodes : lv.nodes;
  limits.depth = options.depth;
  // The clock runs from the start of think(): the probe's time is taken off the search's.
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (tt.hard_seconds > 0) {
    limits.hard_seconds = std::max(0.001, tt.hard_seconds - spent);
    limits.soft_seconds = std::max(0.001, tt.soft_seconds - spent);
  }
  if (!limits.nodes && !limits.depth && tt.hard_seconds == 0 && !options.clock.infinite)
    limits.nodes = kDefaultNodes;
  limits.stop = options.stop;
  limits.eval_noise = lv.eval_noise;
  limits.seed = options.seed;
  limits.eval = options.eval;
  SearchResult r = searcher_.search(pos, limits, options.info);
  d.kind = Decision::Kind::kMove;
  d.move = r.best;
  d.score = r.score;
  d.pv = r.pv;
  d.depth = r.depth;
  d.nodes += r.nodes;
  d.seconds = r.seconds;
  if (options.allow_resign && r.score <= -kMateBound) d.kind = Decision::Kind::kResign;
  return d;
}

}  // namespace tsumi::engine
