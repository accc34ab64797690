#include "solver/solver.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "rules/movegen.h"
#include "solver/deep_stack.h"
#include "solver/main_line.h"
#include "solver/round_schedule.h"
#include "solver/shortening.h"

namespace tsumi::solver {

using namespace rules;

const char* result_name(SolveResult::Kind k) {
  switch (k) {
    case SolveResult::Kind::kMate:
      return "mate";
    case SolveResult::Kind::kNoMate:
      return "nomate";
    case SolveResult::Kind::kUnknown:
      return "unknown";
  }
  return "?";
}

const char* round_outcome_name(SolveRound::Outcome o) {
  switch (o) {
    case SolveRound::Outcome::kMate:
      return "mate";
    case SolveRound::Outcome::kNoMate:
      return "nomate";
    case SolveRound::Outcome::kStopped:
      return "stopped";
    case SolveRound::Outcome::kUndecided:
      return "undecided";
  }
  return "?";
}

std::string mate_length_text(const SolveResult& r) {
  std::string s = "mate in " + std::to_string(r.length);
  if (r.minimal) return s;
  if (r.lower_bound > 1)
    return s + " (upper bound; none shorter than " + std::to_string(r.lower_bound) + " plies)";
  return s + " (upper bound)";
}

std::string round_text(const SolveRound& round) {
  std::string s = "mate within " + std::to_string(round.limit) + " plies? ";
  switch (round.outcome) {
    case SolveRound::Outcome::kMate:
      s += "mate in " + std::to_string(round.length);
      break;
    case SolveRound::Outcome::kNoMate:
      s += "none";
      break;
    case SolveRound::Outcome::kStopped:
      s += "stopped by a limit";
      break;
    case SolveRound::Outcome::kUndecided:
      s += "none found, but the futility of an interposition could not be decided";
      break;
  }
  char figures[64];
  std::snprintf(figures, sizeof figures, " (%llu nodes, %.2f s)",
                static_cast<unsigned long long>(round.nodes), round.seconds);
  return s + figures + (round.careful ? " (searched carefully)" : "") +
         (round.from_below ? " (from below)" : "");
}

SearchTable::SearchTable(const SolveOptions& options) : table_(options.table) {
  if (table_) {
    table_->new_generation();
  } else {
    own_ = std::make_unique<TranspositionTable>(options.hash_mib);
    table_ = own_.get();
  }
  table_->set_stop(options.stop);
  table_->set_provisional_visible(true);  // until the first search is over
}

const char* convention_name(Convention c) { return c == Convention::kStandard ? "standard" : "strict"; }

namespace {

constexpr const char* kUndecidedNote =
    "the futility of an interposition could not be decided within the node budget: no shorter mate was "
    "found, but none is ruled out";

SolveResult solve_here(const Position& root, const SolveOptions& options) {
  SolveResult result;
  StateInfo root_state;
  Position pos;
  pos.copy_from(root, root_state);
  SearchTable table(options);
  TranspositionTable& tt = table.get();
  DfpnSearch search(tt, SearchLimits{options.max_nodes, options.max_seconds, options.stop}, options.progress,
                    options.convention);
  if (options.futility_budget) search.set_futility_budget(options.futility_budget);
  int length_found = 0;                // the careful search's proof length
  bool depth_limited_careful = false;  // and whether its disproof needed the depth limit
  bool uncertain_note = false;         // a careful search could not settle a guess either
  // A disproof that rests on an undecided futility question is searched again, carefully
  // (a larger budget per question, the table's uncertain disproofs not reused), within what
  // is left of the limits.
  uint64_t careful_nodes = 0;
  bool used_careful = false;     // a careful search answered: read the main line as carefully
  bool round_careful = false;    // a careful search ran for the main round under way
  bool round_undecided = false;  // and ended on a guess again
  // What is left of `limits` after `spent` (a search's nodes and seconds so far).
  auto left_of = [&](uint64_t max_nodes, double max_seconds, const DfpnSearch& spent) {
    SearchLimits left{0, 0, options.stop};
    if (max_nodes) left.max_nodes = max_nodes > spent.nodes() ? max_nodes - spent.nodes() : 1;
    if (max_seconds > 0) left.max_seconds = std::max(0.001, max_seconds - spent.seconds());
    return left;
  };
  // The careful search of an uncertain disproof within `left`: kProven, kDisproven
  // (certain), or kUnknown (a limit, or `undecided`: a guess again).
  struct CarefulAnswer {
    SearchOutcome outcome;
    int length;          // kProven
    bool depth_limited;  // kDisproven
    bool undecided;
    uint64_t nodes;
  };
  auto search_carefully = [&](int depth, SearchLimits left) {
    DfpnSearch careful(tt, left, options.progress, options.convention);
    careful.set_careful();
    if (options.careful_futility_budget) careful.set_futility_budget(options.careful_futility_budget);
    SearchOutcome o = careful.search(pos, depth);
    const bool undecided = o == SearchOutcome::kDisproven && careful.disproof_uncertain();
    return CarefulAnswer{undecided ? SearchOutcome::kUnknown : o, careful.length(), careful.depth_limited(),
                         undecided, careful.nodes()};
  };
  auto settle_uncertain = [&](SearchOutcome& o, DfpnSearch*& answered, int depth) {
    round_careful = round_undecided = false;
    if (o != SearchOutcome::kDisproven || !search.disproof_uncertain()) return;
    const CarefulAnswer a = search_carefully(depth, left_of(options.max_nodes, options.max_seconds, search));
    o = a.outcome;
    careful_nodes += a.nodes;
    if (o == SearchOutcome::kProven) length_found = a.length;
    if (o == SearchOutcome::kDisproven) depth_limited_careful = a.depth_limited;
    round_careful = used_careful = true;
    round_undecided = a.undecided;
    uncertain_note |= a.undecided;
    answered = nullptr;
  };
  // The local shortening passes, their nodes counted as the search's own (so are its limits).
  auto shorten = [&](int length) {
    // At most a quarter of what the solver has searched so far: on short problems the
    // rounds are cheap, and a pass that finds nothing must not cost more than one.
    const uint64_t used = search.nodes() + careful_nodes;
    SearchLimits left{std::max(kShorteningMinNodes, used / 4), 0, options.stop};
    if (options.max_nodes)
      left.max_nodes = std::min(left.max_nodes, options.max_nodes > used ? options.max_nodes - used : 1);
    if (options.max_seconds > 0) left.max_seconds = std::max(0.001, options.max_seconds - search.seconds());
    const uint64_t base = search.nodes();
    auto next_report = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    auto tick = [&](uint64_t nodes) {
      if (!options.progress || std::chrono::steady_clock::now() < next_report) return;
      next_report = std::chrono::steady_clock::now() + std::chrono::seconds(1);
      // The root is proven with `length` plies while the pass looks for shortcuts below it.
      options.progress(
          SearchProgress{base + nodes, search.seconds(), 0, kInfinitePn, tt.hashfull(), length, {}});
    };
    search.count_nodes(shorten_with_growing_budgets(tt, pos, length, options.convention, left, tick).nodes);
  };
  auto finish = [&](SolveResult::Kind kind, std::string note) {
    result.kind = kind;
    result.note = std::move(note);
    result.nodes = search.nodes() + careful_nodes;
    result.seconds = search.seconds();
    return result;
  };

  // 1. Any mate at all.
  search.set_first_search(true);
  SearchOutcome o = search.search(pos, options.max_ply);
  tt.set_provisional_visible(false);  // its lenient guesses were for its own use
  if (o == SearchOutcome::kDisproven && search.disproof_uncertain() && search.lenient_guesses() > 0) {
    // "No mate" resting on guesses, some of them lenient: asked again with the convention's
    // own questions before the careful search, which costs far more.
    search.set_lenient_moved(false);
    o = search.search(pos, options.max_ply);
  }
  search.set_first_search(false);
  DfpnSearch* answered = &search;
  settle_uncertain(o, answered, options.max_ply);
  if (o == SearchOutcome::kUnknown)
    return finish(SolveResult::Kind::kUnknown,
                  uncertain_note
                      ? "no mate was found, but the futility of an interposition could not be decided"
                      : "a search limit was reached");
  if (o == SearchOutcome::kDisproven) {
    bool limited = answered ? search.depth_limited() : depth_limited_careful;
    if (limited) {
      result.no_mate_within_max_ply = true;
      return finish(SolveResult::Kind::kUnknown,
                    "no mate within " + std::to_string(options.max_ply) + " plies");
    }
    return finish(SolveResult::Kind::kNoMate, "");
  }
  int length = answered ? search.length() : length_found;
  result.first_mate_seconds = search.seconds();
  result.first_mate_nodes = search.nodes() + careful_nodes;

  // 2. Shorter mates: search again with a smaller depth limit until the bounds meet (see
  // round_schedule.h for which limits). Before each round of a long line, a pass along the
  // main line finds the shortcuts that small searches can (shortening.h).
  std::string note;
  RoundSchedule rounds(length, options.shortening_min_length);
  while (!rounds.done() && options.prove_minimal) {
    SolveRound round;
    const uint64_t nodes_before = search.nodes() + careful_nodes;
    const double seconds_before = search.seconds();
    if (length >= options.shortening_min_length) shorten(length);
    const int limit = rounds.next_limit();
    round.limit = limit;
    o = search.search(pos, limit);
    answered = &search;
    settle_uncertain(o, answered, limit);
    round.nodes = search.nodes() + careful_nodes - nodes_before;
    round.seconds = search.seconds() - seconds_before;
    if (o == SearchOutcome::kProven) {
      length = answered ? search.length() : length_found;
      rounds.proved(limit, length);
      round.outcome = SolveRound::Outcome::kMate;
      round.length = length;
    } else if (o == SearchOutcome::kDisproven) {
      rounds.disproved(limit);
      round.outcome = SolveRound::Outcome::kNoMate;
    } else if (round_undecided) {
      round.outcome = SolveRound::Outcome::kUndecided;
    }
    round.careful = round_careful;
    result.rounds.push_back(round);
    if (round.outcome == SolveRound::Outcome::kStopped || round.outcome == SolveRound::Outcome::kUndecided) {
      note = uncertain_note ? kUndecidedNote : "a search limit stopped the proof that the length is minimal";
      break;
    }
  }
  // 3. Rounds from below. When a limit stopped a round, the gap it left open is narrowed
  // from the other side under a short grace (a twentieth of the limits): rounds from the
  // proven lower bound up, two plies apart, until one is stopped too. They cost little: the
  // stopped round's disproofs are in the table, and each holds at every node with as many
  // plies left or fewer. Zukou at 30 s: the bounds whose lower bound was 1 (the round two
  // plies below the first mate stopped) became 17 to 19 (#006: 81, none shorter than 19).
  // A stop request gets no grace, and neither do rounds stopped without a limit (by an
  // undecided futility question): their grace would have no end.
  const bool stopped = options.stop && options.stop->load(std::memory_order_relaxed);
  const bool limit_hit = search.aborted() || (!rounds.done() && !note.empty());
  SearchLimits grace{0, 0, options.stop};
  if (options.max_nodes) grace.max_nodes = std::max<uint64_t>(options.max_nodes / 10, 100000);
  if (options.max_seconds > 0) grace.max_seconds = std::max(options.max_seconds / 10, 0.5);
  uint64_t from_below_nodes = 0;
  double from_below_seconds = 0;
  const bool limited = options.max_nodes || options.max_seconds > 0;
  if (limit_hit && !stopped && limited && options.prove_minimal && !rounds.done()) {
    SearchLimits twentieth{options.max_nodes / 20, options.max_seconds / 20, options.stop};
    if (options.max_nodes && !twentieth.max_nodes) twentieth.max_nodes = 1;
    DfpnSearch from_below(tt, twentieth, options.progress, options.convention);
    if (options.futility_budget) from_below.set_futility_budget(options.futility_budget);
    while (!rounds.done()) {
      SolveRound round;
      round.limit = rounds.lower();
      round.from_below = true;
      const uint64_t nodes_before = from_below.nodes();
      const double seconds_before = from_below.seconds();
      o = from_below.search(pos, round.limit);
      int found = from_below.length();
      bool undecided = false;
      if (o == SearchOutcome::kDisproven && from_below.disproof_uncertain()) {
        // An uncertain disproof is not claimed: it is searched again carefully, as the
        // rounds above do, within what is left of the grace (its nodes counted in it).
        // Before, it ended the rounds from below: Zukou #037's "within 11" at 30 s.
        const CarefulAnswer a =
            search_carefully(round.limit, left_of(twentieth.max_nodes, twentieth.max_seconds, from_below));
        from_below.count_nodes(a.nodes);
        o = a.outcome;
        found = a.length;
        undecided = a.undecided;
        round.careful = true;
        if (o == SearchOutcome::kProven) used_careful = true;
      }
      round.nodes = from_below.nodes() - nodes_before;
      round.seconds = from_below.seconds() - seconds_before;
      if (o == SearchOutcome::kDisproven) {
        rounds.disproved(round.limit);
        round.outcome = SolveRound::Outcome::kNoMate;
      } else if (o == SearchOutcome::kProven) {
        length = found;
        rounds.proved(round.limit, length);
        round.outcome = SolveRound::Outcome::kMate;
        round.length = length;
      } else if (undecided) {
        round.outcome = SolveRound::Outcome::kUndecided;
      }
      result.rounds.push_back(round);
      if (round.outcome == SolveRound::Outcome::kStopped || round.outcome == SolveRound::Outcome::kUndecided)
        break;
    }
    from_below_nodes = from_below.nodes();
    from_below_seconds = from_below.seconds();
    if (rounds.done()) note.clear();
  }
  const bool minimal = rounds.done();
  result.lower_bound = rounds.lower();
  result.length = length;
  result.minimal = minimal;

  // 4. The main line. When a limit stopped step 2, the line still matters most to the user
  // (the mate is proven, only its minimality is not): reading it back gets a grace of its own
  // (a tenth of the limits, at least 0.5 s or 100 000 nodes, less what step 3 took), as it
  // mostly reuses the proofs in the table.
  std::optional<DfpnSearch> reader_with_grace;
  auto read_line = [&](DfpnSearch& reader) {
    // A length the careful search proved may need its futility decisions to be read back
    // (with the small budget, an interposition it found futile may count as a defence).
    if (used_careful) reader.set_careful();
    result.pv.clear();
    result.pv_mates = MainLine(reader, pos, !minimal).extract(length, result.pv);
  };
  if (limit_hit && !stopped) {
    if (grace.max_nodes) grace.max_nodes -= std::min(grace.max_nodes - 1, from_below_nodes);
    if (grace.max_seconds > 0) grace.max_seconds = std::max(0.001, grace.max_seconds - from_below_seconds);
    read_line(reader_with_grace.emplace(tt, grace, ProgressCallback{}, options.convention));
  } else {
    read_line(search);
    // The rounds ended within the limits but left too little of them to read the line
    // back: read it again under the grace (a length proven minimal with half a line helps
    // no one).
    if (!result.pv_mates && limited && search.aborted() &&
        !(options.stop && options.stop->load(std::memory_order_relaxed)))
      read_line(reader_with_grace.emplace(tt, grace, ProgressCallback{}, options.convention));
  }
  if (!minimal && result.pv_mates && int(result.pv.size()) < length) {
    // An upper bound's line follows the table's proofs, and some of them were replaced by
    // shorter ones since: the line mates sooner than the bound, against defences that are
    // not the longest (Zukou #008 at 30 s: a bound of 77, a line of 27 plies).
    note += "; the line shown (" + std::to_string(result.pv.size()) +
            " moves) takes the defences the table holds, which need not be the longest";
  }
  if (!result.pv_mates && note.empty()) {
    // (Without a limit the line always reaches its mate; should it not, say so plainly.)
    const bool cut = search.aborted() || (reader_with_grace && reader_with_grace->aborted());
    note = cut ? "a search limit cut the main line short" : "the main line could not be read to the mate";
  }
  finish(SolveResult::Kind::kMate, note);
  // (The time is measured from the start of the first search, the grace included.)
  result.nodes += from_below_nodes;
  if (reader_with_grace) result.nodes += reader_with_grace->nodes();
  return result;
}

}  // namespace

SolveResult solve(const Position& root, const SolveOptions& options) {
  SolveResult result;
  run_with_stack(kSolverStackBytes, [&] { result = solve_here(root, options); });
  return result;
}

}  // namespace tsumi::solver
