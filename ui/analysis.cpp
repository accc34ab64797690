#include "ui/analysis.h"

#include "rules/sfen.h"

namespace tsumi::ui {

Analysis::~Analysis() { cancel(); }

void Analysis::cancel() {
  stop_ = true;
  wait();
  running_ = false;
}

void Analysis::wait() {
  if (worker_.joinable()) worker_.join();
}

void Analysis::start(const std::string& sfen, double max_seconds) {
  cancel();
  stop_ = false;
  done_ = false;
  nodes_ = 0;
  running_ = true;
  sfen_ = sfen;
  worker_ = std::thread([this, sfen, max_seconds] {
    solver::SolveResult r;
    rules::Position pos;
    rules::StateInfo root;
    if (auto ok = rules::parse_sfen(sfen, pos, root)) {
      solver::SolveOptions o;
      o.max_seconds = max_seconds;
      o.stop = &stop_;
      o.progress = [this](const solver::SearchProgress& p) { nodes_ = p.nodes; };
      r = solver::solve(pos, o);
    } else {
      r.note = ok.error().message;
    }
    nodes_ = r.nodes;
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = r;
    done_ = true;
  });
}

std::optional<solver::SolveResult> Analysis::poll() {
  if (!running_ || !done_) return std::nullopt;
  wait();
  running_ = false;
  std::lock_guard<std::mutex> lock(mutex_);
  auto r = result_;
  result_.reset();
  return r;
}

}  // namespace tsumi::ui
