#include "engine/search.h"

#include <algorithm>
#include <cmath>

#include "engine/evaluate.h"
#include "rules/movegen.h"

namespace tsumi::engine {

using namespace rules;

namespace {

constexpr int kInfinite = kMateScore + 1;

// Mate scores are stored relative to the node, so that they stay right wherever the
// position is met again.
int to_tt(int score, int ply) {
  return score >= kMateBound ? score + ply : score <= -kMateBound ? score - ply : score;
}
int from_tt(int score, int ply) {
  return score >= kMateBound ? score - ply : score <= -kMateBound ? score + ply : score;
}

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

// Moves are sorted lazily: the best-scored of moves[i..count) is swapped to i and returned
// (a cut-off usually comes after a few moves, so a full sort would be wasted).
Move pick_next(Move* moves, int* scores, int i, int count) {
  int b = i;
  for (int j = i + 1; j < count; ++j)
    if (scores[j] > scores[b]) b = j;
  std::swap(moves[i], moves[b]);
  std::swap(scores[i], scores[b]);
  return moves[i];
}

// Late-move reduction in plies, by depth and move number.
int reduction(int depth, int move_number) {
  return int(0.6 + std::log(double(depth)) * std::log(double(move_number)) / 2.2);
}

}  // namespace

int Searcher::static_eval(const Position& pos) const {
  int v = evaluate(pos, limits_.eval);
  if (limits_.eval_noise > 0) {
    const uint64_t r = mix(pos.key() ^ limits_.seed);
    v += int(r % uint64_t(2 * limits_.eval_noise + 1)) - limits_.eval_noise;
  }
  return v;
}

bool repetition_score(const Position& pos, int ply, int* score) {
  const StateInfo* st = pos.state();
  const Key key = st->key();
  const Color us = pos.side_to_move(), them = ~us;
  int back = 0;
  for (const StateInfo* s = st; s->previous && s->previous->previous;) {
    if (s->last_move.is_none() || s->previous->last_move.is_none()) return false;  // a null move: stop
    s = s->previous->previous;
    back += 2;
    if (s->key() != key) continue;
    // The cycle has back/2 moves by each side: did one side check with every one of them?
    if (st->consecutive_checks[them] * 2 >= back)
      *score = kPerpetualScore - ply;  // they check perpetually: they lose
    else if (st->consecutive_checks[us] * 2 >= back)
      *score = -kPerpetualScore + ply;
    else
      *score = 0;
    return true;
  }
  return false;
}

bool Searcher::out_of_time() {
  if (aborted_) return true;
  if ((nodes_ & 1023) != 0 || root_depth_ <= 1) return false;  // depth 1 always completes
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (limits_.nodes && nodes_ >= limits_.nodes) aborted_ = true;
  if (limits_.hard_seconds > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >=
          limits_.hard_seconds)
    aborted_ = true;
  return aborted_;
}

int Searcher::order_score(const Position& pos, Move m, Move tt_move, int ply) const {
  if (m == tt_move) return 1 << 30;
  int score = 0;
  if (pos.is_capture(m)) {
    // Most valuable victim first, then the least valuable attacker.
    score = (1 << 24) + piece_value(type_of(pos.piece_on(m.to()))) * 16 -
            piece_value(type_of(pos.piece_on(m.from()))) / 16;
  }
  if (m.is_promotion()) {
    PieceType pt = type_of(pos.piece_on(m.from()));
    score += (1 << 23) + piece_value(promote(pt)) - piece_value(pt);
  }
  if (score) return score;
  if (m == killers_[ply][0]) return 1 << 22;
  if (m == killers_[ply][1]) return (1 << 22) - 1;
  return history_[pos.moved_piece(m)][m.to()];
}

void Searcher::update_quiet(const Position& pos, Move m, int depth, int ply) {
  if (killers_[ply][0] != m) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  int& h = history_[pos.moved_piece(m)][m.to()];
  h += depth * depth;
  if (h > (1 << 20)) {  // keep below the killers' scores
    for (auto& row : history_)
      for (int& v : row) v /= 2;
  }
}

int Searcher::qsearch(Position& pos, int alpha, int beta, int ply, int qply) {
  ++nodes_;
  pv_length_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (out_of_time()) return 0;
  if (ply >= kMaxPly - 1) return static_eval(pos);
  const bool in_check = pos.in_check();
  Move moves[kMaxMoves];
  Move* end = in_check ? generate<kEvasions>(pos, moves) : generate<kCapturesPromotions>(pos, moves);
  if (in_check && end == moves) return mated_in(ply);
  int best = -kInfinite;
  if (!in_check) {
    best = static_eval(pos);  // stand pat
    if (best >= beta || qply >= 12) return best;
    alpha = std::max(alpha, best);
  }
  int scores[kMaxMoves];
  const int count = int(end - moves);
  for (int i = 0; i < count; ++i) scores[i] = order_score(pos, moves[i], Move::none(), ply);
  for (int i = 0; i < count; ++i) {
    const Move m = pick_next(moves, scores, i, count);
    // Captures that cannot raise alpha even with the whole victim are skipped.
    if (!in_check && pos.is_capture(m) && !m.is_promotion() &&
        best + piece_value(type_of(pos.piece_on(m.to()))) + 200 < alpha)
      continue;
    StateInfo st;
    pos.do_move(m, st);
    int v = -qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
    pos.undo_move(m);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

int Searcher::negamax(Position& pos, int depth, int alpha, int beta, int ply, bool null_ok) {
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;
  if (ply > 0) {
    int rep;
    if (repetition_score(pos, ply, &rep)) return rep;
    // Mate distance pruning: no line from here beats a mate already found closer.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
  }
  const bool in_check = pos.in_check();
  if (in_check && ply < 2 * root_depth_ + 8) ++depth;  // check extension
  if (depth <= 0) return qsearch(pos, alpha, beta, ply, 0);
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (out_of_time()) return 0;
  if (ply >= kMaxPly - 1) return static_eval(pos);

  const Key key = pos.key();
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = Move::from_raw(e->move);
    if (!pv_node && e->depth >= depth) {
      int s = from_tt(e->score, ply);
      if (e->bound == Bound::kExact || (e->bound == Bound::kLower && s >= beta) ||
          (e->bound == Bound::kUpper && s <= alpha))
        return s;
    }
  }
  const int eval = in_check ? -kInfinite : static_eval(pos);
  if (!pv_node && !in_check && ply > 0) {
    // Reverse futility: far above beta near the leaves.
    if (depth <= 3 && eval - 120 * depth >= beta && std::abs(beta) < kMateBound) return eval;
    // Null move: even passing keeps the score above beta.
    if (null_ok && depth >= 3 && eval >= beta && std::abs(beta) < kMateBound) {
      StateInfo st;
      pos.do_null_move(st);
      int r = 3 + depth / 6;
      int v = -negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
      pos.undo_null_move();
      if (aborted_) return 0;
      if (v >= beta) return v >= kMateBound ? beta : v;
    }
  }

  Move moves[kMaxMoves];
  Move* end = generate<kLegal>(pos, moves);
  const int count = int(end - moves);
  if (count == 0) return mated_in(ply);  // checkmate, or no legal move: the side to move loses
  int scores[kMaxMoves];
  for (int i = 0; i < count; ++i) scores[i] = order_score(pos, moves[i], tt_move, ply);

  const int alpha_in = alpha;
  int best = -kInfinite;
  Move best_move;
  for (int i = 0; i < count; ++i) {
    const Move m = pick_next(moves, scores, i, count);
    const bool quiet = !pos.is_capture(m) && !m.is_promotion();
    const bool gives_check = pos.gives_check(m);
    // Futility at the frontier: a quiet move cannot lift a hopeless score.
    if (!pv_node && !in_check && quiet && !gives_check && depth == 1 && i > 0 && eval + 250 <= alpha)
      continue;
    StateInfo st;
    pos.do_move(m, st);
    int v;
    if (i == 0) {
      v = -negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
    } else {
      int r = 0;
      if (depth >= 3 && i >= 3 && quiet && !gives_check && !in_check)
        r = std::clamp(reduction(depth, i) - int(pv_node), 0, depth - 2);
      v = -negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
      if (v > alpha && r > 0) v = -negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, true);
      if (v > alpha && v < beta) v = -negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
    }
    pos.undo_move(m);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        pv_[ply][ply] = m;
        for (int k = ply + 1; k < pv_length_[ply + 1]; ++k) pv_[ply][k] = pv_[ply + 1][k];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (v >= beta) {
          if (quiet) update_quiet(pos, m, depth, ply);
          break;
        }
      }
    }
  }
  const Bound bound = best >= beta ? Bound::kLower : best > alpha_in ? Bound::kExact : Bound::kUpper;
  tt_.store(key, best_move, to_tt(best, ply), depth, bound);
  return best;
}

