#include "solver/solver.h"

#include <memory>

#include "rules/movegen.h"
#include "solver/deep_stack.h"

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

const char* convention_name(Convention c) { return c == Convention::kStandard ? "standard" : "strict"; }

namespace {

// Reads the main line back from the table: at each attacker node a move that still mates
// within the remaining plies, at each defender node a defence that is not mated sooner than
// the remaining plies allow (the longest defence). Small searches confirm each choice.
class MainLine {
 public:
  MainLine(DfpnSearch& search, Position& pos) : search_(search), pos_(pos) {}

  // Returns false if a limit stopped the extraction (the line so far is kept).
  bool extract(int length, std::vector<Move>& line) {
    std::vector<std::unique_ptr<StateInfo>> states;
    std::vector<Key> path;
    auto play = [&](Move m) {
      line.push_back(m);
      path.push_back(pos_.key());
      states.push_back(std::make_unique<StateInfo>());
      pos_.do_move(m, *states.back());
    };
    int remaining = length;
    bool attacker = true, ok = true;
    while (remaining > 0 || !attacker) {
      if (attacker) {
        Move m = mating_move(remaining, path);
        if (m.is_none()) {
          ok = false;
          break;
        }
        play(m);
        --remaining;
        attacker = false;
        continue;
      }
      if (remaining == 0) break;  // mated (or only futile interpositions left)
      auto [defence, capture] = longest_defence(remaining, path);
      if (defence.is_none()) {
        ok = false;
        break;
      }
      play(defence);
      if (!capture.is_none()) {
        play(capture);  // a futile interposition and its capture: not counted
        continue;
      }
      --remaining;
      attacker = true;
    }
    for (auto it = line.rbegin(); it != line.rend(); ++it) pos_.undo_move(*it);
    return ok;
  }

 private:
  std::vector<Key> with_current(const std::vector<Key>& path) {
    std::vector<Key> p = path;
    p.push_back(pos_.key());
    return p;
  }

  // A check after which the defender is mated within remaining - 1 plies.
  Move mating_move(int remaining, const std::vector<Key>& path) {
    std::vector<Key> child_path = with_current(path);
    for (Move m : MoveList<kChecks>(pos_)) {
      StateInfo st;
      pos_.do_move(m, st);
      bool mates = search_.search(pos_, remaining - 1, false, child_path) == SearchOutcome::kProven;
      pos_.undo_move(m);
      if (mates) return m;
      if (search_.aborted()) break;
    }
    return Move::none();
  }

  // A defence that is not mated within remaining - 3 plies (so it lasts remaining - 1);
  // when only a futile interposition's continuation lasts that long, the interposition and
  // the capture that answers it.
  std::pair<Move, Move> longest_defence(int remaining, const std::vector<Key>& path) {
    std::vector<Key> child_path = with_current(path);
    Bitboard squares =
        search_.convention() == Convention::kStandard ? interposition_squares(pos_) : Bitboard();
    std::vector<Move> futile;
    for (Move m : MoveList<kLegal>(pos_)) {
      if (is_interposition(pos_, m, squares) && search_.futile(pos_, m, remaining, path)) {
        futile.push_back(m);
        continue;
      }
      if (remaining < 4) return {m, Move::none()};
      StateInfo st;
      pos_.do_move(m, st);
      SearchOutcome o = search_.search(pos_, remaining - 3, true, child_path);
      pos_.undo_move(m);
      if (o == SearchOutcome::kDisproven) return {m, Move::none()};
      if (search_.aborted()) return {Move::none(), Move::none()};
    }
    for (Move m : futile) {
      int length = 0;
      search_.futile(pos_, m, remaining, path, &length);
      if (length != remaining) continue;
      StateInfo st;
      pos_.do_move(m, st);
      for (Move capture : checking_captures_on(pos_, m.to())) {
        StateInfo st2;
        pos_.do_move(capture, st2);
        bool mates =
            search_.search(pos_, remaining, false, with_current(child_path)) == SearchOutcome::kProven;
        pos_.undo_move(capture);
        if (mates) {
          pos_.undo_move(m);
          return {m, capture};
        }
      }
      pos_.undo_move(m);
    }
    return {Move::none(), Move::none()};
  }

  DfpnSearch& search_;
  Position& pos_;
};

}  // namespace

namespace {

SolveResult solve_here(const Position& root, const SolveOptions& options) {
  SolveResult result;
  StateInfo root_state;
  Position pos;
  pos.copy_from(root, root_state);
  std::unique_ptr<TranspositionTable> own_table;
  TranspositionTable* table = options.table;
  if (table) {
    table->new_generation();
  } else {
    own_table = std::make_unique<TranspositionTable>(options.hash_mib);
    table = own_table.get();
  }
  TranspositionTable& tt = *table;
  DfpnSearch search(tt, SearchLimits{options.max_nodes, options.max_seconds, options.stop}, options.progress,
                    options.convention);
  auto finish = [&](SolveResult::Kind kind, std::string note) {
    result.kind = kind;
    result.note = std::move(note);
    result.nodes = search.nodes();
    result.seconds = search.seconds();
    return result;
  };

  // 1. Any mate at all.
  SearchOutcome o = search.search(pos, options.max_ply);
  if (o == SearchOutcome::kUnknown) return finish(SolveResult::Kind::kUnknown, "a search limit was reached");
  if (o == SearchOutcome::kDisproven) {
    if (search.depth_limited())
      return finish(SolveResult::Kind::kUnknown,
                    "no mate within " + std::to_string(options.max_ply) + " plies");
    return finish(SolveResult::Kind::kNoMate, "");
  }
  int length = search.length();

  // 2. Shorter mates: search again two plies shorter until that fails.
  std::string note;
  bool minimal = length == 1;
  while (length >= 3) {
    o = search.search(pos, length - 2);
    if (o == SearchOutcome::kProven) {
      length = search.length();
    } else if (o == SearchOutcome::kDisproven) {
      minimal = true;
      break;
    } else {
      note = "a search limit stopped the proof that the length is minimal";
      break;
    }
    if (length == 1) minimal = true;
  }
  result.length = length;
  result.minimal = minimal;

  // 3. The main line.
  MainLine line(search, pos);
  if (!line.extract(length, result.pv)) note = note.empty() ? "a search limit cut the main line short" : note;
  return finish(SolveResult::Kind::kMate, note);
}

}  // namespace

SolveResult solve(const Position& root, const SolveOptions& options) {
  SolveResult result;
  run_with_stack(kSolverStackBytes, [&] { result = solve_here(root, options); });
  return result;
}

}  // namespace tsumi::solver
