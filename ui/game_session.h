// A game played in the trainer from any position: the user against the engine (at a
// level, on a worker thread) or two people at one screen, with clocks (main time,
// byoyomi, increment), takeback, resignation, the impasse claims, the result and why, the
// engine's evaluation and line, and the record as KIF or CSA.
//
// Contract: plain state, no ImGui. The window thread calls after_user_action() after
// handing input to the board and poll() once per frame; neither blocks. The board takes
// moves only when accepts_moves(). Every move on the board is legal (BoardModel); the game
// ends by the rules (rules/game.h): checkmate or no legal move, sennichite or perpetual
// check, resignation, a fallen flag, the 27-point declaration or the 24-point impasse rule.
// The destructor stops the engine and joins its thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "engine/time_control.h"
#include "problems/formats.h"
#include "rules/game.h"
#include "ui/board_model.h"

namespace tsumi::ui {

struct GameSetup {
  std::string sfen;                     // the start position (checked by GameSession::start)
  bool against_engine = true;           // false: two people at one screen
  rules::Color user = rules::kBlack;    // against the engine: the user's side
  int level = 5;                        // 1..engine::kFullLevel
  int64_t main_ms = 0, byoyomi_ms = 0;  // all clock fields 0: no clock
  int64_t increment_ms = 0;
  uint64_t seed = 1;
  bool engine_resigns = true;  // when it sees a forced mate against it (off: it plays on to the end)
};

class GameSession {
 public:
  // The session, or an error naming what is wrong with the setup.
  static rules::Result<std::unique_ptr<GameSession>> start(const GameSetup& setup,
                                                           std::function<int64_t()> clock_ms = {});
  ~GameSession();
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  BoardModel& board() { return board_; }
  const BoardModel& board() const { return board_; }
  const GameSetup& setup() const { return setup_; }
  void after_user_action();
  void poll();
  bool accepts_moves() const;
  bool is_thinking() const { return thinking_; }
  uint64_t engine_nodes() const { return nodes_.load(); }
  bool is_over() const { return outcome_ != rules::Outcome::kOngoing; }
  rules::Outcome outcome() const { return outcome_; }
  const std::string& result() const { return result_; }  // the outcome and why, in words

  // Takes back the user's last move (and the engine's reply); also after the game ended.
  void take_back();
  void resign();  // the side to move resigns (against the engine: the user, on their turn)
  // The side to move claims the 27-point declaration, or the 24-point rule when both kings
  // have entered the enemy camp. An invalid claim is refused with the reason ("" when the
  // game ended by it).
  std::string declare();
  std::string claim_impasse();
  // The engine's view of the current position on request (a worker job, no move played).
  void analyse();
  void cancel();  // stops the engine's thinking or analysis

  // Clocks: main time left (the running clock counted), and whether byoyomi is running.
  bool clocked() const { return setup_.main_ms > 0 || setup_.byoyomi_ms > 0 || setup_.increment_ms > 0; }
  int64_t time_left_ms(rules::Color c) const;
  int64_t byoyomi_left_ms(rules::Color c) const;
  // The engine's last evaluation, from black's side (centipawns; mates as ±30000-ish),
  // and its principal variation from the position it was computed for.
  std::optional<int> eval_black() const { return eval_black_; }
  const std::vector<rules::Move>& engine_line() const { return engine_line_; }
  std::string engine_line_text() const;  // in Western notation, from the current position

  // The game as a record: KIF or CSA text, or written to a file (error text, or "").
  std::string record_text(problems::Format f) const;
  std::string save(const std::string& path) const;
  void wait();  // blocks until the engine is done (tests and scripted runs)

 private:
  GameSession(const GameSetup& setup, std::function<int64_t()> clock_ms);
  bool engine_to_move() const;
  void moved(rules::Color mover);  // the clock, then the rules' verdict
  void end(rules::Outcome o, std::string why, problems::Outcome record_outcome, std::string record_word);
  void think(bool analysis);
  void join();
  int64_t now() const { return clock_ms_(); }

  GameSetup setup_;
  std::function<int64_t()> clock_ms_;
  BoardModel board_;
  engine::Clock clocks_[rules::kColorNb];
  int64_t turn_started_ms_ = 0;
  rules::Outcome outcome_ = rules::Outcome::kOngoing;
  std::string result_;
  problems::Outcome record_outcome_ = problems::Outcome::kNone;
  std::string record_word_;
  size_t seen_moves_ = 0;  // moves on the board when last looked at
  std::optional<int> eval_black_;
  std::vector<rules::Move> engine_line_;
  size_t line_at_ = 0;  // the number of moves on the board the line starts after

  engine::Engine engine_{16};
  std::thread worker_;
  bool thinking_ = false, analysing_ = false;
  std::atomic<bool> stop_{false}, done_{false};
  std::atomic<uint64_t> nodes_{0};
  std::mutex mutex_;
  engine::Decision decision_;
  size_t decided_for_ = 0;  // moves on the board when the engine started
};

}  // namespace tsumi::ui
