#include "ui/analysis.h"

#include "rules/sfen.h"
#include "ui/solver_table.h"

namespace tsumi::ui {

void Analysis::cancel() { worker_.cancel(); }

void Analysis::wait() { worker_.wait(); }

void Analysis::start(const std::string& sfen, double max_seconds) {
  nodes_ = 0;
  sfen_ = sfen;
  worker_.start([this, sfen, max_seconds](const std::atomic<bool>& stop) {
    solver::SolveResult r;
    rules::Position pos;
    rules::StateInfo root;
    if (auto ok = rules::parse_sfen(sfen, pos, root)) {
      solver::SolveOptions o;
      o.max_seconds = max_seconds;
      o.stop = &stop;
      use_growing_table(o);
      o.progress = [this](const solver::SearchProgress& p) { nodes_ = p.nodes; };
      r = solver::solve(pos, o);
    } else {
      r.note = ok.error().message;
    }
    nodes_ = r.nodes;
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = r;
  });
}

std::optional<solver::SolveResult> Analysis::poll() {
  if (!worker_.finished()) return std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  auto r = result_;
  result_.reset();
  return r;
}

}  // namespace tsumi::ui
