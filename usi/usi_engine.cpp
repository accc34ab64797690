#include "usi/usi_engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/time_control.h"
#include "rules/huge_pages.h"
#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/usi_position.h"
#include "solver/solver.h"

namespace tsumi::usi {

using namespace rules;

namespace {

constexpr const char* kName = "Tsumi 0.1";
constexpr size_t kMaxHashMib = 4096;

std::string usi_line(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) s += (s.empty() ? "" : " ") + to_usi(m);
  return s;
}

std::string score_text(int score) {
  if (engine::is_mate_score(score)) {
    const int plies = engine::kMateScore - std::abs(score);
    return "mate " + std::to_string(score > 0 ? plies : -plies);
  }
  return "cp " + std::to_string(score);
}

// The position of a `position` command, with its history (for repetitions).
struct Replayed {
  Position pos;
  StateInfo root;
  std::vector<std::unique_ptr<StateInfo>> states;
  explicit Replayed(const PositionCommand& p) {
    if (!parse_sfen(p.sfen, pos, root)) return;  // p was checked when it was parsed
    for (Move m : p.moves) {
      states.push_back(std::make_unique<StateInfo>());
      pos.do_move(m, *states.back());
    }
  }
};

}  // namespace

UsiEngine::UsiEngine(Output out) : out_(std::move(out)) {
  position_.sfen = std::string(kStartSfen);
  have_position_ = true;
}

UsiEngine::~UsiEngine() { stop_search(); }

void UsiEngine::say(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_(line);
}

void UsiEngine::join() {
  if (worker_.joinable()) worker_.join();
  {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    timer_cancel_ = true;
  }
  timer_cv_.notify_all();
  if (timer_.joinable()) timer_.join();
}

void UsiEngine::wait() { join(); }

void UsiEngine::stop_search() {
  stop_ = true;
  {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    ponder_search_ = false;
  }
  timer_cv_.notify_all();
  join();
}

void UsiEngine::arm_timer(int64_t ms) {
  {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    timer_cancel_ = true;
  }
  timer_cv_.notify_all();
  if (timer_.joinable()) timer_.join();
  timer_cancel_ = false;
  timer_ = std::thread([this, ms] {
    std::unique_lock<std::mutex> lock(timer_mutex_);
    if (!timer_cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return timer_cancel_; }))
      stop_ = true;
  });
}

bool UsiEngine::handle(const std::string& raw) {
  std::vector<std::string> t = rules::usi_words(raw);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  if (cmd == "usi") {
    cmd_usi();
  } else if (cmd == "isready") {
    refresh_tables();
    say("readyok");
  } else if (cmd == "setoption") {
    cmd_setoption(raw);
  } else if (cmd == "usinewgame") {
    if (!searching_ && engine_) engine_->new_game();
  } else if (cmd == "position") {
    cmd_position(raw);
  } else if (cmd == "go") {
    cmd_go(raw);
  } else if (cmd == "stop") {
    stop_search();
  } else if (cmd == "ponderhit") {
    ponder_hit();
  } else if (cmd == "gameover") {
    stop_search();
  } else if (cmd == "quit") {
    stop_search();
    return false;
  } else {
    say("info string unknown command: " + cmd);
  }
  return true;
}

void UsiEngine::ponder_hit() {
  int64_t ms = -1;
  {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    if (!ponder_search_) return;
    ponder_search_ = false;
    // From now on the search runs on the clock it was given with `go ponder`.
    Replayed r(ponder_position_);
    engine::TimeControl tc;
    tc.time_ms[kBlack] = pondering_.btime;
    tc.time_ms[kWhite] = pondering_.wtime;
    tc.increment_ms[kBlack] = pondering_.binc;
    tc.increment_ms[kWhite] = pondering_.winc;
    tc.byoyomi_ms = pondering_.byoyomi;
    tc.movetime_ms = pondering_.movetime;
    engine::ThinkTime tt = engine::think_time(tc, r.pos.side_to_move(), r.pos.game_ply());
    if (tt.hard_seconds > 0) ms = int64_t((tt.soft_seconds + tt.hard_seconds) * 500);
  }
  timer_cv_.notify_all();
  if (ms >= 0) arm_timer(ms);
}

void UsiEngine::refresh_tables() {
  if (searching_) return;
  if (!engine_) engine_ = std::make_unique<engine::Engine>(options_.hash_mib);
  if (!mate_table_) {
    mate_table_ = std::make_unique<solver::TranspositionTable>(options_.hash_mib);
    // isready is the moment for it: the first go mate then neither pays for the kernel's
    // page zeroing nor keeps a stop waiting on it (docs/usi.md).
    mate_table_->fault_in();
  }
}

