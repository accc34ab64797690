// Endless practice: generated problems of a chosen length, served one after another. A
// worker thread runs the generator (solver/generator.h) ahead of the user, keeping a few
// problems ready, so the next one opens at once.
//
// Contract: start() stops a previous run first; take() never blocks (nullopt when none is
// ready yet); stop() returns within one generator step; the destructor stops and joins.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "problems/problem.h"

namespace tsumi::ui {

class Practice {
 public:
  static constexpr size_t kAhead = 3;  // problems kept ready

  ~Practice();
  void start(int length, uint64_t seed);
  void stop();
  bool running() const { return running_; }
  int length() const { return length_; }
  size_t ready() const;
  uint64_t generated() const { return generated_.load(); }
  std::optional<problems::Problem> take();
  // Blocks until a problem is ready or the run stops (tests and scripted runs).
  void wait_for_one();

 private:
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> generated_{0};
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<problems::Problem> queue_;
  bool running_ = false;
  int length_ = 3;
};

}  // namespace tsumi::ui
