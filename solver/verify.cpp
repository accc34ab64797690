#include "solver/verify.h"

#include <chrono>
#include <memory>

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "solver/deep_stack.h"

namespace tsumi::solver {

using namespace rules;

namespace {

struct FindingNames {
  Finding::Kind kind;
  const char* name;
  const char* japanese;
};
constexpr FindingNames kFindingNames[] = {
    {Finding::Kind::kNoMate, "no-mate", "不詰"},
    {Finding::Kind::kShorterMate, "shorter-mate", "早詰"},
    {Finding::Kind::kCook, "cook", "余詰"},
    {Finding::Kind::kPiecesLeft, "pieces-left", "駒余り"},
    {Finding::Kind::kLongerDefence, "longer-defence", "変長"},
    {Finding::Kind::kEqualDefence, "equal-defence", "変同"},
    {Finding::Kind::kWrongMainLine, "wrong-main-line", "手順誤り"},
    {Finding::Kind::kFutile, "futile-interposition", "無駄合"},
    {Finding::Kind::kUndecided, "undecided", "未決"},
    {Finding::Kind::kPromotionChoice, "promotion-choice", "成生非限定"},
};

const FindingNames* names_of(Finding::Kind k) {
  for (const auto& n : kFindingNames)
    if (n.kind == k) return &n;
  return nullptr;
}

}  // namespace

const char* finding_name(Finding::Kind k) { return names_of(k) ? names_of(k)->name : "?"; }
const char* finding_japanese(Finding::Kind k) { return names_of(k) ? names_of(k)->japanese : "?"; }

namespace {

// Walks the checked line, asking one small search per alternative move.
class Walker {
 public:
  Walker(const VerifyOptions& o, VerifyResult& v, Position& pos)
      : o_(o),
        v_(v),
        pos_(pos),
        tt_(o.solve.hash_mib, o.solve.hash_grow_from_mib),
        start_(std::chrono::steady_clock::now()) {}

  // A move as the findings' details name it, played from the current position.
  std::string name(Move m) const { return o_.move_name ? o_.move_name(pos_, m) : to_usi(m); }

  void walk(int length) {
    const std::vector<Move>& line = v_.checked_line;
    const Color attacker = pos_.side_to_move();
    int remaining = length;
    size_t i = 0;
    for (; i < line.size(); ++i) {
      Move m = line[i];
      // Named in USI: the other notations describe a legal move only.
      if (!MoveList<kLegal>(pos_).contains(m)) return wrong(i, to_usi(m) + " is not a legal move here");
      if (pos_.side_to_move() == attacker) {
        if (!attacker_node(i, m, remaining)) return;
        --remaining;
      } else {
        bool pair = false;
        if (!defender_node(i, m, remaining, pair)) return;
        if (pair) {
          // A futile interposition and its capture: not counted.
          play(line[i]);
          ++i;
          if (i >= line.size()) return wrong(i, "the line ends after a futile interposition");
          play(line[i]);
          continue;
        }
        --remaining;
      }
      play(m);
    }
    if (pos_.side_to_move() == attacker) return wrong(i, "the line ends with the attacker to move");
    if (!mated_by_convention()) return wrong(i, "the defender is not mated at the end of the line");
    if (remaining != 0)
      return wrong(i, "the line has " + std::to_string(length - remaining) + " counted plies, the mate " +
                          std::to_string(length));
    if (!pos_.hand(attacker).empty())
      add(Finding::Kind::kPiecesLeft, i, {},
          "the attacker ends with " + std::to_string(pos_.hand(attacker).total()) + " piece(s) in hand");
  }

