#include "ui/solve_session.h"

#include <functional>
#include <memory>

#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::ui {

using namespace rules;

namespace {

// Whether a solve limited to the plies left proved that no mate fits in them.
bool no_mate_within_max_ply(const solver::SolveResult& r) {
  return r.kind == solver::SolveResult::Kind::kNoMate || r.no_mate_within_max_ply;
}

}  // namespace

SolveSession::SolveSession(const std::string& sfen, int length, std::vector<std::string> intended,
                           double seconds_per_move)
    : board_(sfen), length_(length), intended_(std::move(intended)), seconds_per_move_(seconds_per_move) {
  attacker_ = board_.position().side_to_move();
  feedback_ = "Mate in " + std::to_string(length) + ": your move.";
}

SolveSession::~SolveSession() { cancel(); }

void SolveSession::cancel() {
  worker_.cancel();
  if (thinking_ahead_) {
    thinking_ahead_ = false;
    thought_for_ = 0;
  }
  if (state_ == State::kThinking) {
    state_ = State::kYourMove;
    if (!hint_job_) board_.undo();  // the move that was being graded
    hint_job_ = false;
    feedback_ = "Stopped. Your move.";
  }
}

void SolveSession::after_user_action() {
  if (state_ == State::kReviewing) {
    // The same move as the one ahead only steps forward; another one starts a new branch.
    if (board_.can_forward() || board_.moves().size() <= graded_) {
      graded_ = board_.moves().size();
      return;
    }
    if (board_.moves().size() == resume_ply_ && board_.last_move() == resume_last_) {
      graded_ = board_.moves().size();
      state_ = resume_state_;
      return;
    }
    state_ = State::kYourMove;
    hint_for_ = SIZE_MAX;
    hint_level_ = 0;
  }
  if (state_ == State::kThinking || state_ == State::kSolved || state_ == State::kShowingSolution) return;
  const auto& moves = board_.moves();
  if (moves.size() <= graded_ || board_.position().side_to_move() == attacker_) {
    graded_ = std::min(graded_, moves.size());
    return;
  }
  // The user has just played an attacker move: grade it on the worker thread.
  graded_ = moves.size();
  tried_.push_back(to_usi(moves.back()));
  grade_last_move(seconds_per_move_);
}

bool SolveSession::awaiting_decision() const {
  // After an undecided grade the move stays on the board, the defender to move, and no
  // reply came (in any other state of kYourMove the attacker is to move).
  return state_ == State::kYourMove && !board_.moves().empty() &&
         board_.position().side_to_move() != attacker_ && graded_ == board_.moves().size();
}

void SolveSession::think_longer(double seconds) {
  if (!awaiting_decision()) return;
  // The session's table kept what the first grade proved: this one goes on from there.
  grade_last_move(seconds > 0 ? seconds : kThinkLongerFactor * seconds_per_move_);
}

void SolveSession::grade_last_move(double seconds) {
  const int left = plies_left();
  // On the intended line, its recorded reply answers when it is one of the longest defences
  // (equally long ones are many, and the user who follows the solution expects its reply).
  const std::string recorded = recorded_next();
  start_job(
      "Thinking…",
      [this, left, recorded](const Position& pos, const solver::SolveOptions& o) {
        Move preferred;
        if (!recorded.empty())
          if (auto m = parse_usi_move(pos, recorded)) preferred = *m;
        // The reply is what the user waits for: a forced one comes as soon as the mate in
        // time is proven (Zukou #070's first move: at once, not after the move's 10 s).
        solver::Verdict v = solver::grade(pos, left, o, preferred, solver::LengthProof::kToChooseTheReply);
        nodes_ = v.nodes;
        std::lock_guard<std::mutex> lock(mutex_);
        verdict_ = v;
      },
      seconds);
}

void SolveSession::start_job(const std::string& message,
                             std::function<void(const Position&, const solver::SolveOptions&)> job,
                             double seconds) {
  state_ = State::kThinking;
  feedback_ = message;
  nodes_ = 0;
  run_job(seconds > 0 ? seconds : seconds_per_move_, std::move(job));
}

void SolveSession::run_job(double seconds,
                           std::function<void(const Position&, const solver::SolveOptions&)> job) {
  if (thinking_ahead_) thought_for_ = 0;  // stopped by the start below: not done
  thinking_ahead_ = false;
  std::string sfen = to_sfen(board_.position());
  worker_.start([this, seconds, sfen, job = std::move(job)](const std::atomic<bool>& stop) {
    Position pos;
    StateInfo root;
    if (parse_sfen(sfen, pos, root)) {
      solver::SolveOptions o;
      o.max_seconds = seconds;
      o.stop = &stop;
      o.table = &table_;
      // Every job searches positions of this problem: what one proved answers the next
      // (the second move of Zukou #024 was graded in 4.9 s in a fresh table, at once here).
      o.keep_table_contents = true;
      // The window shows the nodes while the user waits (a job's own figure replaces them
      // at its end). Counted from 0 here, on the worker, after the job before has ended.
      nodes_ = 0;
      o.progress = [this](const solver::SearchProgress& p) { nodes_ = p.nodes; };
      o.progress_seconds = 0.25;
      job(pos, o);
    }
  });
}