void UsiEngine::cmd_usi() {
  say(std::string("id name ") + kName);
  say("id author the Tsumi developers");
  say("option name USI_Hash type spin default 64 min 1 max " + std::to_string(kMaxHashMib));
  say("option name USI_Ponder type check default false");
  say("option name Level type spin default " + std::to_string(engine::kFullLevel) + " min 1 max " +
      std::to_string(engine::kFullLevel));
  say("option name MateConvention type combo default standard var standard var strict");
  say("option name MateNodes type spin default 0 min 0 max 2000000000");
  say("option name MateTime type spin default 0 min 0 max 86400000");
  say("option name DeclareImpasse type check default true");
  say("usiok");
}

void UsiEngine::cmd_setoption(const std::string& line) {
  auto o = parse_setoption(line);
  if (!o) return say("info string " + o.error().message);
  auto spin = [&](int64_t min, int64_t max, int64_t& out) {
    char* end = nullptr;
    long long v = std::strtoll(o->value.c_str(), &end, 10);
    if (o->value.empty() || *end || v < min || v > max) {
      say("info string setoption " + o->name + ": expected a whole number from " + std::to_string(min) +
          " to " + std::to_string(max) + ", got \"" + o->value + "\"");
      return false;
    }
    out = v;
    return true;
  };
  auto check = [&](bool& out) {
    if (o->value != "true" && o->value != "false") {
      say("info string setoption " + o->name + ": expected true or false, got \"" + o->value + "\"");
      return;
    }
    out = o->value == "true";
  };
  int64_t v = 0;
  if (o->name == "USI_Hash") {
    if (spin(1, kMaxHashMib, v) && size_t(v) != options_.hash_mib) {
      // The tables are rebuilt at the next isready or go, never under a running search.
      if (searching_) return say("info string setoption USI_Hash: a search is running; send stop first");
      // Two tables of that size (the game's and the mate search's): both must fit, or the
      // kernel refuses them at isready, or kills the engine as they fill.
      if (const size_t memory = rules::physical_memory_mib(); !rules::tables_fit_memory(size_t(v), 2, memory))
        return say("info string setoption USI_Hash: two tables of " + std::to_string(v) +
                   " MiB (the game's and the mate search's) would not fit in this machine's memory (" +
                   std::to_string(memory) + " MiB); keeping " + std::to_string(options_.hash_mib));
      options_.hash_mib = size_t(v);
      engine_.reset();
      mate_table_.reset();
    }
  } else if (o->name == "USI_Ponder") {
    check(options_.ponder);
  } else if (o->name == "Level") {
    if (spin(1, engine::kFullLevel, v)) options_.level = int(v);
  } else if (o->name == "MateConvention") {
    if (o->value == "standard" || o->value == "strict")
      options_.mate_convention =
          o->value == "strict" ? solver::Convention::kStrict : solver::Convention::kStandard;
    else
      say("info string setoption MateConvention: expected standard or strict, got \"" + o->value + "\"");
  } else if (o->name == "MateNodes") {
    if (spin(0, 2000000000, v)) options_.mate_nodes = uint64_t(v);
  } else if (o->name == "MateTime") {
    if (spin(0, 86400000, v)) options_.mate_time_ms = v;
  } else if (o->name == "DeclareImpasse") {
    check(options_.declare_impasse);
  } else {
    say("info string setoption: unknown option \"" + o->name + "\"");
  }
}

void UsiEngine::cmd_position(const std::string& line) {
  auto p = parse_position(line);
  if (!p) return say("info string " + p.error().message + " (the previous position is kept)");
  // The running search has its own copy: a new position is for the next go.
  position_ = std::move(p).value();
  have_position_ = true;
}

void UsiEngine::cmd_go(const std::string& line) {
  if (searching_) return say("info string go: a search is already running; send stop first");
  auto g = parse_go(line);
  if (!g) return say("info string " + g.error().message);
  join();  // the previous search's threads
  refresh_tables();
  stop_ = false;
  searching_ = true;
  if (g->mate)
    go_mate(*g);
  else
    go_game(*g);
}

