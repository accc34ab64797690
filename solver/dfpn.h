// Depth-first proof-number search (df-pn with the df-pn+ 1+epsilon threshold) for a mate
// within a depth limit.
//
// OR nodes (attacker to move) expand checking moves only; AND nodes (defender to move)
// expand every legal move (strict convention) or every move but the futile interpositions
// (standard convention, see futility.h). A position that repeats one on the current path is
// a failure for the attacker (perpetual check loses); such disproofs are path-dependent and
// stored as such (see tt.h) — up to the repeated position itself: a disproof that rests only
// on repetitions of the node being disproven, or of positions below it, holds on every path
// (a mate that passed through the node again could skip the loop).
//
// Contract: search() answers kProven only with a real mate of at most `max_depth` plies
// (length() gives the proof's length, an upper bound of the shortest mate), kDisproven
// only when no mate within `max_depth` exists (depth_limited() says whether the disproof
// needed the limit), and kUnknown when a node/time limit or a stop request ended it. The
// table is shared between searches, so later searches reuse earlier proofs.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "rules/position.h"
#include "solver/futility.h"
#include "solver/pn.h"
#include "solver/search_line.h"
#include "solver/tt.h"

namespace tsumi::solver {

// A disproof that rests on no repetition (see DfpnSearch::Child::rep).
inline constexpr int kNoRepetition = 1 << 30;
// Node budget of the small search that decides whether an interposition is futile.
// An interposition whose refutation is not found within it counts as a real defence (the
// conservative side: a length can only come out longer, as in the strict convention). The
// budget covers the futility questions nested inside the first one too.
inline constexpr uint64_t kFutilityNodeBudget = 4000;
// The memo of futility questions (shared by a search and the questions nested in it) holds
// at most this share of the table's size (kFutilityMemoEntryBytes per question, counting the
// hash map's own overhead), between the two bounds below; when full, it starts afresh.
inline constexpr size_t kFutilityMemoShare = 8;
inline constexpr size_t kFutilityMemoEntryBytes = 80;
inline constexpr size_t kMinFutilityMemoEntries = 4096;
inline constexpr size_t kMaxFutilityMemoEntries = size_t(1) << 20;
// The budget of the careful re-search that settles a disproof resting on a guess.
inline constexpr uint64_t kCarefulFutilityNodeBudget = 4000000;
// In the rounds that prove a length minimal, a chained drop (see delay_siblings()) whose
// predecessor's proof took at least this many nodes in the node's current visit has its
// futility asked before it is searched as a defence, not only when it would refute the
// node or once the node is proven (see mid()).
inline constexpr uint64_t kSettleFirstAfterWork = kFutilityNodeBudget / 8;
// When a disproof in the rounds that prove a length minimal would rest on nothing but an
// undecided question, that question is asked again once with this many times the budget.
inline constexpr int kDecidingFutilityScale = 16;

// How many nodes a search goes before it reads the clock again (see
// DfpnSearch::check_limits()), after an interval of `interval` nodes that took `took`: an
// eighth as many (at least one) when that was longer than kSlowClockInterval, else twice as
// many, up to `longest`.
inline constexpr std::chrono::milliseconds kSlowClockInterval{4};
inline uint64_t next_clock_interval(uint64_t interval, uint64_t longest,
                                    std::chrono::steady_clock::duration took) {
  if (took > kSlowClockInterval) return std::max<uint64_t>(1, interval / 8);
  return std::min(longest, interval * 2);
}

struct SearchLimits {
  uint64_t max_nodes = 0;  // 0 = no limit
  double max_seconds = 0;  // 0 = no limit
  const std::atomic<bool>* stop = nullptr;
};

struct SearchProgress {
  uint64_t nodes = 0;
  double seconds = 0;
  PnDn root_pn = 0, root_dn = 0;
  int hashfull = 0;
  int depth_limit = 0;
  std::vector<rules::Move> best_line;  // the most promising line so far (its first moves)
  // The table's size now in MiB (hashfull counts against it): a growing table shows how far
  // it has grown.
  size_t table_mib = 0;
};
using ProgressCallback = std::function<void(const SearchProgress&)>;

enum class SearchOutcome { kProven, kDisproven, kUnknown };

class DfpnSearch {
 public:
  DfpnSearch(TranspositionTable& tt, SearchLimits limits, ProgressCallback progress = {},
             Convention convention = Convention::kStrict);

