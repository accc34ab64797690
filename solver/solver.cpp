#include "solver/solver.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include "rules/movegen.h"
#include "solver/deep_stack.h"
#include "solver/main_line.h"
#include "solver/round_schedule.h"
#include "solver/shortening.h"

namespace tsumi::solver {

using namespace rules;

SearchTable::SearchTable(const SolveOptions& options) : table_(options.table) {
  if (table_) {
    if (!options.keep_table_contents) table_->new_generation();
  } else {
    own_ = std::make_unique<TranspositionTable>(options.hash_mib, options.hash_grow_from_mib);
    table_ = own_.get();
  }
  table_->set_stop(options.stop);
  // Provisional disproofs are seen by solve()'s first search only (it shows them while it
  // runs); a kept table may hold those of an earlier solve, which no other search may read.
  table_->set_provisional_visible(false);
}

namespace {

// The strict search's salt (strict_proves_no_mate()); the moved-piece salts of the
// futility questions are other random keys (dfpn_futility.cpp).
constexpr rules::Key kStrictWorld = 0x5f3759df2c1b9e37ULL;

constexpr const char* kUndecidedNote =
    "the futility of an interposition could not be decided within the node budget: no shorter mate was "
    "found, but none is ruled out";

// One solve, step by step (see solve()): the steps are methods, what they share members.
class SolveDriver {
 public:
  SolveDriver(const Position& root, const SolveOptions& options)
      : options_(options),
        table_(options),
        tt_(table_.get()),
        search_(tt_, SearchLimits{options.max_nodes, options.max_seconds, options.stop}, progress_after(0),
                options.convention) {
    pos_.copy_from(root, root_state_);
    search_.set_progress_interval(options.progress_seconds);
    if (options.futility_budget) search_.set_futility_budget(options.futility_budget);
  }

  SolveResult run() {
    if (!first_search()) return result_;
    minimality_rounds();
    rounds_from_below();
    result_.lower_bound = rounds_->lower();
    result_.length = length_;
    result_.minimal = rounds_->done();
    read_main_line();
    finish(SolveResult::Kind::kMate, note_);
    // (The time is measured from the start of the first search, the grace included.)
    result_.nodes += from_below_nodes_;
    if (reader_with_grace_) result_.nodes += reader_with_grace_->nodes();
    return result_;
  }

 private:
  // The careful search of an uncertain disproof: kProven, kDisproven (certain), or
  // kUnknown (a limit, or `undecided`: a guess again).
  struct CarefulAnswer {
    SearchOutcome outcome;
    int length;          // kProven
    bool depth_limited;  // kDisproven
    bool undecided;
    uint64_t nodes;
  };

  bool limited() const { return options_.max_nodes || options_.max_seconds > 0; }
  bool stop_requested() const { return options_.stop && options_.stop->load(std::memory_order_relaxed); }
  bool past_half_the_limits() const {
    return (options_.max_seconds > 0 && search_.seconds() > options_.max_seconds / 2) ||
           (options_.max_nodes && search_.nodes() > options_.max_nodes / 2);
  }
  // The length the last search proved: the careful search's when it answered.
  int proven_length() const { return careful_answered_ ? length_found_ : search_.length(); }

  // What is left of `limits` after `spent` (a search's nodes and seconds so far).
  SearchLimits left_of(uint64_t max_nodes, double max_seconds, const DfpnSearch& spent) const {
    SearchLimits left{0, 0, options_.stop};
    if (max_nodes) left.max_nodes = max_nodes > spent.nodes() ? max_nodes - spent.nodes() : 1;
    if (max_seconds > 0) left.max_seconds = std::max(0.001, max_seconds - spent.seconds());
    return left;
  }

  // The solve's progress (SolveOptions::progress): each search counts its nodes from zero,
  // so one started after others reports on top of theirs (`nodes_before`), and all report
  // the time since the solve began. Before, the careful searches and the rounds from below
  // reported their own figures, and the progress line went back (Zukou #095 at 40 s: "39s
  // 77666711 nodes", then "1s 3145320 nodes").
  void report(SearchProgress p, uint64_t nodes_before) const {
    p.nodes += nodes_before;
    p.seconds = search_.seconds();
    options_.progress(p);
  }
  ProgressCallback progress_after(uint64_t nodes_before) const {
    if (!options_.progress) return {};
    return [this, nodes_before](const SearchProgress& p) { report(p, nodes_before); };
  }
  // The searches the solve makes besides search_, reporting as the solve's.
  DfpnSearch& with_progress_interval(DfpnSearch& search) const {
    search.set_progress_interval(options_.progress_seconds);
    return search;
  }

