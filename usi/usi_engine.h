// The USI engine: Tsumi's solver (`go mate`) and game engine (`go`) behind the standard
// protocol that shogi GUIs speak (ShogiHome, ShogiGUI, Shogidokoro, ...). See docs/usi.md.
//
// Contract: handle() takes one command line and never blocks on a search: searches run on
// a worker thread, and their `info`, `bestmove` and `checkmate` lines go to the output
// callback (serialised; one call per line, without the newline). A bad command — unknown,
// a broken SFEN, an illegal move, a bad number — gets an `info string` line naming the
// problem and changes nothing: the engine keeps its previous valid state. `stop` makes the
// running search answer at once with what it knows. handle() returns false after `quit`.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "solver/futility.h"
#include "solver/tt.h"
#include "usi/commands.h"

namespace tsumi::usi {

struct UsiOptions {
  size_t hash_mib = 64;  // USI_Hash: the engine's table, and the solver's for go mate
  int level = engine::kFullLevel;
  solver::Convention mate_convention = solver::Convention::kStandard;
  uint64_t mate_nodes = 0;   // 0: no limit
  int64_t mate_time_ms = 0;  // a cap on go mate's time, infinite included (0: none)
  bool declare_impasse = true;
  bool ponder = false;
};

// The engine on standard input and output until `quit` or the end of input: what `tsumi usi`
// and the `tsumi-usi` executable (for GUIs, which start an engine without arguments) run.
int run_stdio();

class UsiEngine {
 public:
  using Output = std::function<void(const std::string&)>;
  explicit UsiEngine(Output out);
  ~UsiEngine();
  UsiEngine(const UsiEngine&) = delete;
  UsiEngine& operator=(const UsiEngine&) = delete;

  bool handle(const std::string& line);
  // Blocks until the running search (if any) has answered (tests, and `quit`).
  void wait();
  const UsiOptions& options() const { return options_; }

 private:
  void say(const std::string& line);
  void cmd_usi();
  void cmd_setoption(const std::string& line);
  void cmd_position(const std::string& line);
  void cmd_go(const std::string& line);
  void go_mate(const GoCommand& g);
  void go_game(const GoCommand& g);
  void stop_search();
  void ponder_hit();
  void refresh_tables();  // the tables of the current hash size (not during a search)
  void join();
  // Stops the search at `ms` from now unless it ends first (go mate <ms>, and ponderhit).
  void arm_timer(int64_t ms);

  Output out_;
  std::mutex out_mutex_;
  UsiOptions options_;
  PositionCommand position_;
  bool have_position_ = false;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<solver::TranspositionTable> mate_table_;
  std::thread worker_;
  std::atomic<bool> searching_{false};
  std::atomic<bool> stop_{false};
  // The ponder search: on ponderhit it gets a deadline from its clock.
  GoCommand pondering_;
  PositionCommand ponder_position_;
  bool ponder_search_ = false;
  std::thread timer_;
  std::mutex timer_mutex_;
  std::condition_variable timer_cv_;
  bool timer_cancel_ = false;
};

}  // namespace tsumi::usi
