// A solver run on a worker thread for the window: solve a position (a pasted problem, or
// "show the answer") without freezing the frame loop, with a live node count, and stop.
//
// Contract: start() runs solver::solve on its own thread (a previous run is stopped
// first); poll() is non-blocking and returns the result once; cancel() returns within the
// solver's stop latency; the destructor cancels and joins.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>

#include "solver/solver.h"
#include "ui/worker.h"

namespace tsumi::ui {

class Analysis {
 public:
  void start(const std::string& sfen, double max_seconds);
  std::optional<solver::SolveResult> poll();
  void cancel();
  void wait();
  bool running() const { return worker_.running(); }
  uint64_t nodes() const { return nodes_.load(); }
  const std::string& sfen() const { return sfen_; }

 private:
  std::atomic<uint64_t> nodes_{0};
  std::mutex mutex_;
  std::optional<solver::SolveResult> result_;
  std::string sfen_;
  Worker worker_;  // last: it joins the job before the members it uses go
};

}  // namespace tsumi::ui
