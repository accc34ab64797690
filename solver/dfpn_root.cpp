// DfpnSearch around its nodes: construction, the limits and progress reports, the root
// of a search (a stored answer, the line before it). The nodes are in dfpn.cpp.
#include <algorithm>
#include <cassert>
#include <memory>

#include "solver/dfpn.h"
#include "solver/path_key.h"

namespace tsumi::solver {

using namespace rules;

DfpnSearch::DfpnSearch(TranspositionTable& tt, SearchLimits limits, ProgressCallback progress,
                       Convention convention)
    : tt_(tt),
      limits_(limits),
      progress_(std::move(progress)),
      start_(std::chrono::steady_clock::now()),
      convention_(convention),
      futility_memo_(std::make_shared<std::unordered_map<Key, FutilityMemo>>()),
      // Bounded by the table's size, so that a small hash setting keeps the whole solver small.
      futility_memo_capacity_(std::clamp(tt.max_bytes() / kFutilityMemoShare / kFutilityMemoEntryBytes,
                                         kMinFutilityMemoEntries, kMaxFutilityMemoEntries)) {
  next_report_ = start_ + report_interval_;
  // Small budgets (the nested futility searches) are watched closely, tiny ones (tests)
  // at every node. The clock is read on a schedule that follows the speed of the nodes
  // (see check_limits()), from the first node on: a new table's first writes are the
  // slowest nodes of all.
  if (limits_.max_nodes && limits_.max_nodes < 16384) limit_interval_ = limits_.max_nodes < 64 ? 1 : 16;
  last_check_ = start_;
  if (limits_.max_seconds > 0)
    deadline_ = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(limits_.max_seconds));
}

void DfpnSearch::set_progress_interval(double seconds) {
  report_interval_ = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(std::max(0.0, seconds)));
  next_report_ = start_ + report_interval_;
}

double DfpnSearch::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool DfpnSearch::check_limits() {
  // The node limit on its own grid, so that where a search stops for it never depends on
  // the clock.
  if (nodes_ >= next_limit_check_) {
    next_limit_check_ = nodes_ + limit_interval_;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) aborted_ = true;
  }
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  auto now = std::chrono::steady_clock::now();
  if (now >= deadline_) aborted_ = true;
  // Nodes are not always fast: while a new table is first written, the kernel zeroes each
  // of its pages at the first touch (on this machine's virtual machine, 512 MiB took 1.4 s
  // the first time), and 1 024 such nodes kept a stop waiting over a second (`tsumi bench
  // stop`). So the clock's interval starts at one node and follows the nodes' speed
  // (next_clock_interval()), up to the node limit's interval.
  clock_interval_ = next_clock_interval(clock_interval_, limit_interval_, now - last_check_);
  last_check_ = now;
  next_check_ = std::min(next_limit_check_, nodes_ + clock_interval_);
  if (progress_ && now >= next_report_) {
    next_report_ = now + report_interval_;
    // At a root (the solver and the main line's reader ask many short questions in a row)
    // there is no line yet: the last one stands.
    if (!current_line_.empty())
      reported_line_.assign(current_line_.begin(),
                            current_line_.begin() + std::min<size_t>(current_line_.size(), 16));
    progress_(SearchProgress{nodes_, std::chrono::duration<double>(now - start_).count(), root_pn_, root_dn_,
                             tt_.hashfull(), max_depth_, reported_line_, tt_.mib()});
  }
  return aborted_;
}

SearchOutcome DfpnSearch::search(Position& pos, int max_depth, bool or_node, const std::vector<Key>& path) {
  set_outer_line(path);
  // The root's own position too, not only the line before it: in a table kept from search
  // to search (SolveOptions::keep_table_contents), a disproof that rests on a repetition
  // after some moves from one root must not be read after the same moves from another.
  root_path_key_ = next_root_key_ ? next_root_key_ : extend_path_key(root_path_key_, pos.key());
  next_root_key_ = 0;
  return run(pos, max_depth, or_node);
}

SearchOutcome DfpnSearch::search_within(Position& pos, int max_depth, bool or_node,
                                        const std::vector<Key>& path, uint64_t max_nodes) {
  if (aborted_) {
    next_root_key_ = 0;
    return SearchOutcome::kUnknown;
  }
  const uint64_t own_max_nodes = limits_.max_nodes;
  const uint64_t cap = nodes_ + max_nodes;
  if (!own_max_nodes || cap < own_max_nodes) limits_.max_nodes = cap;
  // The limits are looked at from the next node on, on a grid that starts here: where the
  // cap stops the search depends on the nodes only.
  next_limit_check_ = next_check_ = nodes_;
  const SearchOutcome outcome = search(pos, max_depth, or_node, path);
  limits_.max_nodes = own_max_nodes;
  next_limit_check_ = next_check_ = nodes_;
  if (aborted_) {
    // Only the cap's abort is forgotten.
    aborted_ = false;
    check_limits();
  }
  return outcome;
}

void DfpnSearch::set_outer_line(const std::vector<Key>& path) {
  own_path_.clear();
  on_path_ = &own_path_;
  for (size_t i = 0; i < path.size(); ++i) own_path_.enter(path[i], int(i));
  line_base_ = int(path.size());
  root_path_key_ = line_path_key(path);
}

SearchOutcome DfpnSearch::run(Position& pos, int max_depth, bool or_node) {
  current_line_.clear();
  max_depth_ = std::min<int>(max_depth, kUnlimitedDepth - 2);
  root_is_or_ = or_node;
  attacker_ = or_node ? pos.side_to_move() : ~pos.side_to_move();
  length_ = 0;
  depth_limited_ = false;
  uncertain_ = false;
  root_rep_ = kNoRepetition;
  const Key root_path_key = root_path_key_;
  // A stored result answers at once (the solver asks many small questions in a row).
  TTProbe known = probe(table_key(pos), pos.hand(attacker_), max_depth_, root_path_key);
  if (known.kind == EntryKind::kProven) {
    length_ = known.depth;
    root_hand_ = known.hand;
    return SearchOutcome::kProven;
  }
  if (known.kind == EntryKind::kDisproven && !known.rep_distance && (reuse_uncertain_ || !known.uncertain)) {
    depth_limited_ = known.depth < kUnlimitedDepth;
    uncertain_ = known.uncertain;
    return SearchOutcome::kDisproven;
  }
  LineToken root_entry = enter_line(pos, line_base_);
  Result r = mid(pos, 0, root_path_key, kInfinitePn, kInfinitePn);
  leave_line(root_entry);
  root_pn_ = r.pn;
  root_dn_ = r.dn;
  if (aborted_) return SearchOutcome::kUnknown;
  if (r.pn == 0) {
    length_ = r.depth;
    root_hand_ = r.hand;
    return SearchOutcome::kProven;
  }
  if (r.dn == 0) {
    depth_limited_ = r.depth < kUnlimitedDepth;
    uncertain_ = r.uncertain;
    root_rep_ = r.rep;
    return SearchOutcome::kDisproven;
  }
  // The root's thresholds are infinite and only a proof or a disproof is (pn.h): a search
  // that was not stopped has decided its root.
  assert(false && "an undecided root without a limit reached");
  return SearchOutcome::kUnknown;
}

}  // namespace tsumi::solver
