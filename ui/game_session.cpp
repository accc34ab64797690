#include "ui/game_session.h"

#include <chrono>
#include <fstream>
#include <memory>

#include "problems/record.h"
#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/western.h"

namespace tsumi::ui {

using namespace rules;

namespace {

int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

const char* colour_name(Color c) { return c == kBlack ? "Black (☗)" : "White (☖)"; }

}  // namespace

Result<std::unique_ptr<GameSession>> GameSession::start(const GameSetup& setup,
                                                        std::function<int64_t()> clock_ms) {
  Position pos;
  StateInfo st;
  if (auto r = parse_sfen(setup.sfen, pos, st); !r)
    return make_error("the start position: " + r.error().message);
  if (setup.level < 1 || setup.level > engine::kFullLevel)
    return make_error("the level must be 1 to " + std::to_string(engine::kFullLevel));
  if (setup.main_ms < 0 || setup.byoyomi_ms < 0 || setup.increment_ms < 0)
    return make_error("a clock setting is negative");
  if (game_status(pos).outcome != Outcome::kOngoing)
    return make_error("the game is already over in this position: " + game_status(pos).reason);
  return std::unique_ptr<GameSession>(new GameSession(setup, std::move(clock_ms)));
}

GameSession::GameSession(const GameSetup& setup, std::function<int64_t()> clock_ms)
    : setup_(setup), clock_ms_(clock_ms ? std::move(clock_ms) : system_ms), board_(setup.sfen) {
  for (engine::Clock& c : clocks_) c = engine::Clock(setup.main_ms, setup.byoyomi_ms, setup.increment_ms);
  board_.flipped = setup.against_engine && setup.user == kWhite;
  turn_started_ms_ = now();
  if (engine_to_move()) think(false);
}

GameSession::~GameSession() {
  stop_ = true;
  join();
}

void GameSession::join() {
  if (worker_.joinable()) worker_.join();
}

bool GameSession::engine_to_move() const {
  return setup_.against_engine && !is_over() && board_.position().side_to_move() != setup_.user;
}

bool GameSession::accepts_moves() const { return !is_over() && !thinking_ && !engine_to_move(); }

void GameSession::end(Outcome o, std::string why, problems::Outcome record_outcome, std::string record_word) {
  outcome_ = o;
  result_ = std::string(o == Outcome::kDraw        ? "Draw"
                        : o == Outcome::kBlackWins ? "Black wins"
                                                   : "White wins") +
            ": " + why + ".";
  record_outcome_ = record_outcome;
  record_word_ = std::move(record_word);
}

void GameSession::moved(Color mover) {
  seen_moves_ = board_.moves().size();
  eval_black_.reset();
  if (clocked() && !clocks_[mover].spend(now() - turn_started_ms_)) {
    end(win_for(~mover), std::string(colour_name(mover)) + " ran out of time", problems::Outcome::kOther,
        "切れ負け");
    return;
  }
  turn_started_ms_ = now();
  GameStatus s = game_status(board_.position());
  if (s.outcome != Outcome::kOngoing) {
    const bool repetition = rules::repetition(board_.position()).verdict != Outcome::kOngoing;
    end(s.outcome, s.reason, repetition ? problems::Outcome::kRepetition : problems::Outcome::kMate,
        repetition ? "千日手" : "詰み");
    return;
  }
  if (engine_to_move()) think(false);
}

void GameSession::after_user_action() {
  if (board_.moves().size() <= seen_moves_ || thinking_) {
    seen_moves_ = std::min(seen_moves_, board_.moves().size());
    return;
  }
  const Color mover = ~board_.position().side_to_move();
  moved(mover);
}

void GameSession::think(bool analysis) {
  join();
  thinking_ = true;
  analysing_ = analysis;
  stop_ = false;
  done_ = false;
  nodes_ = 0;
  decided_for_ = board_.moves().size();
  // The engine gets the whole game, so that it sees repetitions.
  const std::string start = board_.start_sfen();
  const std::vector<Move> moves = board_.moves();
  engine::ThinkOptions o;
  o.level = analysis ? engine::kFullLevel : setup_.level;
  if (analysis) o.nodes = 300000;
  o.seed = setup_.seed;
  o.declare_impasse = true;
  o.allow_resign = !analysis && setup_.engine_resigns;
  o.stop = &stop_;
  if (clocked() && !analysis) {
    for (Color c : {kBlack, kWhite}) {
      o.clock.time_ms[c] = clocks_[c].left_ms();
      o.clock.increment_ms[c] = clocks_[c].increment_ms();
    }
    o.clock.byoyomi_ms = setup_.byoyomi_ms;
  }
  o.info = [this](const engine::SearchInfo& i) { nodes_ = i.nodes; };
  worker_ = std::thread([this, start, moves, o] {
    Position pos;
    StateInfo root;
    std::vector<std::unique_ptr<StateInfo>> states;
    engine::Decision d;
    if (parse_sfen(start, pos, root)) {
      for (Move m : moves) {
        states.push_back(std::make_unique<StateInfo>());
        pos.do_move(m, *states.back());
      }
      d = engine_.think(pos, o);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      decision_ = d;
    }
    done_ = true;
  });
}

void GameSession::poll() {
  if (!is_over() && clocked() && !thinking_) {
    // The user's flag falls even while they think.
    const Color us = board_.position().side_to_move();
    if (now() - turn_started_ms_ > clocks_[us].left_ms() + setup_.byoyomi_ms)
      end(win_for(~us), std::string(colour_name(us)) + " ran out of time", problems::Outcome::kOther,
          "切れ負け");
  }
  if (!thinking_ || !done_) return;
  join();
  thinking_ = false;
  engine::Decision d;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    d = decision_;
  }
  if (board_.moves().size() != decided_for_) return;  // the board changed meanwhile (taken back)
  const Color us = board_.position().side_to_move();
  if (d.kind == engine::Decision::Kind::kMove && !d.move.is_none()) {
    eval_black_ = us == kBlack ? d.score : -d.score;
    engine_line_ = d.pv;
    line_at_ = board_.moves().size();
  }
  if (analysing_) return;
  switch (d.kind) {
    case engine::Decision::Kind::kMove:
      if (!board_.play(d.move)) return;
      {
        std::optional<int> eval = eval_black_;
        moved(us);
        if (!is_over()) eval_black_ = eval;  // the engine's view stays on display
      }
      return;
    case engine::Decision::Kind::kResign:
      end(win_for(~us), std::string(colour_name(us)) + " (the engine) resigned", problems::Outcome::kResign,
          "投了");
      return;
    case engine::Decision::Kind::kDeclareWin:
      end(win_for(us), std::string(colour_name(us)) + " (the engine) declared an impasse win (27 points)",
          problems::Outcome::kImpasse, "入玉勝ち");
      return;
  }
}