  CarefulAnswer search_carefully(int depth, SearchLimits left, uint64_t nodes_before) {
    DfpnSearch careful(tt_, left, progress_after(nodes_before), options_.convention);
    with_progress_interval(careful);
    careful.set_careful();
    if (options_.careful_futility_budget) careful.set_futility_budget(options_.careful_futility_budget);
    SearchOutcome o = careful.search(pos_, depth);
    const bool undecided = o == SearchOutcome::kDisproven && careful.disproof_uncertain();
    return CarefulAnswer{undecided ? SearchOutcome::kUnknown : o, careful.length(), careful.depth_limited(),
                         undecided, careful.nodes()};
  }

  // A disproof that rests on an undecided futility question is searched again, carefully
  // (a larger budget per question, the table's uncertain disproofs not reused), within what
  // is left of the limits. `o` becomes the careful search's answer. Its nodes count as
  // search_'s own, and so do the strict step's: the node limit is the solve's, and the
  // rounds after them see what is left of it. (Before, they counted beside search_'s, and
  // the rounds after a careful search had the whole limit again.)
  void settle_uncertain(SearchOutcome& o, int depth) {
    careful_answered_ = round_careful_ = round_undecided_ = false;
    if (o != SearchOutcome::kDisproven || !search_.disproof_uncertain()) return;
    const CarefulAnswer a =
        search_carefully(depth, left_of(options_.max_nodes, options_.max_seconds, search_), search_.nodes());
    o = a.outcome;
    search_.count_nodes(a.nodes);
    if (o == SearchOutcome::kProven) length_found_ = a.length;
    if (o == SearchOutcome::kDisproven) depth_limited_careful_ = a.depth_limited;
    round_careful_ = used_careful_ = careful_answered_ = true;
    round_undecided_ = a.undecided;
    uncertain_note_ |= a.undecided;
  }

  // A standard "no mate" that rests on undecided futility questions, settled in the strict
  // convention when it can be: a mate exists in both conventions or in neither (a strict
  // mate answers every defence a standard one must; a futile interposition is taken with a
  // mate in strict too, where the attacker even keeps the piece), and a strict search asks
  // no futility questions, so its "no mate" is certain. It is often far cheaper than the
  // careful search (a position of DeepLearningShogi issue 46: 45 M nodes against 186 M).
  // Only a disproof without the depth limit counts (a standard mate within the limit can
  // be longer in strict). Half of what is left of the limits; the rest for the careful
  // search when the strict one finds a mate or runs out.
  bool strict_proves_no_mate() {
    if (options_.convention != Convention::kStandard) return false;
    SearchLimits half = left_of(options_.max_nodes, options_.max_seconds, search_);
    if (half.max_nodes) half.max_nodes = std::max<uint64_t>(1, half.max_nodes / 2);
    if (half.max_seconds > 0) half.max_seconds /= 2;
    DfpnSearch strict(tt_, half, progress_after(search_.nodes()), Convention::kStrict);
    with_progress_interval(strict).set_world(kStrictWorld);
    const SearchOutcome o = strict.search(pos_, options_.max_ply);
    search_.count_nodes(strict.nodes());
    return o == SearchOutcome::kDisproven && !strict.depth_limited() && !strict.disproof_uncertain();
  }

  // The local shortening passes, their nodes counted as the search's own (so are its limits).
  void shorten(int length) {
    // At most a quarter of what the solver has searched so far: on short problems the
    // rounds are cheap, and a pass that finds nothing must not cost more than one.
    const uint64_t used = search_.nodes();
    SearchLimits left{std::max(kShorteningMinNodes, used / 4), 0, options_.stop};
    if (options_.max_nodes)
      left.max_nodes = std::min(left.max_nodes, options_.max_nodes > used ? options_.max_nodes - used : 1);
    if (options_.max_seconds > 0)
      left.max_seconds = std::max(0.001, options_.max_seconds - search_.seconds());
    const uint64_t base = search_.nodes();
    const auto interval = std::chrono::duration<double>(options_.progress_seconds);
    auto next_report = std::chrono::steady_clock::now() + interval;
    auto tick = [&](uint64_t nodes) {
      if (!options_.progress || std::chrono::steady_clock::now() < next_report) return;
      next_report = std::chrono::steady_clock::now() + interval;
      // The root is proven with `length` plies while the pass looks for shortcuts below it.
      report(SearchProgress{nodes, 0, 0, kInfinitePn, tt_.hashfull(), length, {}, tt_.mib()}, base);
    };
    search_.count_nodes(
        shorten_with_growing_budgets(tt_, pos_, length, options_.convention, left, tick).nodes);
  }

