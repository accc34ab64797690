#include "engine/match.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/evaluate.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::engine {

using namespace rules;

namespace {

class EnginePlayer : public Player {
 public:
  EnginePlayer(int level, uint64_t seed, uint64_t nodes, const EvalParams& eval)
      : level_(level), seed_(seed), nodes_(nodes), eval_(eval) {}
  std::string name() const override { return "level " + std::to_string(level_); }
  void new_game() override { engine_.new_game(); }
  Decision choose(Position& pos, const TimeControl& clock) override {
    ThinkOptions o;
    o.clock = clock;
    o.level = level_;
    o.nodes = nodes_;
    o.seed = seed_ + uint64_t(pos.game_ply());
    o.declare_impasse = true;
    o.eval = eval_;
    return engine_.think(pos, o);
  }

 private:
  Engine engine_{16};
  int level_;
  uint64_t seed_, nodes_;
  EvalParams eval_;
};

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(uint64_t seed) : seed_(seed) {}
  std::string name() const override { return "greedy"; }
  Decision choose(Position& pos, const TimeControl&) override {
    Decision d;
    int best = -1000000;
    uint64_t best_tie = 0;
    for (Move m : MoveList<kLegal>(pos)) {
      StateInfo st;
      pos.do_move(m, st);
      int v = -evaluate(pos);
      if (MoveList<kLegal>(pos).size() == 0) v = kMateScore;  // a mate in one is taken
      pos.undo_move(m);
      uint64_t tie = (uint64_t(m.raw()) * 0x9E3779B97F4A7C15ull) ^ seed_;
      if (v > best || (v == best && tie > best_tie)) {
        best = v;
        best_tie = tie;
        d.move = m;
      }
    }
    d.kind = d.move.is_none() ? Decision::Kind::kResign : Decision::Kind::kMove;
    d.score = best;
    return d;
  }

 private:
  uint64_t seed_;
};

}  // namespace

std::unique_ptr<Player> make_engine_player(int level, uint64_t seed, uint64_t nodes, const EvalParams& eval) {
  return std::make_unique<EnginePlayer>(level, seed, nodes, eval);
}
std::unique_ptr<Player> make_greedy_player(uint64_t seed) { return std::make_unique<GreedyPlayer>(seed); }

GameResult play_game(const std::string& start_sfen, Player& black, Player& white,
                     const GameSettings& settings) {
  GameResult g;
  Position pos;
  StateInfo root;
  if (!parse_sfen(start_sfen, pos, root)) {
    g.reason = "the start position does not parse";
    return g;
  }
  black.new_game();
  white.new_game();
  const bool clocked = settings.main_ms > 0 || settings.byoyomi_ms > 0 || settings.increment_ms > 0;
  Clock clocks[kColorNb] = {Clock(settings.main_ms, settings.byoyomi_ms, settings.increment_ms),
                            Clock(settings.main_ms, settings.byoyomi_ms, settings.increment_ms)};
  std::vector<std::unique_ptr<StateInfo>> states;
  while (true) {
    GameStatus status = game_status(pos);
    if (status.outcome != Outcome::kOngoing) {
      g.outcome = status.outcome;
      g.reason = status.reason;
      return g;
    }
    if (int(g.moves.size()) >= settings.max_plies) {
      ImpasseVerdict iv = impasse_24(pos);
      g.outcome = iv.applies ? iv.outcome : Outcome::kDraw;
      g.reason = iv.applies ? "the ply limit, decided by the 24-point impasse rule" : "the ply limit";
      if (g.outcome == Outcome::kOngoing) g.outcome = Outcome::kDraw;
      return g;
    }
    const Color us = pos.side_to_move();
    TimeControl tc;
    if (clocked) {
      for (Color c : {kBlack, kWhite}) {
        tc.time_ms[c] = clocks[c].left_ms();
        tc.increment_ms[c] = clocks[c].increment_ms();
      }
      tc.byoyomi_ms = settings.byoyomi_ms;
    }
    Player& mover = us == kBlack ? black : white;
    auto start = std::chrono::steady_clock::now();
    Decision d = mover.choose(pos, tc);
    const int64_t used =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    if (clocked && !clocks[us].spend(used)) {
      g.outcome = win_for(~us);
      g.reason = std::string(us == kBlack ? "black" : "white") + " lost on time";
      return g;
    }
    if (d.kind == Decision::Kind::kResign) {
      g.outcome = win_for(~us);
      g.reason = std::string(us == kBlack ? "black" : "white") + " resigned";
      return g;
    }
    if (d.kind == Decision::Kind::kDeclareWin) {
      Declaration decl = declaration_27(pos);
      g.outcome = decl.valid ? win_for(us) : win_for(~us);
      g.reason =
          decl.valid ? "impasse declaration (27 points)" : "a false impasse declaration: " + decl.reason;
      return g;
    }
    if (!pos.is_legal(d.move)) {  // a player bug must not corrupt the game
      g.outcome = win_for(~us);
      g.reason = "an illegal move by " + mover.name();
      return g;
    }
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(d.move, *states.back());
    g.moves.push_back(d.move);
  }
}

EloEstimate estimate_elo(int wins, int draws, int losses) {
  EloEstimate e;
  const int n = wins + draws + losses;
  if (n == 0) return e;
  const double s = (wins + 0.5 * draws) / n;
  e.score = s;
  auto elo = [](double p) {
    p = std::clamp(p, 1e-3, 1 - 1e-3);
    return -400.0 * std::log10(1 / p - 1);
  };
  e.elo = elo(s);
  const double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  const double sigma = std::sqrt(var / n);
  // The score's 95% interval carried to Elo by the slope of the logistic curve at s (a
  // symmetric margin that stays finite near 0 and 1).
  const double p = std::clamp(s, 0.02, 0.98);
  e.margin = 1.96 * sigma * 400.0 / (std::log(10.0) * p * (1 - p));
  return e;
}

}  // namespace tsumi::engine
