// A problem being solved in the trainer: the user plays the attacker on a BoardModel; each
// attacker move is graded against the position by the solver (solver/grader.h) on a worker
// thread, never against a stored line; the defender answers with the longest defence, or
// with the refuting escape after a wrong move, which the user may take back.
//
// While the user thinks over a move, the session thinks ahead: the worker solves the
// position (up to kThinkAheadSeconds), and the grade of the move the user then plays finds
// most of its work in the session's table. The window shows it quietly
// (thinking_ahead_busy(), nodes()); a move, a hint or cancel() stops it.
//
// Contract: the window thread calls after_user_action() after handing input to the board,
// and poll() once per frame; neither blocks (but for the solver's stop latency when poll()
// stops thinking ahead on a position the user has left). While thinking, the board takes
// no moves (is_thinking()). cancel() stops the worker within the solver's stop latency; the
// destructor cancels and joins.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "solver/grader.h"
#include "ui/board_model.h"
#include "ui/grade_feedback.h"
#include "ui/solver_table.h"
#include "ui/worker.h"

namespace tsumi::ui {

class SolveSession {
 public:
  // How long the session thinks ahead on one position while the user thinks.
  static constexpr double kThinkAheadSeconds = 60;
  // think_longer()'s time, in moves' times.
  static constexpr double kThinkLongerFactor = 3;

  // kReviewing: stepping back through the moves played (the attempt is where it was, ahead).
  enum class State { kYourMove, kThinking, kWrong, kSolved, kShowingSolution, kReviewing };

  // `length`: the plies the problem allows (its stated or proven length);
  // `intended`: the intended main line in USI, to tell the intended move from alternatives.
  SolveSession(const std::string& sfen, int length, std::vector<std::string> intended = {},
               double seconds_per_move = 10);
  ~SolveSession();
  SolveSession(const SolveSession&) = delete;
  SolveSession& operator=(const SolveSession&) = delete;

  BoardModel& board() { return board_; }
  const BoardModel& board() const { return board_; }
  void after_user_action();
  // `may_think_ahead` false (the window shows a game or the editor) stops thinking ahead.
  void poll(bool may_think_ahead = true);
  void cancel();
  // After a wrong move: takes back the defender's escape and the move.
  void retry();
  // Hints in steps: which piece moves, then where it goes, then the move is played (and
  // graded like the user's). The first step asks the solver on the worker thread.
  void hint();
  // The solution (the intended line, else the solver's), from the start, to step through
  // with the board's back() / forward(). The attempt then counts as given up.
  void show_solution();
  // Back to the start for a fresh try.
  void restart();
  // Steps through the moves on the board: -1 one back, +1 one forward, -2 to the start,
  // +2 to the end (of the attempt, or of a shown solution). Stepping back through the
  // attempt keeps the moves ahead; an attacker move played from an earlier position
  // replaces them and is graded (the attempt goes on from there).
  void step(int delta);
  // After a grade the solver could not decide in time (the move on the board, no reply):
  // whether that is where the session stands, and a grade of the same move again for
  // `seconds` (0: kThinkLongerFactor moves' times), going on from what the first one proved.
  bool awaiting_decision() const;
  void think_longer(double seconds = 0);
  // A problem whose stated length no mate fits (a flawed record): thinking ahead at the
  // start finds the shortest mate's length and offers it (0: none); accepting it makes it
  // the length to solve in, and the solver's line the solution (the record's is none at
  // that length). It may be accepted before the first move, or just after the record's
  // first move was refuted, which is then graded again at the new length.
  int proposed_length() const { return proposed_length_; }
  bool may_accept_proposed_length() const;
  void accept_proposed_length();
  // Takes back the user's last move and the defender's reply (after a wrong move, as retry()).
  void take_back();
  // Whether the board takes the user's moves now: the attacker to move, not thinking, not
  // solved, not after a wrong move, not showing the solution.
  bool accepts_moves() const;
  int hints_used() const { return hints_used_; }
  int hint_level() const { return hint_level_; }
  // Blocks until the job the user waits for is done (for tests and scripted runs); returns
  // at once while the session only thinks ahead.
  void wait();
  // Whether the session thinks ahead now, and a wait for that to end (tests).
  bool thinking_ahead() const { return thinking_ahead_; }
  // Thinking ahead and not yet done: the worker is busy on the position (nodes() counts).
  bool thinking_ahead_busy() const { return thinking_ahead_ && worker_.busy(); }
  void wait_thinking_ahead() {
    if (thinking_ahead_) worker_.wait();
  }

