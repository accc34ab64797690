#include "solver/main_line.h"

#include <algorithm>
#include <cstdint>

#include "rules/movegen.h"
#include "solver/path_key.h"

namespace tsumi::solver {

using namespace rules;

MainLine::MainLine(DfpnSearch& search, Position& pos, bool trust_table)
    : search_(search), pos_(pos), trust_table_(trust_table), tie_break_(!trust_table) {
  // As DfpnSearch::search() keys a root without a line before it.
  keys_.push_back(extend_path_key(line_path_key({}), pos.key()));
}

Key MainLine::key_after(Move m) const { return child_path_key(keys_.back(), m); }

Key MainLine::key_after(Move m, Move then) const { return child_path_key(key_after(m), then); }

bool MainLine::is_futile(Move m, int remaining, int* length) {
  search_.key_next_root(keys_.back());
  return search_.futile(pos_, m, remaining, path_, length);
}

void MainLine::play(Move m) {
  keys_.push_back(key_after(m));
  path_.push_back(pos_.key());
  states_.emplace_back();
  pos_.do_move(m, states_.back());
}

void MainLine::undo(Move m) {
  pos_.undo_move(m);
  states_.pop_back();
  path_.pop_back();
  keys_.pop_back();
}

bool MainLine::extract(int length, std::vector<Move>& line) {
  std::vector<Choice> nodes;
  Hand final_hand;
  if (!complete(length, true, line, &nodes, &final_hand)) return false;
  if (!final_hand.empty() && tie_break_) {
    budget_end_ = tie_break_budget_ ? search_.nodes() + tie_break_budget_ : 0;
    prefer_empty_hand(line, nodes);
    budget_end_ = 0;
  }
  return true;
}

Move MainLine::longest_defence(int remaining) {
  const std::vector<Defence> best = longest_defences(remaining, 1);
  return best.empty() || !best[0].capture.is_none() ? Move::none() : best[0].move;
}

SearchOutcome MainLine::ask(int depth, bool or_node, const std::vector<Key>& path, Key path_key,
                            uint64_t max_nodes) {
  if (budget_end_ && search_.nodes() >= budget_end_) return SearchOutcome::kUnknown;
  search_.key_next_root(path_key);
  uint64_t cap = max_nodes;
  if (budget_end_) cap = std::min(cap ? cap : UINT64_MAX, budget_end_ - search_.nodes());
  if (!cap) return search_.search(pos_, depth, or_node, path);
  return search_.search_within(pos_, depth, or_node, path, cap);
}

bool MainLine::stopped() const {
  return search_.aborted() || (budget_end_ && search_.nodes() >= budget_end_);
}

bool MainLine::complete(int remaining, bool attacker, std::vector<Move>& line, std::vector<Choice>* nodes,
                        Hand* final_hand) {
  const Color attacker_color = attacker ? pos_.side_to_move() : ~pos_.side_to_move();
  const size_t start = line.size();
  auto push = [&](Move m) {
    line.push_back(m);
    play(m);
  };
  bool ok = true;
  while (remaining > 0 || !attacker) {
    if (attacker) {
      std::vector<Move> mates = mating_moves(remaining, 1);
      if (mates.empty()) {
        ok = false;
        break;
      }
      if (nodes) nodes->push_back({line.size(), remaining, true});
      push(mates[0]);
      --remaining;
      attacker = false;
      continue;
    }
    if (remaining == 0) break;  // mated (or only futile interpositions left)
    std::vector<Defence> best = longest_defences(remaining, 1);
    if (best.empty() && trust_table_ && mated_here(remaining)) break;  // mated sooner than the bound
    if (best.empty() && !stopped()) {
      // Every defence is mated sooner. After a futile interposition and its capture, the
      // attacker holds the piece that the futility question handed back to the defender,
      // and the board's mate can be shorter than the question's: go on with its length.
      if (const int shorter = board_length(remaining); shorter < remaining) {
        remaining = shorter;
        continue;
      }
    }
    if (best.empty()) {
      ok = false;
      break;
    }
    if (nodes) nodes->push_back({line.size(), remaining, false});
    push(best[0].move);
    if (!best[0].capture.is_none()) {
      push(best[0].capture);  // a futile interposition and its capture: not counted
      continue;
    }
    --remaining;
    attacker = true;
  }
  if (final_hand) *final_hand = pos_.hand(attacker_color);
  for (size_t i = line.size(); i > start; --i) undo(line[i - 1]);
  return ok;
}

int MainLine::board_length(int remaining) {
  while (remaining >= 2 && !stopped() &&
         ask(remaining - 2, false, path_, keys_.back()) == SearchOutcome::kProven)
    remaining -= 2;
  return remaining;
}

bool MainLine::mated_here(int remaining) {
  if (!pos_.in_check()) return false;
  const bool standard = search_.convention() == Convention::kStandard;
  const Bitboard squares = standard ? interposition_squares(pos_) : Bitboard();
  for (Move m : MoveList<kLegal>(pos_))
    if (!standard || !is_interposition(pos_, m, squares) || !is_futile(m, remaining)) return false;
  return true;
}

std::vector<Move> MainLine::mating_moves(int remaining, size_t max_count) {
  std::vector<Move> found;
  std::vector<Key> child_path = path_;
  child_path.push_back(pos_.key());
  // On the shortest mate's line, a search of the node itself is proven and leaves its move
  // in the table (see longest_defences()).
  const Color us = pos_.side_to_move();
  if (!trust_table_ && ask(remaining, true, path_, keys_.back()) != SearchOutcome::kProven && stopped())
    return found;
  // Checks the table already knows to mate in time first, the table's best move before
  // them: a check that does not mate costs a whole search to refute.
  const TTProbe here = search_.table().probe(pos_.board_key(), pos_.hand(us), remaining, 0);
  auto rank = [&](Move m) {
    if (m == here.move) return 0;
    TTProbe p =
        search_.table().probe(pos_.board_key_after(m), pos_.hand_after(m), remaining - 1, key_after(m));
    if (p.kind == EntryKind::kProven) return 1;
    return p.kind == EntryKind::kDisproven ? 3 : 2;
  };
  MoveList<kChecks> checks(pos_);
  std::vector<std::pair<int, Move>> ordered;
  for (Move m : checks) ordered.push_back({rank(m), m});
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto [unused, m] : ordered) {
    StateInfo st;
    pos_.do_move(m, st);
    bool mates = ask(remaining - 1, false, child_path, key_after(m)) == SearchOutcome::kProven;
    pos_.undo_move(m);
    if (mates) found.push_back(m);
    if (found.size() >= max_count || stopped()) break;
  }
  return found;
}

