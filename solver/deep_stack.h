// Runs a function on a thread with a large stack.
//
// The df-pn recursion follows the search path, which can be thousands of plies deep
// (Microcosmos is 1525 plies long, and df-pn explores lines longer than the mate); the
// default 8 MiB stack is not enough. The stack is reserved address space: only the pages
// actually used are committed.
#pragma once

#include <cstddef>
#include <functional>

namespace tsumi::solver {

inline constexpr size_t kSolverStackBytes = size_t(1) << 30;

// Calls f on a new thread whose stack is `bytes` large and waits for it. Falls back to
// calling f directly if such a thread cannot be created.
void run_with_stack(size_t bytes, const std::function<void()>& f);

}  // namespace tsumi::solver