  State state() const { return state_; }
  bool is_thinking() const { return state_ == State::kThinking; }
  const std::string& feedback() const { return feedback_; }
  // The nodes of the job at work (updated a few times a second), or of the last one.
  uint64_t nodes() const { return nodes_.load(); }
  int length() const { return length_; }  // the plies the problem is solved in
  int plies_left() const { return length_ - int(board_.moves().size()); }
  int wrong_tries() const { return wrong_tries_; }
  // The attacker moves the user tried, in USI, in order (the progress database keeps them).
  const std::vector<std::string>& tried() const { return tried_; }
  // The table of the session's jobs, which keep its contents (see ui/solver_table.h): not
  // to be read while a job runs (thinking ahead included: cancel() first).
  const solver::TranspositionTable& table() const { return table_; }

 private:
  // Runs `job` on the worker thread with the current position and the session's limits
  // (the state kThinking, `message` shown), for `seconds` (0: a move's time).
  void start_job(const std::string& message,
                 std::function<void(const rules::Position&, const solver::SolveOptions&)> job,
                 double seconds = 0);
  // Grades the move just played (the defender to move), for `seconds`.
  void grade_last_move(double seconds);
  // The same, unseen (no state change), with a time limit of `seconds`.
  void run_job(double seconds, std::function<void(const rules::Position&, const solver::SolveOptions&)> job);
  // poll()'s parts: takes a finished job's answer; starts or stops thinking ahead.
  void harvest();
  void think_ahead(bool allowed);
  // Whether the moves on the board are the intended line's first moves, and the intended
  // line's next move from there (empty off the line or past its end).
  bool on_intended_line() const;
  std::string recorded_next() const;
  // What a refuted intended move's message adds: how to go on from a flawed record.
  std::string flawed_record_way_on() const;

  BoardModel board_;
  rules::Color attacker_;
  int length_;
  std::vector<std::string> intended_;
  double seconds_per_move_;
  State state_ = State::kYourMove;
  State resume_state_ = State::kYourMove;  // the state to return to after reviewing
  size_t resume_ply_ = 0;                  // and the moves then on the board
  rules::Move resume_last_;
  std::string feedback_;
  size_t graded_ = 0;  // moves on the board when grading last started
  int wrong_tries_ = 0;
  int hints_used_ = 0;
  int hint_level_ = 0;          // steps shown for the current position
  rules::Move hint_move_;       // the solver's move for the current position
  size_t hint_for_ = SIZE_MAX;  // the number of moves on the board when it was found
  bool hint_job_ = false;       // the worker is finding a hint, not grading
  bool solution_job_ = false;   // ... or the whole solution
  std::vector<rules::Move> found_line_;
  void show_hint();
  std::vector<std::string> tried_;

  bool thinking_ahead_ = false;  // the worker solves the position while the user thinks
  rules::Key thought_for_ = 0;   // the position it solves or solved (0: none)
  bool no_mate_ahead_ = false;   // it proved no mate within the plies left (under mutex_)
  int length_found_ahead_ = 0;   // then, at the start: the shortest mate's length (under mutex_)
  int proposed_length_ = 0;      // that length, offered to the user (0: none)
  std::atomic<uint64_t> nodes_{0};
  std::mutex mutex_;
  std::optional<solver::Verdict> verdict_;
  rules::Move found_hint_;
  bool found_no_mate_ = false;  // the hint's solve proved no mate within the plies left
  // One table for every job of the session (they run one at a time), its contents kept from
  // job to job (SolveOptions::keep_table_contents): a table made per job paid its page
  // faults again for each graded move, and proved again what the last job had proved.
  solver::TranspositionTable table_{trainer_table_mib(), solver::kDefaultTableFirstMib};
  Worker worker_;  // last: it joins the job before the members it uses go
};

}  // namespace tsumi::ui
