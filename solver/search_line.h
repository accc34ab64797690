// The line a search is examining: the positions from the outermost root down to the node
// being expanded, each with its index, so that a move back to one of them (a repetition)
// is seen and the index of the position it repeats is known.
//
// Contract: positions enter and leave strictly last-in first-out (the searches, nested
// futility searches included, are recursive); nearest() returns the largest index of a
// position with that key on the line, or -1. A look-up of a key not on the line (nearly
// every one) touches one counter; the stack is scanned only when the counter is not zero.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "rules/types.h"

namespace tsumi::solver {

class SearchLine {
 public:
  using Token = std::size_t;

  void clear() {
    for (const auto& e : entries_) --counts_[slot(e.first)];
    entries_.clear();
  }
  Token enter(rules::Key key, int index) {
    if (counts_.empty()) counts_.assign(kFilterSize, 0);
    ++counts_[slot(key)];
    entries_.emplace_back(key, index);
    return entries_.size() - 1;
  }
  void leave(Token token) {
    assert(token + 1 == entries_.size());
    --counts_[slot(entries_[token].first)];
    entries_.pop_back();
  }
  int nearest(rules::Key key) const {
    if (counts_.empty() || counts_[slot(key)] == 0) return -1;
    // Entries are pushed with growing indices: the first match from the top is the nearest.
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
      if (it->first == key) return it->second;
    return -1;
  }

 private:
  static constexpr int kFilterBits = 14;
  static constexpr std::size_t kFilterSize = std::size_t(1) << kFilterBits;
  static std::size_t slot(rules::Key key) { return std::size_t(key >> (64 - kFilterBits)); }

  std::vector<std::pair<rules::Key, int>> entries_;
  std::vector<uint16_t> counts_;  // positions on the line per slot (allocated on first use)
};

}  // namespace tsumi::solver