  // Searches `pos` for a mate within max_depth plies. `or_node`: the side to move attacks.
  // `path` lists the keys of positions before `pos` in the line being examined, so that
  // repetitions with them count.
  SearchOutcome search(rules::Position& pos, int max_depth, bool or_node = true,
                       const std::vector<rules::Key>& path = {});
  // The path key (path_key.h) of the root of the next search() or futile() call, as a
  // search from further up the same line keyed that node: its disproofs that rest on a
  // repetition with the line are then read there (the main line's reader, main_line.h).
  // Otherwise a search keys its root by the positions of `path`, apart from every other.
  void key_next_root(rules::Key path_key) { next_root_key_ = path_key; }

  // search() with at most `max_nodes` more nodes: kUnknown when they run out, and the
  // search answers again afterwards (its own limits and a stop request still end it for
  // good). The main line's tie-break bounds its questions this way, and the solver its
  // bisecting minimality rounds (solver.cpp).
  SearchOutcome search_within(rules::Position& pos, int max_depth, bool or_node,
                              const std::vector<rules::Key>& path, uint64_t max_nodes);

  int length() const { return length_; }
  // The proof hand of the last proven root (the attacker needs at least this much).
  rules::Hand root_proof_hand() const { return root_hand_; }
  // Standard convention: is the defender's interposition m futile with `remaining` plies
  // left at the defender's node? On success, the mate after the capture: its length and
  // proof hand. `path`: keys of the positions before `pos` on the line. `undecided` is set
  // when "not futile" is only a guess (the question's node budget ran out).
  bool futile(rules::Position& pos, rules::Move m, int remaining, const std::vector<rules::Key>& path,
              int* length = nullptr, rules::Hand* hand = nullptr, bool* undecided = nullptr);
  Convention convention() const { return convention_; }
  const TranspositionTable& table() const { return tt_; }
  bool depth_limited() const { return depth_limited_; }
  // The last disproof (kDisproven) rests on an interposition that counted as a real
  // defence only because its futility could not be decided (node budget, or the same
  // question already open further up): it is then not claimed as proven.
  bool disproof_uncertain() const { return uncertain_; }
  // Keys this search's boards apart in the table (see world_): a search in another
  // convention shares the table without ever meeting the outer searches' entries, except
  // that it reads their proofs (the solver's strict search of a standard "no mate"; a mate
  // exists in both conventions or in neither).
  void set_world(rules::Key salt) { world_ = salt; }
  // A careful search: a larger budget for each futility question, and the table's
  // uncertain disproofs are searched again instead of reused.
  void set_careful() {
    futility_budget_ = kCarefulFutilityNodeBudget;
    reuse_uncertain_ = false;
    // Questions that ran out of the small budget are asked again.
    futility_memo_ = std::make_shared<std::unordered_map<rules::Key, FutilityMemo>>();
  }
  // How often the progress callback is called (about once a second by default).
  void set_progress_interval(double seconds);
  // The node budget of a futility question (tests and tools; kFutilityNodeBudget by default).
  void set_futility_budget(uint64_t nodes) { futility_budget_ = nodes; }
  // Proofs without taking the futile interpositions' plies out: any mate, its length an
  // upper bound (counted as if they were real defences) — the first search only needs a mate.
  void set_settle_proofs(bool on) { settle_proofs_ = on; }
  // In such a search (the first search), a moved interposition that would refute a node is
  // judged leniently: its question hands the captured piece to the defender, as for a drop,
  // instead of taking it out of the game. Against the stronger defender a mate is rarer, so
  // "futile" still holds in the convention, but "not futile" is only a guess: the refutation
  // counts, and the disproofs built on it are uncertain and provisional (stored as such,
  // see TranspositionTable::set_provisional_visible()), never claimed, never reused after.
  // Why: with the convention's own question, moved interpositions that the old rule let
  // refute a check are futile, and the search for any mate went elsewhere first (Zukou
  // #008: 76.2 M nodes to the first mate instead of 49.2 M). On by default; tests turn it off.
  void set_lenient_moved(bool on) { lenient_moved_ = on; }
  // How many lenient questions answered "not futile" (a guess each), in this search.
  uint64_t lenient_guesses() const { return lenient_guesses_; }
  // Chained drops whose futility was asked before they were searched (kSettleFirstAfterWork),
  // in this search; `on` false turns that off (tests compare the two).
  uint64_t settled_first() const { return settled_first_; }
  void set_settle_first(bool on) { settle_first_ = on; }
  // At a defender's node, which of two children of equal disproof number goes first. By
  // default the one of larger proof number, the harder to mate: the likelier refutation, and
  // the rounds that prove a length minimal are mostly refutations (Zukou at 30 s: 90 lengths
  // proven minimal instead of 88, 7.6% fewer nodes on the 87 proven by both). The first
  // search, which only needs a mate, takes the easier first (`on`): every defence must be
  // mated anyway, and the node's proof number falls soonest. The futility questions nested
  // in a search take its order.
  void set_easier_first(bool on) { easier_first_ = on; }
  // A defender's move back to a board of this search's line where the attacker held at least
  // as much (an inferior position for the attacker) refutes on this line, as a repetition
  // does (on by default; see docs/solver.md, "Repetition"). The first search turns it off:
  // there it made the first mates and the rounds after them slower.
  void set_inferior_refutes(bool on) { inferior_refutes_ = on; }
  // The solver's first search (any mate) in one call: proofs unsettled, easier first, no
  // inferior refutations (each setter above says why); `on` false restores the rounds'.
  void set_first_search(bool on) {
    set_settle_proofs(!on);
    set_easier_first(on);
    set_inferior_refutes(!on);
  }
  // The last plies decided in one visit (dfpn_leaf.cpp; on by default). Off, they are
  // searched as ordinary nodes: tests compare the two.
  void set_leaf_routines(bool on) { leaf_routines_ = on; }
  uint64_t nodes() const { return nodes_; }
  // The futility memo's questions now, and how many it may hold (see kFutilityMemoShare).
  size_t futility_memo_size() const { return futility_memo_->size(); }
  size_t futility_memo_capacity() const { return futility_memo_capacity_; }
  // Counts nodes searched on this search's behalf by others (its limits then cover them).
  void count_nodes(uint64_t nodes) { nodes_ += nodes; }
  double seconds() const;
  bool aborted() const { return aborted_; }