// A defence that is not mated within remaining - 3 plies (so it lasts remaining - 1); when
// only a futile interposition's continuation lasts that long, the interposition and the
// capture that answers it.
std::vector<MainLine::Defence> MainLine::longest_defences(int remaining, size_t max_count) {
  std::vector<Defence> found;
  std::vector<Key> child_path = path_;
  child_path.push_back(pos_.key());
  Bitboard squares = search_.convention() == Convention::kStandard ? interposition_squares(pos_) : Bitboard();
  std::vector<Move> futile;
  // On a line of the shortest mate (its length proven minimal), this node is mated within
  // `remaining` plies and not within remaining - 2, or the root would be mated sooner. So a
  // search of the node itself for remaining - 2 plies is disproven, and the disproof of its
  // refutation, a defence that lasts, is left in the table: one search in which df-pn picks
  // among the defences, instead of one per defence in turn, each a proof of a shorter mate
  // until the longest comes (Zukou #056 with a 2 MiB table: 22 M nodes on one such proof,
  // and the line cut short after 3 moves).
  const Color attacker = ~pos_.side_to_move();
  const bool refuted =
      !trust_table_ && remaining >= 4 &&
      ask(remaining - 2, false, path_, keys_.back(), kRefutationQuestionNodes) == SearchOutcome::kDisproven;
  if (stopped()) return found;
  // That refutation first, then the table's best move (the longest defence when the node
  // was proven), then the defences it knows to hold out, then the unknown ones, then those
  // it knows are mated.
  const TTProbe here = search_.table().probe(pos_.board_key(), pos_.hand(attacker), remaining, 0);
  auto rank = [&](Move m) {
    if (refuted && search_.table()
                           .probe(pos_.board_key_after(m), pos_.hand(attacker), remaining - 3, key_after(m))
                           .kind == EntryKind::kDisproven)
      return -1;
    if (m == here.move) return 0;
    TTProbe p =
        search_.table().probe(pos_.board_key_after(m), pos_.hand(attacker), remaining - 1, key_after(m));
    if (p.kind == EntryKind::kDisproven) return 1;
    return p.kind == EntryKind::kProven ? 3 : 2;
  };
  std::vector<std::pair<int, Move>> ordered;
  for (Move m : MoveList<kLegal>(pos_)) ordered.push_back({rank(m), m});
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto [unused, m] : ordered) {
    // Trusting the table, the longest defence of its proof is taken as the search that
    // proved the bound counted it, futile or not by the reader's own question (Zukou #008: a
    // drop the rounds counted as a defence lasting 57 plies, that a fresh question found
    // futile).
    const bool trusted = trust_table_ && here.kind == EntryKind::kProven && m == here.move;
    if (!trusted && is_interposition(pos_, m, squares) && is_futile(m, remaining)) {
      futile.push_back(m);
      continue;
    }
    // Trusting the table (the length is only an upper bound): the defence the table
    // proved mated in exactly remaining - 1 plies is taken without proving it the longest.
    bool lasts = remaining < 4 || (trust_table_ && rank(m) == 0);
    if (!lasts) {
      StateInfo st;
      pos_.do_move(m, st);
      lasts = ask(remaining - 3, true, child_path, key_after(m)) == SearchOutcome::kDisproven;
      pos_.undo_move(m);
    }
    if (stopped()) return found;
    if (lasts) {
      found.push_back({m, Move::none()});
      if (found.size() >= max_count) return found;
    }
  }
  if (!found.empty()) return found;
  std::vector<Key> after_path = child_path;
  for (Move m : futile) {
    int length = 0;
    is_futile(m, remaining, &length);
    if (length != remaining) continue;
    StateInfo st;
    pos_.do_move(m, st);
    after_path.push_back(pos_.key());
    for (Move capture : checking_captures_on(pos_, m.to())) {
      StateInfo st2;
      pos_.do_move(capture, st2);
      bool mates = ask(remaining, false, after_path, key_after(m, capture)) == SearchOutcome::kProven;
      pos_.undo_move(capture);
      if (mates) {
        found.push_back({m, capture});
        break;
      }
    }
    after_path.pop_back();
    pos_.undo_move(m);
    if (found.size() >= max_count || stopped()) break;
  }
  return found;
}