 private:
  bool attacker_node(size_t i, Move m, int remaining) {
    if (!pos_.gives_check(m)) return wrong(i, name(m) + " does not check"), false;
    SearchOutcome o = ask(m, remaining - 1, false);
    if (o == SearchOutcome::kUnknown) return undecided(i, "whether " + name(m) + " mates in time"), false;
    if (o == SearchOutcome::kDisproven)
      return wrong(i, name(m) + " does not mate within the " + std::to_string(remaining) + " plies left"),
             false;
    if (remaining <= 1 && !o_.last_move_unique) return true;  // the last move: cooks there are tolerated
    for (Move alt : MoveList<kChecks>(pos_)) {
      if (alt == m) continue;
      int length = 0;
      SearchOutcome a = ask(alt, remaining - 1, false, &length);
      if (a == SearchOutcome::kUnknown) undecided(i, "whether " + name(alt) + " also mates");
      if (a != SearchOutcome::kProven) continue;
      std::string plies =
          std::to_string(length + 1) + " plies (main line: " + std::to_string(remaining) + ")";
      if (!alt.is_drop() && !m.is_drop() && alt.from() == m.from() && alt.to() == m.to()) {
        add(Finding::Kind::kPromotionChoice, i, {alt},
            name(alt) + (alt.is_promotion() ? " (promoting)" : " (not promoting)") + " mates as well, in " +
                plies);
        continue;
      }
      std::string order;
      const std::vector<Move>& line = v_.checked_line;
      for (size_t k = i + 2; k < line.size(); k += 2)
        if (line[k] == alt) {
          order = "; the main line plays it at move " + std::to_string(k + 1) + " (手順前後, move order)";
          break;
        }
      add(Finding::Kind::kCook, i, {alt}, name(alt) + " also mates, in " + plies + order);
    }
    return true;
  }

  bool defender_node(size_t i, Move d, int remaining, bool& pair) {
    if (remaining <= 0) return wrong(i, "the attacker should have mated already"), false;
    Bitboard squares =
        o_.solve.convention == Convention::kStandard ? interposition_squares(pos_) : Bitboard();
    DfpnSearch futility(tt_, limits(), {}, o_.solve.convention);
    const std::vector<Move>& line = v_.checked_line;
    if (is_interposition(pos_, d, squares) && futility.futile(pos_, d, remaining, path_) &&
        i + 1 < line.size() && line[i + 1].to() == d.to()) {
      pair = true;
      return true;
    }
    // The main line's defence must be the longest: not mated within remaining - 3.
    if (remaining >= 4) {
      SearchOutcome o = ask(d, remaining - 3, true);
      if (o == SearchOutcome::kProven) return wrong(i, name(d) + " is not the longest defence"), false;
      if (o == SearchOutcome::kUnknown) undecided(i, "whether " + name(d) + " is the longest defence");
    }
    std::string futile_moves;
    for (Move alt : MoveList<kLegal>(pos_)) {
      if (alt == d) continue;
      if (is_interposition(pos_, alt, squares) && futility.futile(pos_, alt, remaining, path_)) {
        if (!futile_moves.empty()) futile_moves += ' ';
        futile_moves += name(alt);
        continue;
      }
      SearchOutcome longer = ask(alt, remaining - 1, true);
      if (longer == SearchOutcome::kUnknown) {
        undecided(i, "how long " + name(alt) + " lasts");
        continue;
      }
      if (longer == SearchOutcome::kDisproven) {
        add(Finding::Kind::kLongerDefence, i, {alt},
            name(alt) + " is not mated within the " + std::to_string(remaining - 1) + " plies left");
        continue;
      }
      if (remaining < 4) {
        add(Finding::Kind::kEqualDefence, i, {alt}, name(alt) + " lasts as long as the main line");
        continue;
      }
      SearchOutcome equal = ask(alt, remaining - 3, true);
      if (equal == SearchOutcome::kDisproven)
        add(Finding::Kind::kEqualDefence, i, {alt}, name(alt) + " lasts as long as the main line");
      else if (equal == SearchOutcome::kUnknown)
        undecided(i, "how long " + name(alt) + " lasts");
    }
    if (!futile_moves.empty())
      add(Finding::Kind::kFutile, i, {}, "not counted as defences (futile interpositions): " + futile_moves);
    return true;
  }

  // After move m: is there a mate within `depth` plies? (or_node: the attacker moves next.)
  SearchOutcome ask(Move m, int depth, bool or_node, int* length = nullptr) {
    if (depth < 0) return SearchOutcome::kDisproven;
    DfpnSearch search(tt_, limits(), {}, o_.solve.convention);
    std::vector<Key> path = path_;
    path.push_back(pos_.key());
    StateInfo st;
    pos_.do_move(m, st);
    SearchOutcome o;
    if (!or_node && depth == 0) {
      o = mated_by_convention() ? SearchOutcome::kProven : SearchOutcome::kDisproven;
    } else {
      o = search.search(pos_, depth, or_node, path);
    }
    if (length) *length = search.length();
    pos_.undo_move(m);
    return o;
  }