  void finish(SolveResult::Kind kind, std::string note) {
    result_.kind = kind;
    result_.note = std::move(note);
    result_.nodes = search_.nodes();
    result_.seconds = search_.seconds();
  }

  // 1. Any mate at all. False when there is none, or none found: the result is final.
  bool first_search() {
    search_.set_first_search(true);
    tt_.set_provisional_visible(true);
    SearchOutcome o = search_.search(pos_, options_.max_ply);
    tt_.set_provisional_visible(false);  // its lenient guesses were for its own use
    if (o == SearchOutcome::kDisproven && search_.disproof_uncertain() && search_.lenient_guesses() > 0) {
      // "No mate" resting on guesses, some of them lenient: asked again with the convention's
      // own questions before the careful search, which costs far more.
      search_.set_lenient_moved(false);
      o = search_.search(pos_, options_.max_ply);
    }
    search_.set_first_search(false);
    if (o == SearchOutcome::kDisproven && search_.disproof_uncertain() && strict_proves_no_mate()) {
      finish(SolveResult::Kind::kNoMate, "");
      return false;
    }
    settle_uncertain(o, options_.max_ply);
    if (o == SearchOutcome::kUnknown) {
      finish(SolveResult::Kind::kUnknown,
             uncertain_note_ ? "no mate was found, but the futility of an interposition could "
                               "not be decided"
                             : "a search limit was reached");
      return false;
    }
    if (o == SearchOutcome::kDisproven) {
      if (careful_answered_ ? depth_limited_careful_ : search_.depth_limited()) {
        result_.no_mate_within_max_ply = true;
        finish(SolveResult::Kind::kUnknown, "no mate within " + std::to_string(options_.max_ply) + " plies");
      } else {
        finish(SolveResult::Kind::kNoMate, "");
      }
      return false;
    }
    length_ = proven_length();
    result_.first_mate_seconds = search_.seconds();
    result_.first_mate_nodes = search_.nodes();
    rounds_.emplace(length_, options_.shortening_min_length);
    return true;
  }

  // 2. Shorter mates: search again with a smaller depth limit until the bounds meet (see
  // round_schedule.h for which limits). Before each round of a long line, a pass along the
  // main line finds the shortcuts that small searches can (shortening.h).
  void minimality_rounds() {
    RoundSchedule& rounds = *rounds_;
    while (!rounds.done() && options_.prove_minimal) {
      SolveRound round;
      const uint64_t nodes_before = search_.nodes();
      const double seconds_before = search_.seconds();
      if (length_ >= options_.shortening_min_length) shorten(length_);
      // Past half of the limits, the rounds step two plies down instead of bisecting: a
      // bisecting round bets on a disproof far below the bound, and with little time left it
      // is mostly stopped with nothing proven, where the cheaper proofs just below the bound
      // shorten it (Zukou #008 at 30 s, its first mate at 24-28 s: a bound of 53 instead of 77).
      const int limit = past_half_the_limits() ? rounds.upper() - 2 : rounds.next_limit();
      round.limit = limit;
      // A bisecting round bets on a disproof far below the bound, which is cheap. The nearer
      // its limit comes to the shortest mate, the dearer its disproof, and such a round is
      // one that stepping down from the bound must run anyway (the last round, two plies
      // below the length), where it is cheaper: the proofs above it are in the table by
      // then. So a bisecting round may spend twice what the solve has spent so far (at
      // least bisecting_round_min_nodes); past that it is given up and the rounds step down.
      // Zukou at 30 s: 2.4% fewer nodes on the 91 lengths proven minimal with and without
      // it, and #080 proven (36.9 M nodes, where the bisecting "none within 23" alone took
      // 54.7 M); #032's "none within 29" took 19.2 M nodes after the proofs of 35, 33 and 31,
      // against 43.7 M bisecting before them (docs/benchmarks.md, fifty-sixth session).
      SearchOutcome o;
      if (rounds.bisecting(limit)) {
        const uint64_t spent = search_.nodes();
        o = search_.search_within(pos_, limit, true, {},
                                  std::max(options_.bisecting_round_min_nodes, 2 * spent));
        if (o == SearchOutcome::kUnknown && !search_.aborted()) {
          rounds.abandon_bisection();
          round.outcome = SolveRound::Outcome::kAbandoned;
        }
      } else {
        o = search_.search(pos_, limit);
      }
      settle_uncertain(o, limit);
      round.nodes = search_.nodes() - nodes_before;
      round.seconds = search_.seconds() - seconds_before;
      if (round.outcome == SolveRound::Outcome::kAbandoned) {
        result_.rounds.push_back(round);
        continue;
      }
      if (o == SearchOutcome::kProven) {
        length_ = proven_length();
        rounds.proved(limit, length_);
        round.outcome = SolveRound::Outcome::kMate;
        round.length = length_;
      } else if (o == SearchOutcome::kDisproven) {
        rounds.disproved(limit);
        round.outcome = SolveRound::Outcome::kNoMate;
      } else if (round_undecided_) {
        round.outcome = SolveRound::Outcome::kUndecided;
      }
      round.careful = round_careful_;
      result_.rounds.push_back(round);
      if (round.outcome == SolveRound::Outcome::kStopped ||
          round.outcome == SolveRound::Outcome::kUndecided) {
        note_ =
            uncertain_note_ ? kUndecidedNote : "a search limit stopped the proof that the length is minimal";
        break;
      }
    }
    limit_hit_ = search_.aborted() || (!rounds.done() && !note_.empty());
    stopped_ = stop_requested();
  }