 private:
  struct Child {
    rules::Move move;
    PnDn pn = 1, dn = 1;
    int depth = 0;  // proof length or disproof depth
    rules::Hand hand;
    int rep = kNoRepetition;    // its disproof rests on a repetition with the line's position of this index
    bool unsettled = false;     // an interposition not yet judged futile or real (standard convention)
    bool uncertain = false;     // its disproof rests on an undecided futility question
    bool guessed_real = false;  // an interposition counted as real only because its futility was undecided
    bool asked_again = false;   // and its question was asked again with a larger budget
    // Delayed expansion: this child is searched only once `prev` (an earlier sibling) is
    // resolved the way that makes this one matter, see delay_siblings(). -1: never delayed.
    int prev = -1;
    // The table knew nothing of it (no entry, no estimate for another hand) when it was
    // looked up: its first visit may only count its moves (see mid()).
    bool fresh = false;
    // Nodes searched below it in this visit of its parent; a drop settled first as futile
    // carries its predecessor's instead (see mid()).
    uint64_t work = 0;
  };
  struct Result {
    PnDn pn, dn;
    int depth;
    rules::Hand hand;
    int rep;  // as Child::rep
    bool uncertain = false;
  };

  // `fresh`: nothing is known of the node (Child::fresh).
  Result mid(rules::Position& pos, int ply, rules::Key path_key, PnDn thpn, PnDn thdn, bool fresh = false);
  // The disproof hand of a defender's node with no plies left, refuted by `refutation`.
  rules::Hand last_ply_disproof_hand(const rules::Position& pos, rules::Move refutation,
                                     rules::Bitboard interpositions) const;
  // A check with one ply left (dfpn_leaf.cpp): it mates, a real defence refutes it, or it is
  // open (answered only by interpositions, standard convention). `hand`: the proof hand
  // before the check when it mates, the disproof hand when refuted.
  enum class LastPlyCheck { kMates, kRefuted, kOpen };
  LastPlyCheck try_last_ply_check(rules::Position& pos, rules::Move m, rules::Move* answers,
                                  rules::StateInfo& state, rules::Hand* hand);
  // An attacker's node with one ply left, its checks generated: decides it (see
  // dfpn_leaf.cpp) and stores the answer; (1, 1) when a limit stopped it. `checks` is
  // reordered.
  Result decide_last_ply(rules::Position& pos, rules::Move* checks, int count, int ply, rules::Key path_key);
  // A defender's node with two plies left, its moves generated: decides it and stores the
  // answer when one visit can (see dfpn_leaf.cpp); false leaves it to mid().
  // `interpositions`: the node's interposition squares (standard convention).
  bool decide_two_plies(rules::Position& pos, const rules::Move* moves, int count, int ply,
                        rules::Key path_key, rules::Bitboard interpositions, Result* result);
  static void delay_siblings(std::vector<Child>& children, bool or_node, rules::Square king);
  // `board_key` is table_key_after(pos, m), computed once by the caller for both the probe
  // and the repetition test.
  Child look_up(const rules::Position& pos, rules::Move m, rules::Key board_key, int ply,
                rules::Key path_key) const;
  bool is_or(int ply) const { return (ply % 2 == 0) == root_is_or_; }
  // The positions on the line (full keys), each with its index; indices count from the first
  // position of the outermost search's line.
  using LineToken = SearchLine::Token;
  LineToken enter_line(const rules::Position& pos, int index) {
    return on_path_->enter(pos.key(), table_key(pos), pos.hand(attacker_), index);
  }
  void leave_line(LineToken token) { on_path_->leave(token); }
  void set_outer_line(const std::vector<rules::Key>& path);
  // The index of the nearest position on the line that the position after m repeats (-1:
  // none), or, within this search, of the nearest with that board and at least as much in
  // the attacker's hand (the position after m is inferior to it: see docs/solver.md).
  int repeated_on_line(const rules::Position& pos, rules::Move m) const;
  int repeated_on_line(const rules::Position& pos, rules::Move m, rules::Key board_key) const;
  // Whether futile_on_path() asks m's question leniently (see set_lenient_moved()): only
  // where a guess can be reported (`undecided`) and the table's guesses are reused.
  bool lenient_moved_questions(rules::Move m, const bool* undecided) const;
  // A search that asks such questions: its uncertain disproofs are provisional.
  bool lenient_search() const { return lenient_moved_ && !settle_proofs_ && reuse_uncertain_; }
  // Every disproof of a node goes through here, so that in a lenient search an uncertain
  // one is stored as provisional wherever it is made (mid(), the leaf routines).
  void store_disproof(rules::Key board_key, rules::Hand hand, int depth, int rep_distance,
                      rules::Key path_key, uint64_t work, bool uncertain) {
    tt_.store_disproven(board_key, hand, depth, rep_distance, path_key, work, uncertain,
                        uncertain && lenient_search());
  }
  // `ply`, `path_key`: of the defender's node at `pos`. `undecided` (optional) is set when the
  // answer "not futile" is a guess; `rep` (optional) to the index of the line's position whose
  // repetition made it not futile (kNoRepetition: none).
  // `scale`: the question's budget is `scale` times the usual one (a question that ran out of
  // nodes is asked again only with a larger budget than it had).
  bool futile_on_path(rules::Position& pos, rules::Move m, int ply, rules::Key path_key, int remaining,
                      int* length, rules::Hand* hand, bool* undecided = nullptr, int* rep = nullptr,
                      int scale = 1);
  SearchOutcome run(rules::Position& pos, int max_depth, bool or_node);
  struct FutilityMemo {
    int length = -1;                     // continuation length when found futile, -1 when not (yet)
    rules::Hand hand;                    // and its proof hand
    int refuted_up_to = -1;              // no mate after any capture within this many plies
    int out_of_nodes_at = -1;            // a look with this many plies ran out of nodes
    int escalated_out_of_nodes_at = -1;  // one with a larger budget (scale > 1) did
    bool in_progress = false;            // being decided further up the stack
    // Refuted only because of a repetition with the line's position of index `path_rep`:
    // holds on the path named `path_key`, up to this many plies.
    rules::Key path_key = 0;
    int path_refuted_up_to = -1;
    int path_rep = kNoRepetition;
  };
  // Whether a limit or a stop request ends the search (once true, true for good). Asked at
  // every node: the limits are looked at only every so many nodes (see check_limits()),
  // against a mark rather than the counter's low bits, since nested futility searches add
  // their nodes in lumps.
  bool should_stop() { return aborted_ || (nodes_ >= next_check_ && check_limits()); }
  bool check_limits();