void SolveSession::wait() {
  if (!thinking_ahead_) worker_.wait();
}

void SolveSession::think_ahead(bool allowed) {
  const Position& pos = board_.position();
  const bool useful =
      allowed && state_ == State::kYourMove && pos.side_to_move() == attacker_ && plies_left() > 0;
  if (thinking_ahead_ && useful && pos.key() == thought_for_) {
    // Thinking ahead proved that no mate fits in the plies left: at the start (the only
    // place a correct grade can leave the user), the problem's stated length is wrong
    // (Zukou #050, stated 9 plies, takes 19). Said before the user tries a move.
    // It then looks for the shortest mate at any length, which the user may take instead.
    std::lock_guard<std::mutex> lock(mutex_);
    if (no_mate_ahead_) {
      no_mate_ahead_ = false;
      feedback_ = "The solver finds no mate within the " + std::to_string(plies_left()) +
                  " plies left: the problem as stated may be flawed.";
    }
    if (length_found_ahead_ > 0) {
      proposed_length_ = length_found_ahead_;
      length_found_ahead_ = 0;
      feedback_ = "The solver finds no mate within the stated " + std::to_string(length_) +
                  " plies: the problem as stated may be flawed. Its shortest mate is " +
                  std::to_string(proposed_length_) + " plies.";
    }
  }
  if (thinking_ahead_) {
    if (useful && pos.key() == thought_for_) return;  // at work, or done, on this position
    worker_.cancel();  // the position has moved on (the solver stops within its stop latency)
    thinking_ahead_ = false;
    thought_for_ = 0;
  }
  if (!useful || pos.key() == thought_for_ || worker_.running()) return;
  // The same question as a hint's: the shortest mate from here. Its minimality rounds
  // disprove a mate within two plies less after every check, which is what the grade of a
  // mating move then asks, and the table keeps it all for that grade.
  const int left = plies_left();
  const bool at_start = board_.moves().empty();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    no_mate_ahead_ = false;
    length_found_ahead_ = 0;
  }
  run_job(kThinkAheadSeconds, [this, left, at_start](const Position& p, solver::SolveOptions o) {
    o.max_ply = left;
    const solver::SolveResult r = solver::solve(p, o);
    const bool none = no_mate_within_max_ply(r);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      no_mate_ahead_ = none;
    }
    if (!none || !at_start || (o.stop && o.stop->load())) return;
    o.max_ply = solver::SolveOptions().max_ply;  // the problem's real length, proven minimal
    const solver::SolveResult any = solver::solve(p, o);
    std::lock_guard<std::mutex> lock(mutex_);
    if (any.kind == solver::SolveResult::Kind::kMate && any.minimal) length_found_ahead_ = any.length;
  });
  thinking_ahead_ = true;
  thought_for_ = pos.key();
}

void SolveSession::show_hint() {
  board_.hint_from = board_.hint_to = kNoSquare;
  board_.hint_hand = kNoPieceType;
  if (hint_move_.is_none() || hint_level_ < 1) return;
  if (hint_move_.is_drop())
    board_.hint_hand = hint_move_.dropped_type();
  else
    board_.hint_from = hint_move_.from();
  if (hint_level_ >= 2) board_.hint_to = hint_move_.to();
}

void SolveSession::hint() {
  if (state_ != State::kYourMove || board_.position().side_to_move() != attacker_) return;
  if (hint_for_ == board_.moves().size() && !hint_move_.is_none()) {
    ++hint_level_;
    ++hints_used_;
    if (hint_level_ >= 3) {  // play it
      Move m = hint_move_;
      hint_level_ = 0;
      hint_move_ = Move::none();
      board_.play(m);
      after_user_action();
      return;
    }
    show_hint();
    feedback_ = "Hint: it goes to the highlighted square. Ask again to play it.";
    return;
  }
  // Ask the solver for a mating move from here, on the worker thread.
  hint_job_ = true;
  const int left = plies_left();
  start_job("Looking for a hint…", [this, left](const Position& pos, solver::SolveOptions o) {
    o.max_ply = std::max(1, left);
    solver::SolveResult r = solver::solve(pos, o);
    nodes_ = r.nodes;
    std::lock_guard<std::mutex> lock(mutex_);
    found_line_ = r.kind == solver::SolveResult::Kind::kMate ? r.pv : std::vector<Move>();
    found_hint_ = found_line_.empty() ? Move::none() : found_line_[0];
    found_no_mate_ = no_mate_within_max_ply(r);
  });
}

