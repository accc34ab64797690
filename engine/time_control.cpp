#include "engine/time_control.h"

#include <algorithm>

namespace tsumi::engine {

ThinkTime think_time(const TimeControl& tc, rules::Color us, int game_ply) {
  ThinkTime t;
  if (tc.infinite || !tc.any()) return t;
  if (tc.movetime_ms > 0) {
    double s = double(std::max<int64_t>(tc.movetime_ms - kSafetyMarginMs, 10)) / 1000;
    t.soft_seconds = t.hard_seconds = s;
    return t;
  }
  const int64_t left = tc.time_ms[us], inc = tc.increment_ms[us];
  // A game lasts about 120 plies; plan for the moves still to come, at least 20 of ours.
  const int64_t moves_to_go = std::max<int64_t>(20, (140 - game_ply) / 2);
  const int64_t usable = std::max<int64_t>(0, left + tc.byoyomi_ms - kSafetyMarginMs);
  int64_t base = left / moves_to_go + inc * 4 / 5;
  if (tc.byoyomi_ms > 0) base += tc.byoyomi_ms * 9 / 10 - (left > 0 ? tc.byoyomi_ms / 4 : 0);
  base = std::clamp<int64_t>(base, 10, std::max<int64_t>(usable, 10));
  const int64_t hard = std::clamp<int64_t>(base * 3, 10, std::max<int64_t>(usable, 10));
  t.soft_seconds = double(base) * 0.6 / 1000;
  t.hard_seconds = double(std::max(hard, base)) / 1000;
  return t;
}

bool Clock::spend(int64_t used_ms) {
  if (used_ms <= left_ms_) {
    left_ms_ -= used_ms;
  } else {
    const int64_t over = used_ms - left_ms_;
    left_ms_ = 0;
    if (over > byoyomi_ms_) return false;  // the flag fell
  }
  left_ms_ += increment_ms_;
  return true;
}

}  // namespace tsumi::engine