  // Checkmate, or (standard convention) in check with only interpositions left: the
  // solver's main lines end so when every interposition is futile.
  bool mated_by_convention() {
    if (!pos_.in_check()) return false;
    Bitboard squares =
        o_.solve.convention == Convention::kStandard ? interposition_squares(pos_) : Bitboard();
    for (Move e : MoveList<kLegal>(pos_))
      if (!is_interposition(pos_, e, squares)) return false;
    return true;
  }

  SearchLimits limits() const {
    SearchLimits l{o_.question_nodes, 0, o_.solve.stop};
    if (o_.solve.max_seconds > 0) {
      double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      l.max_seconds = std::max(0.001, o_.solve.max_seconds - spent);
    }
    return l;
  }

  void play(Move m) {
    path_.push_back(pos_.key());
    states_.push_back(std::make_unique<StateInfo>());
    pos_.do_move(m, *states_.back());
    played_.push_back(m);
  }

  void add(Finding::Kind kind, size_t i, std::vector<Move> alternative, std::string detail) {
    Finding f{kind, int(i) + 1, played_, std::move(detail)};
    f.line.insert(f.line.end(), alternative.begin(), alternative.end());
    v_.findings.push_back(std::move(f));
  }
  void wrong(size_t i, const std::string& why) { add(Finding::Kind::kWrongMainLine, i, {}, why); }
  void undecided(size_t i, const std::string& what) {
    add(Finding::Kind::kUndecided, i, {}, "a limit stopped the question " + what);
  }

  const VerifyOptions& o_;
  VerifyResult& v_;
  Position& pos_;
  TranspositionTable tt_;
  std::chrono::steady_clock::time_point start_;
  std::vector<Key> path_;
  std::vector<std::unique_ptr<StateInfo>> states_;
  std::vector<Move> played_;
};

bool is_unsound(Finding::Kind k) {
  return k != Finding::Kind::kEqualDefence && k != Finding::Kind::kFutile && k != Finding::Kind::kUndecided &&
         k != Finding::Kind::kPromotionChoice;
}

}  // namespace

VerifyResult verify(const Position& root, const VerifyOptions& options) {
  VerifyResult v;
  v.solution = solve(root, options.solve);
  const SolveResult& s = v.solution;
  if (s.kind == SolveResult::Kind::kNoMate) {
    v.findings.push_back({Finding::Kind::kNoMate, 0, {}, "the attacker has no forced mate"});
    return v;
  }
  if (s.kind == SolveResult::Kind::kUnknown) {
    v.findings.push_back({Finding::Kind::kUndecided, 0, {}, "the solver did not finish: " + s.note});
    return v;
  }
  if (!s.minimal)
    v.findings.push_back({Finding::Kind::kUndecided, 0, s.pv, "the mate length is only an upper bound"});
  if (options.stated_length > 0 && s.length < options.stated_length)
    v.findings.push_back(
        {Finding::Kind::kShorterMate, 0, s.pv,
         "mate in " + std::to_string(s.length) + ", stated " + std::to_string(options.stated_length)});
  if (options.stated_length > 0 && s.length > options.stated_length)
    v.findings.push_back({Finding::Kind::kWrongMainLine, 0, s.pv,
                          "the shortest mate takes " + std::to_string(s.length) +
                              " plies, more than the stated " + std::to_string(options.stated_length)});
  v.checked_line = options.intended_line.empty() ? s.pv : options.intended_line;
  run_with_stack(kSolverStackBytes, [&] {
    StateInfo st;
    Position pos;
    pos.copy_from(root, st);
    Walker(options, v, pos).walk(s.length);
  });
  v.sound = true;
  for (const Finding& f : v.findings)
    if (is_unsound(f.kind) || f.kind == Finding::Kind::kUndecided) v.sound = false;
  return v;
}

}  // namespace tsumi::solver
