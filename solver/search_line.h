// The line a search is examining: the positions from the outermost root down to the node
// being expanded, each with its index, so that a move back to one of them (a repetition)
// is seen and the index of the position it repeats is known.
//
// Each position also keeps its board and the attacker's hand, so that a move to the board of
// a position of the line with no more in the attacker's hand (an inferior position) is seen
// as well.
//
// Contract: positions enter and leave strictly last-in first-out (the searches, nested
// futility searches included, are recursive); nearest() returns the largest index of a
// position with that key on the line, or -1; nearest_inferior() the largest index, at least
// min_index, of a position with that board whose attacker's hand dominates the given one,
// or -1. A look-up of a key not on the line (nearly every one) touches one counter; the
// stack is scanned only when the counter is not zero.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "rules/hand.h"
#include "rules/types.h"

namespace tsumi::solver {

class SearchLine {
 public:
  using Token = std::size_t;

  void clear() {
    for (const auto& e : entries_) {
      --counts_[slot(e.key)];
      --board_counts_[slot(e.board_key)];
    }
    entries_.clear();
  }
  // A position known by its key alone (of an outer line): only a repetition finds it.
  Token enter(rules::Key key, int index) {
    Token t = enter(key, key, rules::Hand(), index);
    entries_[t].board_known = false;
    return t;
  }
  Token enter(rules::Key key, rules::Key board_key, rules::Hand attacker_hand, int index) {
    if (counts_.empty()) counts_.assign(kFilterSize, 0), board_counts_.assign(kFilterSize, 0);
    ++counts_[slot(key)];
    ++board_counts_[slot(board_key)];
    entries_.push_back(Entry{key, board_key, attacker_hand, index, true});
    return entries_.size() - 1;
  }
  void leave(Token token) {
    assert(token + 1 == entries_.size());
    --counts_[slot(entries_[token].key)];
    --board_counts_[slot(entries_[token].board_key)];
    entries_.pop_back();
  }
  int nearest(rules::Key key) const {
    if (counts_.empty() || counts_[slot(key)] == 0) return -1;
    // Entries are pushed with growing indices: the first match from the top is the nearest.
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
      if (it->key == key) return it->index;
    return -1;
  }
  int nearest_inferior(rules::Key board_key, rules::Hand attacker_hand, int min_index) const {
    if (board_counts_.empty() || board_counts_[slot(board_key)] == 0) return -1;
    for (auto it = entries_.rbegin(); it != entries_.rend() && it->index >= min_index; ++it)
      if (it->board_key == board_key && it->board_known && it->attacker_hand.dominates(attacker_hand))
        return it->index;
    return -1;
  }

 private:
  struct Entry {
    rules::Key key;
    rules::Key board_key;
    rules::Hand attacker_hand;
    int index;
    bool board_known;  // false: an outer line's position, known by its key alone
  };
  static constexpr int kFilterBits = 14;
  static constexpr std::size_t kFilterSize = std::size_t(1) << kFilterBits;
  static std::size_t slot(rules::Key key) { return std::size_t(key >> (64 - kFilterBits)); }

  std::vector<Entry> entries_;
  std::vector<uint16_t> counts_;        // positions on the line per slot of their key
  std::vector<uint16_t> board_counts_;  // per slot of their board's key (both allocated on first use)
};

}  // namespace tsumi::solver
