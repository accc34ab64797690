#include "ui/practice.h"

#include "rules/usi_move.h"
#include "solver/generator.h"

namespace tsumi::ui {

Practice::~Practice() { stop(); }

void Practice::stop() {
  stop_ = true;
  cv_.notify_all();
  if (worker_.joinable()) worker_.join();
  running_ = false;
}

void Practice::start(int length, uint64_t seed) {
  stop();
  stop_ = false;
  running_ = true;
  length_ = length;
  generated_ = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.clear();
  }
  worker_ = std::thread([this, length, seed] {
    solver::Generator gen(solver::GeneratorOptions{length, seed, &stop_});
    while (!stop_) {
      {
        // Wait while enough problems are ready.
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait(lock, [this] { return stop_ || queue_.size() < kAhead; });
        if (stop_) return;
      }
      auto g = gen.next();
      if (!g) return;  // stopped
      problems::Problem p;
      p.id = "practice-" + std::to_string(length) + "-" + std::to_string(++generated_);
      p.collection = "practice";
      p.sfen = g->sfen;
      p.stated_length = length;
      for (rules::Move m : g->main_line) p.main_line.push_back(rules::to_usi(m));
      p.author = "Tsumi generator";
      p.tags = {"generated"};
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(p));
      cv_.notify_all();
    }
  });
}

size_t Practice::ready() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.size();
}

std::optional<problems::Problem> Practice::take() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (queue_.empty()) return std::nullopt;
  problems::Problem p = std::move(queue_.front());
  queue_.pop_front();
  cv_.notify_all();  // the worker makes the next one
  return p;
}

void Practice::wait_for_one() {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
}

}  // namespace tsumi::ui