void UsiEngine::go_mate(const GoCommand& g) {
  solver::SolveOptions o;
  o.convention = options_.mate_convention;
  o.max_nodes = options_.mate_nodes;
  o.max_seconds = g.mate_infinite || g.mate_ms == 0 ? 0 : double(g.mate_ms) / 1000;
  if (options_.mate_time_ms > 0) {
    const double cap = double(options_.mate_time_ms) / 1000;
    o.max_seconds = o.max_seconds > 0 ? std::min(o.max_seconds, cap) : cap;
  }
  o.table = mate_table_.get();
  o.stop = &stop_;
  const auto start = std::chrono::steady_clock::now();
  o.progress = [this](const solver::SearchProgress& p) {
    say("info time " + std::to_string(int64_t(p.seconds * 1000)) + " nodes " + std::to_string(p.nodes) +
        " nps " + std::to_string(p.seconds > 0 ? uint64_t(double(p.nodes) / p.seconds) : 0) + " hashfull " +
        std::to_string(p.hashfull) + (p.best_line.empty() ? "" : " pv " + usi_line(p.best_line)));
  };
  PositionCommand position = position_;
  worker_ = std::thread([this, o, position, start] {
    Replayed r(position);
    solver::SolveResult s = solver::solve(r.pos, o);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Idle before the answer: a GUI sends its next command as soon as it reads it.
    searching_ = false;
    // A mate whose line a limit cut short has no line to give: the protocol's answer is a
    // whole line, so that is a timeout. A whole line shorter than an upper bound is still
    // a mate (the info string says the length is a bound).
    if (s.kind == solver::SolveResult::Kind::kMate && s.pv_mates) {
      say("info time " + std::to_string(int64_t(seconds * 1000)) + " nodes " + std::to_string(s.nodes) +
          " score mate " + std::to_string(s.length) + " pv " + usi_line(s.pv));
      for (const solver::SolveRound& round : s.rounds) say("info string round: " + solver::round_text(round));
      if (!s.minimal) say("info string " + solver::mate_length_text(s) + ": " + s.note);
      say("checkmate " + usi_line(s.pv));
    } else if (s.kind == solver::SolveResult::Kind::kNoMate) {
      say("checkmate nomate");
    } else {
      say("checkmate timeout");
    }
  });
}

void UsiEngine::go_game(const GoCommand& g) {
  engine::ThinkOptions o;
  o.clock.time_ms[kBlack] = g.btime;
  o.clock.time_ms[kWhite] = g.wtime;
  o.clock.increment_ms[kBlack] = g.binc;
  o.clock.increment_ms[kWhite] = g.winc;
  o.clock.byoyomi_ms = g.byoyomi;
  o.clock.movetime_ms = g.movetime;
  o.clock.infinite = g.infinite || g.ponder;
  o.level = options_.level;
  o.nodes = g.nodes;
  o.depth = g.depth;
  o.declare_impasse = options_.declare_impasse;
  o.stop = &stop_;
  o.info = [this](const engine::SearchInfo& i) {
    const int64_t ms = int64_t(i.seconds * 1000);
    say("info depth " + std::to_string(i.depth) + " seldepth " + std::to_string(i.seldepth) + " time " +
        std::to_string(ms) + " nodes " + std::to_string(i.nodes) + " nps " +
        std::to_string(i.seconds > 0 ? uint64_t(double(i.nodes) / i.seconds) : 0) + " hashfull " +
        std::to_string(i.hashfull) + " score " + score_text(i.score) +
        (i.pv.empty() ? "" : " pv " + usi_line(i.pv)));
  };
  {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    ponder_search_ = g.ponder;
    pondering_ = g;
    ponder_position_ = position_;
  }
  PositionCommand position = position_;
  worker_ = std::thread([this, o, position] {
    Replayed r(position);
    engine::Decision d = engine_->think(r.pos, o);
    {
      // A ponder search answers only after ponderhit or stop, as the protocol says.
      std::unique_lock<std::mutex> lock(timer_mutex_);
      timer_cv_.wait(lock, [this] { return !ponder_search_ || stop_; });
    }
    searching_ = false;  // idle before the answer, as above
    switch (d.kind) {
      case engine::Decision::Kind::kMove:
        say("bestmove " + to_usi(d.move));
        break;
      case engine::Decision::Kind::kResign:
        say("bestmove resign");
        break;
      case engine::Decision::Kind::kDeclareWin:
        say("bestmove win");
        break;
    }
  });
}

int run_stdio() {
  UsiEngine engine([](const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  });
  std::string line;
  while (std::getline(std::cin, line))
    if (!engine.handle(line)) return 0;
  engine.handle("quit");  // end of input: stop and finish the search
  return 0;
}

}  // namespace tsumi::usi