void MainLine::prefer_empty_hand(std::vector<Move>& line, const std::vector<Choice>& nodes) {
  int tries = 0;
  for (bool attacker : {false, true}) {
    for (auto node = nodes.rbegin(); node != nodes.rend() && tries < kMaxTieBreakTries; ++node) {
      if (node->attacker != attacker) continue;
      std::vector<Move> prefix(line.begin(), line.begin() + node->index);
      for (Move m : prefix) play(m);
      bool replaced = try_alternatives(*node, line, tries);
      for (size_t i = prefix.size(); i > 0; --i) undo(prefix[i - 1]);
      if (replaced || stopped()) return;
    }
  }
}

bool MainLine::try_alternatives(const Choice& node, std::vector<Move>& line, int& tries) {
  std::vector<Defence> options;
  if (node.attacker) {
    for (Move m : mating_moves(node.remaining, kMaxTieBreakTries)) options.push_back({m, Move::none()});
  } else {
    options = longest_defences(node.remaining, kMaxTieBreakTries);
  }
  // options[0] is the choice already in the line.
  for (size_t k = 1; k < options.size() && tries < kMaxTieBreakTries; ++k) {
    ++tries;
    const Defence& d = options[k];
    std::vector<Move> candidate(line.begin(), line.begin() + node.index);
    candidate.push_back(d.move);
    play(d.move);
    bool futile = !d.capture.is_none();
    if (futile) {
      candidate.push_back(d.capture);
      play(d.capture);
    }
    // After a defence (or an attacker move) one ply is spent and the other side moves;
    // after a futile interposition and its capture, none, and the defender moves again.
    Hand final_hand;
    bool ok = complete(futile ? node.remaining : node.remaining - 1, !futile && !node.attacker, candidate,
                       nullptr, &final_hand);
    if (futile) undo(d.capture);
    undo(d.move);
    if (ok && final_hand.empty()) {
      line = std::move(candidate);
      return true;
    }
    if (stopped()) return false;
  }
  return false;
}

}  // namespace tsumi::solver
