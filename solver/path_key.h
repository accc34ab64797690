// Path keys: hashes of the line of moves that led to a node, from the outermost search's
// root. A disproof that rests on a repetition with a position of the line is stored under
// its path key and reused only on that same line (graph history interaction, see tt.h).
#pragma once

#include <cstdint>
#include <vector>

#include "rules/types.h"

namespace tsumi::solver {

// One step of the hash: the key so far, extended by one more value.
inline rules::Key extend_path_key(rules::Key path_key, uint64_t value) {
  return (path_key ^ value) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
}

// The key of the line extended by one move.
inline rules::Key child_path_key(rules::Key path_key, rules::Move m) {
  return extend_path_key(path_key, m.raw());
}

// The key of a search's root, given the positions before it on the line: a hash of those,
// so that path-dependent disproofs found after one line are not reused after another.
inline rules::Key line_path_key(const std::vector<rules::Key>& path) {
  rules::Key k = 0x2545F4914F6CDD1Dull;
  for (rules::Key p : path) k = extend_path_key(k, p);
  return k;
}

}  // namespace tsumi::solver
