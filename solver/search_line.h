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
// or -1. Each look-up walks only the positions whose key (or board key) falls in the same
// slot of a small table: nearly always none, whatever the length of the line. (A counter
// per slot and a scan of the whole line on a hit took 28% of the time in a round of
// Microcosmos, whose lines are 1 500 plies long.)
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
    for (const auto& e : entries_) key_heads_[slot(e.key)] = board_heads_[slot(e.board_key)] = kNone;
    entries_.clear();
  }
  // A position known by its key alone (of an outer line): only a repetition finds it.
  Token enter(rules::Key key, int index) {
    Token t = enter(key, key, rules::Hand(), index);
    entries_[t].board_known = false;
    return t;
  }
  Token enter(rules::Key key, rules::Key board_key, rules::Hand attacker_hand, int index) {
    if (key_heads_.empty()) key_heads_.assign(kSlots, kNone), board_heads_.assign(kSlots, kNone);
    const auto at = int32_t(entries_.size());
    entries_.push_back(Entry{key, board_key, attacker_hand, index, true, key_heads_[slot(key)],
                             board_heads_[slot(board_key)]});
    key_heads_[slot(key)] = at;
    board_heads_[slot(board_key)] = at;
    return Token(at);
  }
  void leave(Token token) {
    assert(token + 1 == entries_.size());
    const Entry& e = entries_[token];
    key_heads_[slot(e.key)] = e.below_same_key_slot;
    board_heads_[slot(e.board_key)] = e.below_same_board_slot;
    entries_.pop_back();
  }
  int nearest(rules::Key key) const {
    if (key_heads_.empty()) return -1;
    // Each slot's positions are chained from the top of the line down, and entries are
    // pushed with growing indices: the first match is the nearest.
    for (int32_t i = key_heads_[slot(key)]; i != kNone; i = entries_[i].below_same_key_slot)
      if (entries_[i].key == key) return entries_[i].index;
    return -1;
  }
  int nearest_inferior(rules::Key board_key, rules::Hand attacker_hand, int min_index) const {
    if (board_heads_.empty()) return -1;
    for (int32_t i = board_heads_[slot(board_key)]; i != kNone && entries_[i].index >= min_index;
         i = entries_[i].below_same_board_slot) {
      const Entry& e = entries_[i];
      if (e.board_key == board_key && e.board_known && e.attacker_hand.dominates(attacker_hand))
        return e.index;
    }
    return -1;
  }

 private:
  struct Entry {
    rules::Key key;
    rules::Key board_key;
    rules::Hand attacker_hand;
    int index;
    bool board_known;               // false: an outer line's position, known by its key alone
    int32_t below_same_key_slot;    // the next position down the line in this key's slot
    int32_t below_same_board_slot;  // the same for the board's key
  };
  static constexpr int kSlotBits = 14;
  static constexpr std::size_t kSlots = std::size_t(1) << kSlotBits;
  static constexpr int32_t kNone = -1;
  static std::size_t slot(rules::Key key) { return std::size_t(key >> (64 - kSlotBits)); }

  std::vector<Entry> entries_;
  std::vector<int32_t> key_heads_;    // per slot, the topmost position of the line in it (kNone)
  std::vector<int32_t> board_heads_;  // the same by the board's key (both allocated on first use)
};

}  // namespace tsumi::solver
