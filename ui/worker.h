// One job at a time on a worker thread, for the window: the job runs off the frame loop
// with a stop flag it should watch; the window polls for its end without blocking.
//
// Contract: start() cancels and joins a running job first; finished() never blocks and
// is true once per job; cancel() sets the stop flag and joins; the destructor cancels.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace tsumi::ui {

class Worker {
 public:
  ~Worker() { cancel(); }
  void start(std::function<void(const std::atomic<bool>& stop)> job) {
    cancel();
    stop_ = false;
    done_ = false;
    running_ = true;
    thread_ = std::thread([this, job = std::move(job)] {
      job(stop_);
      done_ = true;
    });
  }
  bool running() const { return running_; }
  // A job started and not yet at its end (finished() may not have been asked yet).
  bool busy() const { return running_ && !done_; }
  bool finished() {
    if (!running_ || !done_) return false;
    wait();
    running_ = false;
    return true;
  }
  void cancel() {
    stop_ = true;
    wait();
    running_ = false;
  }
  void wait() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false}, done_{false};
  bool running_ = false;
};

}  // namespace tsumi::ui