void GameSession::cancel() {
  if (!thinking_) return;
  stop_ = true;
  join();
  thinking_ = false;
}

void GameSession::wait() { join(); }

void GameSession::take_back() {
  cancel();
  if (board_.moves().empty()) return;
  outcome_ = Outcome::kOngoing;
  result_.clear();
  record_outcome_ = problems::Outcome::kNone;
  // Against the engine: back to the user's turn, with the user's last move undone.
  board_.undo();
  if (setup_.against_engine && board_.position().side_to_move() != setup_.user && !board_.moves().empty())
    board_.undo();
  seen_moves_ = board_.moves().size();
  eval_black_.reset();
  engine_line_.clear();
  turn_started_ms_ = now();
  if (engine_to_move()) think(false);  // the engine moved first from the start position
}

void GameSession::resign() {
  if (is_over()) return;
  cancel();
  const Color who = setup_.against_engine ? setup_.user : board_.position().side_to_move();
  end(win_for(~who), std::string(colour_name(who)) + " resigned", problems::Outcome::kResign, "投了");
}

std::string GameSession::declare() {
  if (!accepts_moves()) return "It is not your turn.";
  const Color us = board_.position().side_to_move();
  Declaration d = declaration_27(board_.position());
  if (!d.valid) return "The declaration is not valid: " + d.reason + ".";
  end(win_for(us),
      std::string(colour_name(us)) + " declared an impasse win with " + std::to_string(d.points) + " points",
      problems::Outcome::kImpasse, "入玉勝ち");
  return "";
}

