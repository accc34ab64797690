// Proof and disproof numbers.
//
// Contract: values are saturating — anything at or above kInfinitePn is "infinite", sums
// never overflow. A node is proven when pn == 0 (then dn is infinite) and disproven when
// dn == 0 (then pn is infinite). Only a proof or a disproof makes a number infinite: a sum
// of finite numbers stops at kMaxFinitePn. The searches' roots have infinite thresholds,
// and stop when a number reaches them; double counting in a graph full of transpositions
// can add disproof numbers up past any bound (a bare king against a large hand reached
// 2^48 after 125 M nodes), and such a root had stopped as if a limit had been reached.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tsumi::solver {

using PnDn = uint64_t;
inline constexpr PnDn kInfinitePn = PnDn(1) << 48;
inline constexpr PnDn kMaxFinitePn = kInfinitePn - 1;

constexpr PnDn saturating_add(PnDn a, PnDn b) {
  if (a >= kInfinitePn || b >= kInfinitePn) return kInfinitePn;
  return std::min(a + b, kMaxFinitePn);
}

// The 1+epsilon trick of df-pn+ (Pawlewicz & Lew): give the selected child a threshold a
// little above the second-best sibling's value, so the search does not bounce between two
// children whose numbers are close (the "thrashing" of plain df-pn).
constexpr PnDn one_plus_epsilon(PnDn second_best) {
  if (second_best >= kInfinitePn) return kInfinitePn;
  const PnDn threshold = second_best + second_best / 4 + 1;
  // Past the finite range, a threshold could not rise above the child's number, and the
  // child would return at once, again and again: it searches on until it is decided.
  return threshold > kMaxFinitePn ? kInfinitePn : threshold;
}

}  // namespace tsumi::solver