  // 3. Rounds from below. When a limit stopped a round, the gap it left open is narrowed
  // from the other side under a short grace (a twentieth of the limits): rounds from the
  // proven lower bound up, two plies apart, until one is stopped too. They cost little: the
  // stopped round's disproofs are in the table, and each holds at every node with as many
  // plies left or fewer. Zukou at 30 s: the bounds whose lower bound was 1 (the round two
  // plies below the first mate stopped) became 17 to 19 (#006: 81, none shorter than 19).
  // A stop request gets no grace, and neither do rounds stopped without a limit (by an
  // undecided futility question): their grace would have no end.
  void rounds_from_below() {
    RoundSchedule& rounds = *rounds_;
    if (!limit_hit_ || stopped_ || !limited() || !options_.prove_minimal || rounds.done()) return;
    SearchLimits twentieth{options_.max_nodes / 20, options_.max_seconds / 20, options_.stop};
    if (options_.max_nodes && !twentieth.max_nodes) twentieth.max_nodes = 1;
    DfpnSearch from_below(tt_, twentieth, progress_after(search_.nodes()), options_.convention);
    with_progress_interval(from_below);
    if (options_.futility_budget) from_below.set_futility_budget(options_.futility_budget);
    while (!rounds.done()) {
      SolveRound round;
      round.limit = rounds.lower();
      round.from_below = true;
      const uint64_t nodes_before = from_below.nodes();
      const double seconds_before = from_below.seconds();
      SearchOutcome o = from_below.search(pos_, round.limit);
      int found = from_below.length();
      bool undecided = false;
      if (o == SearchOutcome::kDisproven && from_below.disproof_uncertain()) {
        // An uncertain disproof is not claimed: it is searched again carefully, as the
        // rounds above do, within what is left of the grace (its nodes counted in it).
        // Before, it ended the rounds from below: Zukou #037's "within 11" at 30 s.
        const CarefulAnswer a =
            search_carefully(round.limit, left_of(twentieth.max_nodes, twentieth.max_seconds, from_below),
                             search_.nodes() + from_below.nodes());
        from_below.count_nodes(a.nodes);
        o = a.outcome;
        found = a.length;
        undecided = a.undecided;
        round.careful = true;
        if (o == SearchOutcome::kProven) used_careful_ = true;
      }
      round.nodes = from_below.nodes() - nodes_before;
      round.seconds = from_below.seconds() - seconds_before;
      if (o == SearchOutcome::kDisproven) {
        rounds.disproved(round.limit);
        round.outcome = SolveRound::Outcome::kNoMate;
      } else if (o == SearchOutcome::kProven) {
        length_ = found;
        rounds.proved(round.limit, length_);
        round.outcome = SolveRound::Outcome::kMate;
        round.length = length_;
      } else if (undecided) {
        round.outcome = SolveRound::Outcome::kUndecided;
      }
      result_.rounds.push_back(round);
      if (round.outcome == SolveRound::Outcome::kStopped || round.outcome == SolveRound::Outcome::kUndecided)
        break;
    }
    from_below_nodes_ = from_below.nodes();
    from_below_seconds_ = from_below.seconds();
    if (rounds.done()) note_.clear();
  }

