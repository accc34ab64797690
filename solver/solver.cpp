#include "solver/solver.h"

#include <memory>

#include "rules/movegen.h"

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
    int remaining = length;
    bool ok = true;
    while (remaining > 0) {
      bool attacker = (length - remaining) % 2 == 0;
      Move chosen = attacker ? mating_move(remaining, path) : longest_defence(remaining, path);
      if (chosen.is_none()) {
        ok = false;
        break;
      }
      line.push_back(chosen);
      path.push_back(pos_.key());
      states.push_back(std::make_unique<StateInfo>());
      pos_.do_move(chosen, *states.back());
      --remaining;
    }
    for (auto it = line.rbegin(); it != line.rend(); ++it) pos_.undo_move(*it);
    return ok;
  }

 private:
  // A check after which the defender is mated within remaining - 1 plies.
  Move mating_move(int remaining, const std::vector<Key>& path) {
    std::vector<Key> child_path = path;
    child_path.push_back(pos_.key());
    for (Move m : MoveList<kChecks>(pos_)) {
      StateInfo st;
      pos_.do_move(m, st);
      bool mates = remaining == 1
                       ? is_checkmate(pos_)
                       : search_.search(pos_, remaining - 1, false, child_path) == SearchOutcome::kProven;
      pos_.undo_move(m);
      if (mates) return m;
      if (search_.aborted()) break;
    }
    return Move::none();
  }

  // A defence that is not mated within remaining - 3 plies (so it lasts remaining - 1).
  Move longest_defence(int remaining, const std::vector<Key>& path) {
    MoveList<kLegal> moves(pos_);
    if (remaining < 4) return moves.empty() ? Move::none() : *moves.begin();
    std::vector<Key> child_path = path;
    child_path.push_back(pos_.key());
    for (Move m : moves) {
      StateInfo st;
      pos_.do_move(m, st);
      SearchOutcome o = search_.search(pos_, remaining - 3, true, child_path);
      pos_.undo_move(m);
      if (o == SearchOutcome::kDisproven) return m;
      if (search_.aborted()) break;
    }
    return Move::none();
  }

  DfpnSearch& search_;
  Position& pos_;
};

}  // namespace

SolveResult solve(const Position& root, const SolveOptions& options) {
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
  DfpnSearch search(tt, SearchLimits{options.max_nodes, options.max_seconds, options.stop}, options.progress);
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

}  // namespace tsumi::solver