  TranspositionTable& tt_;
  SearchLimits limits_;
  ProgressCallback progress_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point next_report_;
  std::chrono::steady_clock::duration report_interval_ = std::chrono::seconds(1);
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  uint64_t nodes_ = 0;
  uint64_t next_check_ = 0;  // node count at which the limits are looked at next
  // The node limit is looked at every limit_interval_ nodes, the clock and the stop flag
  // every clock_interval_, which follows the nodes' speed (see check_limits());
  // next_check_ is the nearer of the two marks.
  uint64_t limit_interval_ = 1024;
  uint64_t next_limit_check_ = 0;
  uint64_t clock_interval_ = 1;
  std::chrono::steady_clock::time_point last_check_;
  bool aborted_ = false;
  int max_depth_ = 0;
  int line_base_ = 0;             // the index of this search's root on the line (see Line)
  int root_rep_ = kNoRepetition;  // the last root disproof rests on a repetition with this index
  rules::Key root_path_key_ = 0;
  rules::Key next_root_key_ = 0;  // key_next_root(); 0: none
  bool root_is_or_ = true;
  int length_ = 0;
  bool depth_limited_ = false;
  bool uncertain_ = false;
  uint64_t futility_budget_ = kFutilityNodeBudget;
  bool reuse_uncertain_ = true;
  bool settle_proofs_ = true;
  bool lenient_moved_ = true;  // see set_lenient_moved()
  uint64_t lenient_guesses_ = 0;
  uint64_t settled_first_ = 0;
  bool settle_first_ = true;
  bool leaf_routines_ = true;
  bool inferior_refutes_ = true;  // see set_inferior_refutes()
  bool question_ = false;         // the search of a futility question (futile_on_path())
  bool easier_first_ = false;
  // The pieces taken out of the game by the moved interpositions whose futility questions
  // this search answers, as a sum of one salt per piece: added to every board key this
  // search gives the table and the line, so that positions with fewer pieces in the game
  // never share entries with those of the outer searches (hand domination assumes that the
  // defender holds every piece the attacker does not).
  rules::Key world_ = 0;
  // The key under which this search gives a board to the table and the line's inferior
  // positions: the board key, plus world_ in a question with pieces out of the game.
  rules::Key table_key(const rules::Position& pos) const { return pos.board_key() + world_; }
  rules::Key table_key_after(const rules::Position& pos, rules::Move m) const {
    return pos.board_key_after(m) + world_;
  }
  // A look-up of `board_key` (world_ included). With pieces out of the game, a proof of the
  // same board and attacker hand in the outermost search (all pieces in the game) is read
  // too: the defender here holds less, so a mate there is a mate here.
  TTProbe probe(rules::Key board_key, rules::Hand hand, int remaining, rules::Key path_key) const {
    TTProbe p = tt_.probe(board_key, hand, remaining, path_key);
    if (world_ == 0 || p.kind == EntryKind::kProven || p.kind == EntryKind::kDisproven) return p;
    TTProbe outer = tt_.probe(board_key - world_, hand, remaining, 0);
    return outer.kind == EntryKind::kProven ? outer : p;
  }
  PnDn root_pn_ = 1, root_dn_ = 1;
  rules::Color attacker_ = rules::kBlack;
  rules::Hand root_hand_;
  // The line being examined: df-pn always descends along the most promising path, so this
  // is the best line so far (progress reports show its start).
  std::vector<rules::Move> current_line_;
  std::vector<rules::Move> reported_line_;  // the line of the last progress report
  Convention convention_;
  // Shared with the nested futility searches, so that they remember each other's answers.
  std::shared_ptr<std::unordered_map<rules::Key, FutilityMemo>> futility_memo_;
  size_t futility_memo_capacity_;
  // Full keys of the positions on the current line. A nested futility search shares its
  // parent's set (the searches are strictly nested), so the line is never copied.
  SearchLine own_path_;
  // The moves and children of the node being expanded at each ply of the current line.
  struct PlyBuffers {
    std::vector<rules::Move> moves;
    std::vector<Child> children;
    // decide_two_plies(): its moves by their number of checks, and each move's checks
    // (`counted_checks` from `first_check[move index]` on)
    std::vector<uint32_t> order;
    std::vector<rules::Move> counted_checks;
    std::vector<uint32_t> first_check;
    rules::StateInfo state;  // of the child being searched (a zeroed StateInfo per descent cost ~4%)
  };
  std::deque<PlyBuffers> buffers_by_ply_;
  SearchLine* on_path_ = &own_path_;
};

}  // namespace tsumi::solver
