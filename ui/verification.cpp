#include "ui/verification.h"

#include <memory>

#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/western.h"
#include "ui/solver_table.h"

namespace tsumi::ui {

using namespace rules;

std::vector<TreeNode> solution_tree(const Position& root, const solver::VerifyResult& v,
                                    const solver::SolveOptions& solve) {
  std::vector<TreeNode> tree;
  Position pos;
  StateInfo root_state;
  pos.copy_from(root, root_state);
  std::vector<std::unique_ptr<StateInfo>> states;
  const std::vector<Move>& main = v.checked_line;
  std::vector<Move> line;
  for (size_t i = 0; i < main.size(); ++i) {
    const Move m = main[i];
    if (!pos.is_legal(m)) break;
    const bool defender = i % 2 == 1;
    if (defender) {
      // Every other legal defence, with the mate after it.
      for (Move d : MoveList<kLegal>(pos)) {
        if (d == m) continue;
        TreeNode n;
        n.kind = TreeNode::Kind::kDefence;
        n.move_number = int(i) + 1;
        n.line = line;
        n.line.push_back(d);
        n.text = to_western(pos, d);
        StateInfo st;
        pos.do_move(d, st);
        solver::SolveOptions o = solve;
        o.max_ply = std::max(1, int(main.size() - i) + 2);
        solver::SolveResult r = solver::solve(pos, o);
        pos.undo_move(d);
        if (r.kind == solver::SolveResult::Kind::kMate) {
          n.plies_after = r.length;
          n.note = "mated in " + std::to_string(r.length) + " more" + (r.minimal ? "" : " (at most)");
        } else {
          n.note = r.kind == solver::SolveResult::Kind::kNoMate || r.no_mate_within_max_ply
                       ? "escapes: no mate in time"
                       : "undecided";
        }
        tree.push_back(std::move(n));
      }
    }
    TreeNode n;
    n.kind = TreeNode::Kind::kMain;
    n.move_number = int(i) + 1;
    n.text = to_western(pos, m);
    line.push_back(m);
    n.line = line;
    n.plies_after = int(main.size() - i - 1);
    n.note = "main line";
    tree.push_back(std::move(n));
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
  for (const solver::Finding& f : v.findings) {
    if (f.line.empty()) continue;
    TreeNode n;
    n.kind = TreeNode::Kind::kFinding;
    n.move_number = f.move_number;
    n.line = f.line;
    n.text = std::string(solver::finding_japanese(f.kind)) + " " + solver::finding_name(f.kind);
    n.note = f.detail;
    tree.push_back(std::move(n));
  }
  return tree;
}

void Verification::wait() { worker_.wait(); }

void Verification::cancel() { worker_.cancel(); }

void Verification::start(const std::string& sfen, int stated_length, double max_seconds) {
  nodes_ = 0;
  sfen_ = sfen;
  result_.reset();
  tree_.clear();
  worker_.start([this, sfen, stated_length, max_seconds](const std::atomic<bool>& stop) {
    Position pos;
    StateInfo root;
    solver::VerifyResult v;
    std::vector<TreeNode> tree;
    if (parse_sfen(sfen, pos, root)) {
      solver::VerifyOptions o;
      o.solve.max_seconds = max_seconds;
      o.solve.stop = &stop;
      use_growing_table(o.solve);
      o.solve.progress = [this](const solver::SearchProgress& p) { nodes_ = p.nodes; };
      o.stated_length = stated_length;
      o.move_name = [](const Position& at, Move m) { return to_western(at, m); };  // as the tree's moves
      v = solver::verify(pos, o);
      nodes_ = v.solution.nodes;
      if (!stop) {
        solver::SolveOptions each;
        each.max_nodes = 200'000;
        each.hash_mib = 8;
        each.stop = &stop;
        tree = solution_tree(pos, v, each);
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    pending_ = std::move(v);
    pending_tree_ = std::move(tree);
  });
}

bool Verification::poll() {
  if (!worker_.finished()) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  result_ = std::move(pending_);
  tree_ = std::move(pending_tree_);
  pending_.reset();
  return true;
}

}  // namespace tsumi::ui
