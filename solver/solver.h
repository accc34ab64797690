// The mate solver: the public entry point above the df-pn search.
//
// solve() finds a mate with df-pn, then proves its length minimal by searching again with
// smaller depth limits until no mate two plies shorter exists (round_schedule.h; when a
// limit stops those rounds, a short grace of rounds from the proven lower bound up raises
// it), and reads the main line back: the attacker plays a mate of the proven length, the
// defender the longest defence.
//
// Contract: a result is kMate (length and main line; `minimal` says whether the length was
// proven shortest or is an upper bound because a limit stopped the proof), kNoMate (only
// when proven), or kUnknown (a limit was hit — never reported as "no mate"). Every main
// line is legal, every attacker move in it checks, and it ends in checkmate.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.h"
#include "solver/dfpn.h"
#include "solver/shortening.h"

namespace tsumi::solver {

// The least node budget of a bisecting minimality round (SolveOptions::bisecting_round_min_nodes).
inline constexpr uint64_t kBisectingRoundMinNodes = 2000000;

struct SolveOptions {
  Convention convention = Convention::kStandard;
  uint64_t max_nodes = 0;  // 0 = unlimited
  double max_seconds = 0;  // 0 = unlimited
  size_t hash_mib = 64;
  // When not 0 (and below hash_mib), that table starts at this size and grows to hash_mib as
  // it fills (see TranspositionTable's constructor).
  size_t hash_grow_from_mib = 0;
  // A table to reuse (its contents are forgotten first, unless keep_table_contents); when
  // null, solve() makes one of hash_mib MiB.
  TranspositionTable* table = nullptr;
  // Keep what earlier searches left in `table` (searches of one convention only): its proofs
  // and disproofs are facts about positions whatever the root, so the trainer's jobs on one
  // problem (each move graded, hints, the solution) answer each other. Zukou #001, #006 and
  // #024: the second attacker move graded in 0 nodes instead of 5-11 s. The answers may then
  // depend on the searches before (which of equal lines is read back), never their truth.
  bool keep_table_contents = false;
  int max_ply = 4001;  // the longest mate looked for
  // false: the first mate found is answered at once, its length not proven minimal (the
  // game engine's mate probe, which needs a mating move, not the shortest line).
  bool prove_minimal = true;
  // Lines at least this long get a local shortening pass before each round (shortening.h).
  int shortening_min_length = kShorteningMinLength;
  // The node budget of each futility question in the first search and the rounds (0:
  // kFutilityNodeBudget); the careful re-searches keep theirs. Tests: a tiny budget leaves
  // the questions undecided, and the disproofs that rest on them uncertain.
  uint64_t futility_budget = 0;
  // The same for the careful re-searches of uncertain disproofs (0: kCarefulFutilityNodeBudget).
  uint64_t careful_futility_budget = 0;
  // A bisecting minimality round may take twice the nodes the solve has spent before it,
  // and at least this many (solver.cpp, minimality_rounds()). Tests: a small value.
  uint64_t bisecting_round_min_nodes = kBisectingRoundMinNodes;
  const std::atomic<bool>* stop = nullptr;
  // Called about every progress_seconds with the solve's nodes and time so far (all its
  // searches together, so the figures never go back).
  ProgressCallback progress;
  double progress_seconds = 1.0;
};

// The table a search with `options` works in: options.table with its contents forgotten
// (or kept: SolveOptions::keep_table_contents), or one of its own of options.hash_mib MiB, growing from
// options.hash_grow_from_mib (solve() and grade() alike).
class SearchTable {
 public:
  // The table's collections look at options.stop while this lives (TranspositionTable::set_stop()).
  explicit SearchTable(const SolveOptions& options);
  ~SearchTable() { table_->set_stop(nullptr); }
  SearchTable(const SearchTable&) = delete;
  SearchTable& operator=(const SearchTable&) = delete;
  TranspositionTable& get() { return *table_; }

 private:
  std::unique_ptr<TranspositionTable> own_;
  TranspositionTable* table_;
};

// One minimality round (steps 2 and 3 of solve()): its depth limit and what it proved.
// kUndecided: it found no mate, but its "none" rests on an interposition whose futility
// neither the round nor a careful search of it within the limits could decide, so it is
// not claimed (a limit did not stop it: kStopped is for those).
struct SolveRound {
  // kAbandoned: a bisecting round that spent its node budget unanswered (see
  // SolveOptions::bisecting_round_min_nodes); the rounds went on stepping down.
  enum class Outcome { kMate, kNoMate, kStopped, kUndecided, kAbandoned } outcome = Outcome::kStopped;
  int limit = 0;   // the round looked for a mate within this many plies
  int length = 0;  // kMate: the mate it found (at most `limit`)
  // Its nodes and wall time, the shortening pass before it and a careful re-search of an
  // uncertain disproof included.
  uint64_t nodes = 0;
  double seconds = 0;
  // Searched after a limit stopped the rounds, from the proven lower bound up (see solve()).
  bool from_below = false;
  // Its "none" rested on an undecided futility question and was searched again carefully
  // (larger question budgets, the table's uncertain disproofs not reused), within the limits.
  bool careful = false;
};

struct SolveResult {
  enum class Kind { kMate, kNoMate, kUnknown } kind = Kind::kUnknown;
  int length = 0;        // plies, for kMate
  bool minimal = false;  // kMate: the length is proven shortest
  // kMate: no mate shorter than this is possible (proven); equals `length` when minimal.
  int lower_bound = 1;
  std::vector<rules::Move> pv;  // kMate: the main line
  // kMate: the main line reaches the mate. False when a limit cut it short. When a limit
  // stopped the minimality proof, a whole line can be shorter than `length`: the bound
  // counts an interposition as a defence that reading the line back found futile, or the
  // table's defences are not the longest.
  bool pv_mates = false;
  uint64_t nodes = 0;
  double seconds = 0;
  double first_mate_seconds = 0;  // kMate: when the first mate (maybe not the shortest) was found
  uint64_t first_mate_nodes = 0;  // kMate: the nodes searched until then
  std::string note;               // why a result is unknown or not minimal
  // kMate: the minimality rounds in the order they ran (empty when the first mate was one
  // ply or prove_minimal was off). A stopped or undecided round, if any, is the last of them
  // but for the rounds from below that follow it (`from_below`), the last of which may be
  // stopped or undecided too.
  std::vector<SolveRound> rounds;
  // kUnknown because max_ply was too short: proven that no mate within max_ply plies exists.
  bool no_mate_within_max_ply = false;
};

SolveResult solve(const rules::Position& root, const SolveOptions& options);

const char* result_name(SolveResult::Kind k);
// "mate", "nomate", "stopped", "undecided", "abandoned"
const char* round_outcome_name(SolveRound::Outcome o);
// A mate's length as the user reads it: "mate in N", with " (upper bound)" when it is not
// proven minimal and " (upper bound; none shorter than L plies)" when the rounds proved a
// lower bound above 1 (the CLI, USI and the trainer say it the same way).
std::string mate_length_text(const SolveResult& r);
// One round as the user reads it: "mate within 29 plies? none (67493121 nodes, 32.69 s)",
// with " (searched carefully)" after a round whose uncertain "none" was searched again, and
// " (from below)" after a round from below (the CLI's --rounds and USI's info strings).
std::string round_text(const SolveRound& round);
const char* convention_name(Convention c);

}  // namespace tsumi::solver
