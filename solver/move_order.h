// The order in which an attacker's node lists its checks.
//
// df-pn picks the child with the smallest proof number and, among equals, the first one
// listed; a new node's children all start equal, so this order decides where a fresh
// search looks first. It never changes what is proven, only how soon. Contract: the checks
// are permuted in place (stably: equal keys keep the generator's order); nothing is added
// or removed.
#pragma once

#include "rules/position.h"

namespace tsumi::solver {

void order_checks(const rules::Position& pos, rules::Move* begin, rules::Move* end);

}  // namespace tsumi::solver
