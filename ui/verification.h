// The editor's "Verify": the composed-problem check of `tsumi verify` (solver/verify.h) on
// a worker thread, and the solution tree to walk: the main line, and at every defender move
// of it each legal defence with how long the mate takes after it, plus every cook and
// other finding with its line.
//
// Contract: like Analysis — start() stops a previous run first; poll() never blocks and
// reports a finished run once; cancel() returns within the solver's stop latency; the
// destructor cancels and joins.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "solver/verify.h"
#include "ui/worker.h"

namespace tsumi::ui {

struct TreeNode {
  enum class Kind { kMain, kDefence, kFinding };
  Kind kind = Kind::kMain;
  int move_number = 0;            // 1-based ply
  std::vector<rules::Move> line;  // from the start, this move last
  std::string text;               // the move (Western notation)
  int plies_after = -1;           // defences: plies to mate after it (-1: not decided)
  std::string note;               // what the finding is, or "main line"
};

class Verification {
 public:
  // `stated_length` 0: no stated length (the solver's is checked).
  void start(const std::string& sfen, int stated_length, double max_seconds = 60);
  bool poll();  // true once, when a run has just finished
  void cancel();
  void wait();
  bool running() const { return worker_.running(); }
  uint64_t nodes() const { return nodes_.load(); }
  const std::string& sfen() const { return sfen_; }
  const std::optional<solver::VerifyResult>& result() const { return result_; }
  const std::vector<TreeNode>& tree() const { return tree_; }

 private:
  std::atomic<uint64_t> nodes_{0};
  std::mutex mutex_;
  std::string sfen_;
  std::optional<solver::VerifyResult> result_, pending_;
  std::vector<TreeNode> tree_, pending_tree_;
  Worker worker_;  // last: it joins the job before the members it uses go
};

// The tree of a verified problem (exposed for tests): `solve` limits each defence's question.
std::vector<TreeNode> solution_tree(const rules::Position& root, const solver::VerifyResult& v,
                                    const solver::SolveOptions& solve);

}  // namespace tsumi::ui