  // 4. The main line. When a limit stopped step 2, the line still matters most to the user
  // (the mate is proven, only its minimality is not): reading it back gets a grace of its own
  // (a tenth of the limits, at least 0.5 s or 100 000 nodes, less what step 3 took unless
  // step 3 proved the length minimal), as it mostly reuses the proofs in the table.
  void read_main_line() {
    const bool minimal = result_.minimal;
    SearchLimits grace{0, 0, options_.stop};
    if (options_.max_nodes) grace.max_nodes = std::max<uint64_t>(options_.max_nodes / 10, 100000);
    if (options_.max_seconds > 0) grace.max_seconds = std::max(options_.max_seconds / 10, 0.5);
    auto grace_progress = [&] { return progress_after(search_.nodes() + from_below_nodes_); };
    auto read_line = [&](DfpnSearch& reader) {
      // A length the careful search proved may need its futility decisions to be read back
      // (with the small budget, an interposition it found futile may count as a defence).
      if (used_careful_) reader.set_careful();
      result_.pv.clear();
      // The tie-break towards no pieces left over may add a quarter of the nodes so far.
      const uint64_t so_far = search_.nodes() + from_below_nodes_;
      result_.pv_mates = MainLine(reader, pos_, !minimal)
                             .limit_tie_break(std::max(kMinTieBreakNodes, so_far / 4))
                             .extract(length_, result_.pv);
    };
    if (limit_hit_ && !stopped_) {
      // What step 3 took comes off the grace, unless it proved the length minimal: then the
      // line is all that is left to do, and a line cut short would spoil a complete answer
      // (a random position, 1 MiB table, 2 M nodes: step 3 proved the length minimal with 97 000
      // of its 100 000 nodes, and the line then took 121 000). The limits are then overrun by
      // step 3's twentieth and this grace at most.
      if (!minimal) {
        if (grace.max_nodes) grace.max_nodes -= std::min(grace.max_nodes - 1, from_below_nodes_);
        if (grace.max_seconds > 0)
          grace.max_seconds = std::max(0.001, grace.max_seconds - from_below_seconds_);
      }
      read_line(with_progress_interval(
          reader_with_grace_.emplace(tt_, grace, grace_progress(), options_.convention)));
    } else {
      read_line(search_);
      // The rounds ended within the limits but left too little of them to read the line
      // back: read it again under the grace (a length proven minimal with half a line helps
      // no one).
      if (!result_.pv_mates && limited() && search_.aborted() && !stop_requested())
        read_line(with_progress_interval(
            reader_with_grace_.emplace(tt_, grace, grace_progress(), options_.convention)));
    }
    if (!minimal && result_.pv_mates && int(result_.pv.size()) < length_) {
      // An upper bound's line follows the table's proofs, and some of them were replaced by
      // shorter ones since: the line mates sooner than the bound, against defences that are
      // not the longest (Zukou #008 at 30 s: a bound of 77, a line of 27 plies).
      // (Without the rounds, prove_minimal off, there is no note before it.)
      note_ += std::string(note_.empty() ? "" : "; ") + "the line shown (" +
               std::to_string(result_.pv.size()) +
               " moves) takes the defences the table holds, which need not be the longest";
    }
    if (!result_.pv_mates && note_.empty()) {
      // (Without a limit the line always reaches its mate; should it not, say so plainly.)
      const bool cut = search_.aborted() || (reader_with_grace_ && reader_with_grace_->aborted());
      note_ = cut ? "a search limit cut the main line short" : "the main line could not be read to the mate";
    }
  }

  const SolveOptions& options_;
  StateInfo root_state_;
  Position pos_;
  SearchTable table_;
  TranspositionTable& tt_;
  DfpnSearch search_;
  SolveResult result_;
  int length_ = 0;                       // the shortest mate proven so far
  std::optional<RoundSchedule> rounds_;  // from the first mate on
  std::string note_;
  bool limit_hit_ = false;  // a limit (or an undecided question) stopped step 2
  bool stopped_ = false;    // a stop request had come by then
  uint64_t from_below_nodes_ = 0;
  double from_below_seconds_ = 0;
  std::optional<DfpnSearch> reader_with_grace_;
  // The careful searches (settle_uncertain()).
  int length_found_ = 0;                // the last careful search's proof length
  bool depth_limited_careful_ = false;  // and whether its disproof needed the depth limit
  bool careful_answered_ = false;       // the last search's answer is the careful search's
  bool uncertain_note_ = false;         // a careful search could not settle a guess either
  bool used_careful_ = false;           // a careful search answered: read the main line as carefully
  bool round_careful_ = false;          // a careful search ran for the main round under way
  bool round_undecided_ = false;        // and ended on a guess again
};

}  // namespace

SolveResult solve(const Position& root, const SolveOptions& options) {
  SolveResult result;
  run_with_stack(kSolverStackBytes, [&] { result = SolveDriver(root, options).run(); });
  return result;
}

}  // namespace tsumi::solver
