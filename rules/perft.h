// Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard
// cross-check of a move generator against other implementations.
//
// Contract: `bulk` counts the moves at the last ply without making them (fast); without it
// every leaf is made and unmade, which also exercises do_move/undo_move. Both give the same
// node count. perft_detail additionally classifies each leaf move (captures, promotions,
// checks, mates) as in the published reference tables.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace tsumi::rules {

uint64_t perft(Position& pos, int depth, bool bulk = true);

struct PerftDetail {
  uint64_t nodes = 0, captures = 0, promotions = 0, checks = 0, checkmates = 0;
};
PerftDetail perft_detail(Position& pos, int depth);

// Node count below each root move (for "divide" debugging), in generation order.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace tsumi::rules
