// Playing whole games: players (the engine at a level, or a one-ply greedy player), a
// game between two of them from any position with clocks, and the Elo estimate of a
// match. `tsumi match` and the tests use it.
//
// A game ends by checkmate or no legal move, resignation, a valid impasse declaration (or
// a false one, which loses), sennichite (a draw, or a loss for the perpetual checker), a
// fallen flag, or the ply limit — then the 24-point impasse rule decides when both kings
// have entered the enemy camp, otherwise it is a draw.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "rules/game.h"

namespace tsumi::engine {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  virtual void new_game() {}
  virtual Decision choose(rules::Position& pos, const TimeControl& clock) = 0;
};

// The engine at a level; `nodes` (when not 0) replaces the level's node limit.
std::unique_ptr<Player> make_engine_player(int level, uint64_t seed, uint64_t nodes = 0,
                                           const EvalParams& eval = kDefaultEval);
// Plays the move with the best static evaluation after it (ties broken by the seed).
std::unique_ptr<Player> make_greedy_player(uint64_t seed);

struct GameSettings {
  int64_t main_ms = 0, byoyomi_ms = 0, increment_ms = 0;  // all 0: no clock
  int max_plies = 320;
  bool declare_impasse = true;
};

struct GameResult {
  rules::Outcome outcome = rules::Outcome::kDraw;
  std::string reason;
  std::vector<rules::Move> moves;
};

GameResult play_game(const std::string& start_sfen, Player& black, Player& white,
                     const GameSettings& settings);

struct EloEstimate {
  double elo = 0;     // of the first player over the second
  double margin = 0;  // half-width of the 95% confidence interval
  double score = 0;   // (wins + draws / 2) / games
};
EloEstimate estimate_elo(int wins, int draws, int losses);

}  // namespace tsumi::engine