SearchResult Searcher::search(Position& pos, const SearchLimits& limits, const InfoCallback& info) {
  limits_ = limits;
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  aborted_ = false;
  tt_.new_search();
  for (auto& k : killers_) k[0] = k[1] = Move::none();
  for (auto& row : history_)
    for (int& v : row) v /= 4;  // older searches count less
  SearchResult result;
  MoveList<kLegal> legal(pos);
  if (legal.size() == 0) return result;
  result.best = *legal.begin();
  result.pv = {result.best};
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    seldepth_ = 0;
    // Aspiration window around the last score, widened on failure.
    int delta = 40;
    int alpha = depth >= 4 ? std::max(score - delta, -kInfinite) : -kInfinite;
    int beta = depth >= 4 ? std::min(score + delta, kInfinite) : kInfinite;
    int v;
    while (true) {
      v = negamax(pos, depth, alpha, beta, 0, false);
      if (aborted_) break;
      if (v <= alpha) {
        alpha = std::max(v - delta, -kInfinite);
      } else if (v >= beta) {
        beta = std::min(v + delta, kInfinite);
      } else {
        break;
      }
      delta *= 2;
    }
    // An aborted iteration is used only for the move it had already proven best.
    if (aborted_ && depth > 1) break;
    score = v;
    if (pv_length_[0] > 0) result.pv.assign(&pv_[0][0], &pv_[0][0] + pv_length_[0]);
    if (!result.pv.empty()) result.best = result.pv[0];
    result.score = score;
    result.depth = depth;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (info) info(SearchInfo{depth, seldepth_, score, nodes_, seconds, tt_.hashfull(), result.pv});
    if (aborted_) break;
    if (is_mate_score(score) && depth > kMateScore - std::abs(score)) break;  // the mate is fully seen
    if (legal.size() == 1 && depth >= 4) break;
    if (limits.soft_seconds > 0 && seconds >= limits.soft_seconds) break;
  }
  result.nodes = nodes_;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return result;
}

}  // namespace tsumi::engine