std::string GameSession::claim_impasse() {
  if (!accepts_moves()) return "It is not your turn.";
  ImpasseVerdict v = impasse_24(board_.position());
  if (!v.applies) return "The 24-point rule applies only when both kings have entered the enemy camp.";
  const std::string points = std::to_string(v.points[kBlack]) + " to " + std::to_string(v.points[kWhite]);
  end(v.outcome == Outcome::kOngoing ? Outcome::kDraw : v.outcome, "impasse by the 24-point rule, " + points,
      problems::Outcome::kImpasse, "持将棋");
  return "";
}

void GameSession::analyse() {
  if (thinking_ || is_over()) return;
  think(true);
}

int64_t GameSession::time_left_ms(Color c) const {
  int64_t left = clocks_[c].left_ms();
  if (!is_over() && board_.position().side_to_move() == c) left -= now() - turn_started_ms_;
  return std::max<int64_t>(0, left);
}

int64_t GameSession::byoyomi_left_ms(Color c) const {
  int64_t over = clocks_[c].left_ms();
  if (!is_over() && board_.position().side_to_move() == c) over -= now() - turn_started_ms_;
  return over >= 0 ? setup_.byoyomi_ms : std::max<int64_t>(0, setup_.byoyomi_ms + over);
}

std::string GameSession::engine_line_text() const {
  // The line from the current position: the whole line when it was computed here, the
  // rest of it when the engine has just played its first move.
  const size_t n = board_.moves().size();
  size_t skip = 0;
  if (engine_line_.empty()) return "";
  if (line_at_ + 1 == n && board_.moves().back() == engine_line_.front())
    skip = 1;
  else if (line_at_ != n)
    return "";
  Position pos;
  StateInfo root;
  if (!parse_sfen(board_.start_sfen(), pos, root)) return "";
  std::vector<std::unique_ptr<StateInfo>> states;
  for (Move m : board_.moves()) {
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
  std::string text;
  for (size_t i = skip; i < engine_line_.size(); ++i) {
    const Move m = engine_line_[i];
    if (!pos.is_legal(m)) break;
    text += (text.empty() ? "" : " ") + to_western(pos, m);
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
  return text;
}

std::string GameSession::record_text(problems::Format f) const {
  problems::Record r;
  r.start_sfen = board_.start_sfen();
  r.lines.assign(1, problems::Line{});
  r.lines[0].moves = board_.moves();
  r.lines[0].comments.assign(r.lines[0].moves.size(), "");
  const std::string engine_name = "Tsumi level " + std::to_string(setup_.level);
  r.set_header("先手", setup_.against_engine && setup_.user == kWhite ? engine_name : "You");
  r.set_header("後手", setup_.against_engine && setup_.user == kBlack ? engine_name : "You");
  r.outcome = is_over() ? record_outcome_ : problems::Outcome::kInterrupt;
  r.outcome_text = is_over() ? record_word_ : "中断";
  return problems::write_record(r, f);
}

std::string GameSession::save(const std::string& path) const {
  const bool csa =
      path.size() > 4 && (path.substr(path.size() - 4) == ".csa" || path.substr(path.size() - 4) == ".CSA");
  std::ofstream out(path, std::ios::binary);
  if (!out) return "cannot write " + path;
  out << record_text(csa ? problems::Format::kCsa : problems::Format::kKif);
  out.close();
  return out ? "" : "cannot write " + path;
}

}  // namespace tsumi::ui
