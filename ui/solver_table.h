// The solver's tables in the trainer: a problem's grading, hints and solution (SolveSession),
// the editor's analysis and its verification. Each starts small and grows as its problem
// needs, as those of `tsumi solve` without --hash do (solver/table_size.h): an easy problem
// is graded without faulting in a large table, and a hard one (a composed problem verified
// in the editor) gets the table it needs.
#pragma once

#include <cstddef>

#include "solver/table_size.h"

namespace tsumi::ui {

// How many such tables may be at work at once: a problem's, the analysis and the verification.
inline constexpr int kTrainerTables = 3;

// The size each may grow to on this machine.
inline size_t trainer_table_mib() { return solver::default_table_mib(kTrainerTables); }

// Sets `o` to make such a table (for a search that makes its own).
inline void use_growing_table(solver::SolveOptions& o) { solver::use_default_table(o, kTrainerTables); }

}  // namespace tsumi::ui