void SolveSession::show_solution() {
  if (state_ == State::kThinking) return;
  std::vector<Move> line;
  Position pos;
  StateInfo root;
  std::vector<std::unique_ptr<StateInfo>> states;
  if (parse_sfen(board_.start_sfen(), pos, root))
    for (const std::string& usi : intended_) {
      auto m = parse_usi_move(pos, usi);
      if (!m) break;
      line.push_back(*m);
      states.push_back(std::make_unique<StateInfo>());
      pos.do_move(*m, *states.back());
    }
  if (line.empty()) {
    // No intended line: ask the solver from the start (the hint machinery, whole line).
    board_.load_line({});
    graded_ = 0;
    state_ = State::kYourMove;
    hint_move_ = Move::none();
    hint_for_ = SIZE_MAX;
    solution_job_ = true;
    hint();
    return;
  }
  board_.load_line(line);
  graded_ = 0;
  state_ = State::kShowingSolution;
  feedback_ = "The solution: step through it with the arrows.";
}

std::string SolveSession::flawed_record_way_on() const {
  // The refuted move is on the board, the escape not yet played: a first move may take
  // the length offered (may_accept_proposed_length()).
  if (proposed_length_ > 0 && board_.moves().size() == 1)
    return " Its shortest mate is " + std::to_string(proposed_length_) + " plies.";  // and a button offers it
  // At the start, thinking ahead finds the problem's real length and offers it.
  if (board_.moves().size() == 1) return " Take it back: the solver then finds its real length.";
  return " Take it back, or see the solution.";
}

bool SolveSession::may_accept_proposed_length() const {
  if (proposed_length_ == 0) return false;
  // Before the first move, or just after it was refuted (a flawed record's first move).
  return (state_ == State::kYourMove && board_.moves().empty()) ||
         (state_ == State::kWrong && board_.moves().size() == 2);
}

void SolveSession::accept_proposed_length() {
  if (!may_accept_proposed_length()) return;
  const bool regrade = !board_.moves().empty();
  length_ = proposed_length_;
  proposed_length_ = 0;
  intended_.clear();  // the record's line is not a solution at this length: the solver's is
  feedback_ = "Mate in " + std::to_string(length_) + " (the solver's length): your move.";
  // Thinking ahead starts again for the new length (the table keeps what it proved).
  if (thinking_ahead_) worker_.cancel();
  thinking_ahead_ = false;
  thought_for_ = 0;
  if (!regrade) return;
  // The refuted first move stays: its escape goes, and the move is graded at the new length.
  board_.undo();
  state_ = State::kYourMove;
  graded_ = board_.moves().size();
  grade_last_move(seconds_per_move_);
}

void SolveSession::restart() {
  if (state_ == State::kThinking) return;
  board_.load_line({});
  graded_ = 0;
  hint_level_ = 0;
  hint_move_ = Move::none();
  state_ = State::kYourMove;
  feedback_ = "Mate in " + std::to_string(length_) + ": your move.";
}

void SolveSession::poll(bool may_think_ahead) {
  harvest();
  think_ahead(may_think_ahead);
}

