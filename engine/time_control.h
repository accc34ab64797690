// Clocks and how long to think: byoyomi (秒読み), Fischer increment, sudden death, a fixed
// time per move, and how the engine splits its time.
//
// Contract: think_time() never plans past what the clock allows (remaining time plus
// byoyomi, less a safety margin for the GUI's and the operating system's latency).
#pragma once

#include <cstdint>

#include "rules/types.h"

namespace tsumi::engine {

struct TimeControl {
  int64_t time_ms[rules::kColorNb] = {0, 0};       // main time left
  int64_t increment_ms[rules::kColorNb] = {0, 0};  // added after each move
  int64_t byoyomi_ms = 0;                          // per move once the main time is gone
  int64_t movetime_ms = 0;                         // exactly this long per move (overrides)
  bool infinite = false;                           // until told to stop
  bool any() const {
    return infinite || movetime_ms > 0 || byoyomi_ms > 0 || time_ms[0] > 0 || time_ms[1] > 0 ||
           increment_ms[0] > 0 || increment_ms[1] > 0;
  }
};

struct ThinkTime {
  double soft_seconds = 0;  // start no new iteration after this
  double hard_seconds = 0;  // stop the search here (0: no limit)
};

inline constexpr int64_t kSafetyMarginMs = 60;

ThinkTime think_time(const TimeControl& tc, rules::Color us, int game_ply);

// A player's clock in a game (the match runner and the trainer): main time, then byoyomi
// per move; an increment added after each move. spend() returns false when the flag fell.
class Clock {
 public:
  Clock() = default;
  Clock(int64_t main_ms, int64_t byoyomi_ms, int64_t increment_ms)
      : left_ms_(main_ms), byoyomi_ms_(byoyomi_ms), increment_ms_(increment_ms) {}
  bool spend(int64_t used_ms);
  int64_t left_ms() const { return left_ms_; }
  int64_t byoyomi_ms() const { return byoyomi_ms_; }
  int64_t increment_ms() const { return increment_ms_; }

 private:
  int64_t left_ms_ = 0, byoyomi_ms_ = 0, increment_ms_ = 0;
};

}  // namespace tsumi::engine
