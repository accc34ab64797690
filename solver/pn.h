// Proof and disproof numbers.
//
// Contract: values are saturating — anything at or above kInfinitePn is "infinite", sums
// never overflow. A node is proven when pn == 0 (then dn is infinite) and disproven when
// dn == 0 (then pn is infinite).
#pragma once

#include <algorithm>
#include <cstdint>

namespace tsumi::solver {

using PnDn = uint64_t;
inline constexpr PnDn kInfinitePn = PnDn(1) << 48;

constexpr PnDn saturating_add(PnDn a, PnDn b) { return std::min(a + b, kInfinitePn); }

// The 1+epsilon trick of df-pn+ (Pawlewicz & Lew): give the selected child a threshold a
// little above the second-best sibling's value, so the search does not bounce between two
// children whose numbers are close (the "thrashing" of plain df-pn).
constexpr PnDn one_plus_epsilon(PnDn second_best) {
  if (second_best >= kInfinitePn) return kInfinitePn;
  return saturating_add(second_best + second_best / 4, 1);
}

}  // namespace tsumi::solver