void SolveSession::harvest() {
  if (state_ != State::kThinking || !worker_.finished()) return;
  if (hint_job_ && solution_job_) {
    hint_job_ = solution_job_ = false;
    std::vector<Move> line;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      line = found_line_;
    }
    board_.load_line(line);
    graded_ = 0;
    state_ = line.empty() ? State::kYourMove : State::kShowingSolution;
    feedback_ = line.empty() ? "The solver found no solution in time."
                             : "The solution: step through it with the arrows.";
    return;
  }
  if (hint_job_) {
    hint_job_ = false;
    bool no_mate = false;  // proven: no mate within the plies left
    {
      std::lock_guard<std::mutex> lock(mutex_);
      hint_move_ = found_hint_;
      no_mate = found_no_mate_;
    }
    hint_for_ = board_.moves().size();
    state_ = State::kYourMove;
    // No mate found in time (Zukou #008's first mate takes the solver 25 s, a hint waits
    // 10): on the intended line, the recorded solution's next move is the hint. Where the
    // solver proved that no mate fits in the plies left, the record is flawed (Zukou #050,
    // stated 9 plies, takes 19), and the hint says so.
    bool recorded = false;
    if (auto m = parse_usi_move(board_.position(), recorded_next()); m && hint_move_.is_none()) {
      hint_move_ = *m;
      recorded = true;
    }
    const std::string none_in_time = no_mate ? "the solver proves there is no mate within the " +
                                                   std::to_string(plies_left()) +
                                                   " plies left: the problem as stated may be flawed"
                                             : "the solver found no mate in time";
    if (hint_move_.is_none()) {
      feedback_ = "No hint: " + none_in_time + ".";
      return;
    }
    hint_level_ = 1;
    ++hints_used_;
    show_hint();
    feedback_ = recorded ? "Hint, from the recorded solution (" + none_in_time +
                               "): the highlighted piece moves. Ask again for its square."
                         : "Hint: the highlighted piece moves. Ask again for its square.";
    return;
  }
  solver::Verdict v;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    v = *verdict_;
    verdict_.reset();
  }
  // The intended move only on the intended line: the same move after other moves is not
  // the record's (and a refuted one says nothing of the record).
  const bool intended = on_intended_line();
  const std::string recorded = recorded_next();  // the record's reply to the move
  if (v.kind == solver::Verdict::Kind::kUnknown) {
    // The solver could not decide the intended move in time (a long problem, played before
    // thinking ahead got far): the problem's solution vouches for it, and its recorded reply
    // answers, rather than asking the user to take a right move back.
    if (auto reply = parse_usi_move(board_.position(), recorded)) v.reply = *reply;
  }
  feedback_ = grade_feedback(v, intended, recorded);
  switch (v.kind) {
    case solver::Verdict::Kind::kMatesInTime:
      if (v.reply.is_none()) {
        state_ = State::kSolved;
        return;
      }
      board_.play(v.reply);
      graded_ = board_.moves().size();
      state_ = State::kYourMove;
      return;
    case solver::Verdict::Kind::kTooSlow:
    case solver::Verdict::Kind::kNoMate:
      if (intended) feedback_ += flawed_record_way_on();
      board_.play(v.reply);
      graded_ = board_.moves().size();
      state_ = State::kWrong;
      if (!intended) ++wrong_tries_;  // the record's move refuted: the record's fault, not the user's
      return;
    case solver::Verdict::Kind::kUnknown:
      if (!v.reply.is_none()) board_.play(v.reply);  // the recorded reply, see above
      state_ = State::kYourMove;
      graded_ = board_.moves().size();
      return;
  }
}

std::string SolveSession::recorded_next() const {
  const size_t ply = board_.moves().size();
  return ply < intended_.size() && on_intended_line() ? intended_[ply] : "";
}

bool SolveSession::on_intended_line() const {
  const auto& moves = board_.moves();
  if (moves.size() > intended_.size()) return false;
  for (size_t i = 0; i < moves.size(); ++i)
    if (to_usi(moves[i]) != intended_[i]) return false;
  return true;
}

void SolveSession::retry() {
  if (state_ != State::kWrong) return;
  board_.undo();  // the escape
  board_.undo();  // the wrong move
  graded_ = board_.moves().size();
  state_ = State::kYourMove;
  feedback_ = "Your move.";
}

void SolveSession::step(int delta) {
  if (state_ == State::kThinking || delta == 0) return;
  if (state_ != State::kShowingSolution && state_ != State::kReviewing) {
    if (delta > 0) return;  // already at the end of the attempt
    resume_state_ = state_;
    resume_ply_ = board_.moves().size();
    resume_last_ = board_.last_move();
  }
  const int steps = delta == -2 || delta == 2 ? INT32_MAX : 1;
  for (int i = 0; i < steps; ++i)
    if (!(delta < 0 ? board_.back() : board_.forward())) break;
  if (state_ == State::kShowingSolution) return;
  graded_ = board_.moves().size();
  if (board_.can_forward()) {
    state_ = State::kReviewing;
    const size_t at = board_.moves().size();
    feedback_ = (at == 0 ? std::string("At the start") : "After move " + std::to_string(at)) + " of " +
                std::to_string(resume_ply_) +
                (board_.position().side_to_move() == attacker_ ? ": play on from here, or step forward."
                                                               : ": step on.");
  } else if (state_ == State::kReviewing) {
    state_ = resume_state_;
    feedback_ = state_ == State::kSolved  ? "Solved: mate!"
                : state_ == State::kWrong ? "Take the wrong move back and try again."
                                          : "Your move.";
  }
}

void SolveSession::take_back() {
  if (state_ == State::kWrong) return retry();
  if (state_ != State::kYourMove || board_.moves().empty()) return;
  // After an ungraded move (the solver could not decide) the defender has not replied.
  if (board_.position().side_to_move() == attacker_) {
    if (board_.moves().size() < 2) return;
    board_.undo();  // the defender's reply
  }
  board_.undo();  // the user's move
  graded_ = board_.moves().size();
  hint_level_ = 0;
  hint_for_ = SIZE_MAX;
  feedback_ = "Taken back. Your move.";
}

bool SolveSession::accepts_moves() const {
  return (state_ == State::kYourMove || state_ == State::kReviewing) &&
         board_.position().side_to_move() == attacker_;
}

}  // namespace tsumi::ui
