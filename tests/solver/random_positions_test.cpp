// The whole solver (solve(): first mate, minimality rounds, main line) against brute-force
// searches, on positions it was never tuned on: tanuki and Zukou positions changed at random
// (a piece moved, turned to the other side, promoted, taken into a hand, an attacker king
// added), so that attacker kings, counter-checks, pieces in odd places and positions
// without a mate occur. In each convention, against a brute force of its own (plain minimax
// for strict, the futility definition written out for standard): a length proven minimal
// is the brute force's (or beyond its horizon), a proven no-mate has none within it, a lower
// bound never exceeds the true length, and a line that reaches its mate replays. The
// standard length is never longer than the strict one, and the position turned round
// (colours swapped) and mirrored gets the same proven answers. A second test compares the
// proven lengths of longer Zukou positions with two table sizes.
// By hand: TSUMI_RANDOM_POSITIONS=N positions, TSUMI_RANDOM_SEED=S other ones,
// TSUMI_RANDOM_HORIZON=P a deeper brute force, TSUMI_RANDOM_HASH=MIB and TSUMI_RANDOM_NODES=N
// another table size and node limit, TSUMI_RANDOM_FUTILITY=N futility questions of N nodes,
// TSUMI_TABLE_POSITIONS=N for the table-size test.
#include <algorithm>
#include <cstdlib>
#include <random>

#include "rules/movegen.h"
#include "rules/sfen.h"

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

// A position of a main line, changed at random; "" when the change broke a rule
// (the SFEN reader's checks: a dead piece, the side not to move in check, too many pieces).
std::string mutated(const std::string& sfen, std::mt19937& rng) {
  testing::Game g(sfen);
  const Position& from = g.pos();
  Position pos;
  StateInfo root;
  pos.copy_from(from, root);
  const Color attacker = pos.side_to_move();
  auto pick = [&](int n) { return int(rng() % unsigned(n)); };
  auto random_empty = [&]() {
    for (int tries = 0; tries < 200; ++tries) {
      Square s = Square(pick(kSquareNb));
      if (pos.empty(s)) return s;
    }
    return kNoSquare;
  };
  const int changes = 1 + pick(2);
  for (int k = 0; k < changes; ++k) {
    std::vector<Square> occupied;
    for (int s = 0; s < kSquareNb; ++s)
      if (!pos.empty(Square(s)) && type_of(pos.piece_on(Square(s))) != kKing) occupied.push_back(Square(s));
    const int what = pick(6);
    if (what == 5 || occupied.empty()) {
      // An attacker king (if there is none): counter-checks and the attacker's own safety.
      if (pos.king_square(attacker) != kNoSquare) continue;
      if (Square s = random_empty(); s != kNoSquare) pos.put_piece(make_piece(attacker, kKing), s);
      continue;
    }
    const Square s = occupied[pick(int(occupied.size()))];
    const Piece p = pos.piece_on(s);
    const PieceType pt = type_of(p);
    if (what == 0) {  // moved to an empty square
      if (Square t = random_empty(); t != kNoSquare) {
        pos.remove_piece(s);
        pos.put_piece(p, t);
      }
    } else if (what == 1) {  // turned to the other side
      pos.remove_piece(s);
      pos.put_piece(make_piece(~color_of(p), pt), s);
    } else if (what == 2 && can_promote(pt)) {  // promoted
      pos.remove_piece(s);
      pos.put_piece(make_piece(color_of(p), promote(pt)), s);
    } else if (what == 2 && is_promoted(pt)) {  // unpromoted
      pos.remove_piece(s);
      pos.put_piece(make_piece(color_of(p), unpromote(pt)), s);
    } else {  // taken into a hand: the attacker's (3) or the defender's (4)
      pos.remove_piece(s);
      const Color c = what == 3 ? attacker : ~attacker;
      Hand h = pos.hand(c);
      h.add(unpromote(pt));
      pos.set_hand(c, h);
    }
  }
  pos.finish_setup();
  if (pos.king_square(~attacker) == kNoSquare) return "";
  const std::string out = to_sfen(pos);
  Position check;
  StateInfo check_root;
  return parse_sfen(out, check, check_root) ? out : "";
}

// Two in three from the tanuki set (any attacker-to-move position of a main line, changed),
// one in three from the last 7 plies of a Zukou main line, where interpositions and their
// futility abound (changed half the time: unchanged, the mate is the recorded line's end).
std::vector<std::string> random_positions(int count, unsigned seed) {
  const auto tanuki = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  const auto zukou = testing::read_tsv(testing::shared_path("problems/zukou/zukou.tsv"));
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  while (int(out.size()) < count) {
    const bool from_zukou = rng() % 3 == 0;
    const auto& row = from_zukou ? zukou[rng() % zukou.size()] : tanuki[rng() % tanuki.size()];
    testing::Game g(row[from_zukou ? 1 : 0]);
    const auto moves = testing::split_words(row[from_zukou ? 3 : 2]);
    const size_t pairs = moves.size() / 2;  // an attacker-to-move position: an even ply
    const size_t back = rng() % 4;
    const size_t plies = 2 * (from_zukou ? (pairs > back ? pairs - back : 0) : rng() % (pairs + 1));
    for (size_t k = 0; k < plies && k < moves.size(); ++k) g.play_usi(moves[k]);
    const std::string at = to_sfen(g.pos());
    if (from_zukou && rng() % 2) {
      out.push_back(at);
    } else if (std::string s = mutated(at, rng); !s.empty()) {
      out.push_back(s);
    }
  }
  return out;
}

// The same position with the files mirrored (file 1 becomes file 9): the same problem.
std::string mirrored_sfen(const std::string& sfen) {
  testing::Game g(sfen);
  Position m;
  StateInfo root;
  m.clear(root);
  for (int s = 0; s < kSquareNb; ++s)
    if (Piece p = g.pos().piece_on(Square(s)); p != kNoPiece)
      m.put_piece(p, make_square(8 - file_of(Square(s)), rank_of(Square(s))));
  m.set_hand(kBlack, g.pos().hand(kBlack));
  m.set_hand(kWhite, g.pos().hand(kWhite));
  m.set_side_to_move(g.pos().side_to_move());
  m.finish_setup();
  return to_sfen(m);
}

int env_or(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::max(1, std::atoi(v)) : fallback;
}
// Fewer in a debug build (the sanitizer run of the suite), where a position costs far more.
#ifdef NDEBUG
constexpr int kDefaultPositions = 250;
constexpr int kDefaultTableNodes = 2000000;
#else
constexpr int kDefaultPositions = 25;
constexpr int kDefaultTableNodes = 200000;
#endif
int position_count() { return env_or("TSUMI_RANDOM_POSITIONS", kDefaultPositions); }

// A proven answer: a mate of minimal length, or no mate.
bool proven(const SolveResult& r) {
  return r.kind == SolveResult::Kind::kNoMate || (r.kind == SolveResult::Kind::kMate && r.minimal);
}

// The node limit is the solve's, whatever searches it makes (the careful and strict ones
// too), past it only by the graces of its last steps: a twentieth for the rounds from below
// and a tenth (at least 100 000 nodes) for reading the main line, each within one interval
// of the limit check (docs/solver.md, "Limits").
void expect_within_node_limit(const SolveResult& r, uint64_t max_nodes) {
  const uint64_t graces = max_nodes / 20 + std::max<uint64_t>(max_nodes / 10, 100000);
  EXPECT_LE(r.nodes, max_nodes + graces + 3 * 1024);
}

// `r` against the brute force's length within `horizon` plies (-1: no mate that short).
void expect_agrees(const std::string& sfen, const SolveResult& r, Convention c, int brute, int horizon) {
  SCOPED_TRACE(c == Convention::kStrict ? "strict" : "standard");
  if (r.kind == SolveResult::Kind::kNoMate) {
    EXPECT_EQ(brute, -1) << "no mate claimed, brute force mates in " << brute;
    return;
  }
  if (r.kind != SolveResult::Kind::kMate) return;
  // A line read from the table's proofs after a limit stopped the rounds may not reach the
  // mate (pv_mates says so); a length proven minimal has its whole line.
  EXPECT_TRUE(r.pv_mates || !r.minimal);
  if (r.pv_mates) testing::expect_valid_main_line(sfen, r.pv, c);
  EXPECT_GE(r.length, brute < 0 ? horizon + 1 : brute);  // never shorter than a mate
  if (brute >= 0) {
    EXPECT_LE(r.lower_bound, brute);  // "no mate is shorter" holds
  }
  if (r.minimal) {
    EXPECT_EQ(brute, r.length <= horizon ? r.length : -1);
  }
}

TEST(RandomPositions, AnswersAgreeWithBruteForceAndWithTheirTwins) {
  const int kHorizon = env_or("TSUMI_RANDOM_HORIZON", 5);  // brute force up to this many plies
  int mates = 0, short_mates = 0, no_mates = 0, with_attacker_king = 0, twins = 0;
  int standard_mates = 0, short_standard = 0;  // the latter: shorter than in the strict convention
  int standard_no_mates = 0;
  for (const std::string& sfen :
       random_positions(position_count(), unsigned(env_or("TSUMI_RANDOM_SEED", 20261204)))) {
    SCOPED_TRACE(sfen);
    SolveOptions o;
    o.hash_mib = size_t(env_or("TSUMI_RANDOM_HASH", 16));
    o.max_nodes = uint64_t(env_or("TSUMI_RANDOM_NODES", 200000));
    if (const int budget = env_or("TSUMI_RANDOM_FUTILITY", 0)) {
      // Small futility questions: undecided ones, the careful searches and the strict
      // search of an uncertain "no mate" (docs/solver.md, "Conventions") all come into play.
      o.futility_budget = uint64_t(budget);
      o.careful_futility_budget = uint64_t(budget);
    }
    o.convention = Convention::kStrict;
    const SolveResult strict = testing::solve_sfen(sfen, o);
    o.convention = Convention::kStandard;
    const SolveResult standard = testing::solve_sfen(sfen, o);
    expect_within_node_limit(strict, o.max_nodes);
    expect_within_node_limit(standard, o.max_nodes);
    testing::Game g(sfen);
    if (g.pos().king_square(g.pos().side_to_move()) != kNoSquare) ++with_attacker_king;
    const int brute = testing::naive_mate_length(sfen, kHorizon);
    const int brute_standard = testing::NaiveStandard().length(sfen, kHorizon);
    expect_agrees(sfen, strict, Convention::kStrict, brute, kHorizon);
    expect_agrees(sfen, standard, Convention::kStandard, brute_standard, kHorizon);
    if (strict.kind == SolveResult::Kind::kMate) {
      ++mates;
      short_mates += strict.minimal && strict.length <= kHorizon;
    }
    no_mates += strict.kind == SolveResult::Kind::kNoMate;
    standard_no_mates += standard.kind == SolveResult::Kind::kNoMate;
    if (standard.kind == SolveResult::Kind::kMate) {
      ++standard_mates;
      short_standard += standard.minimal && standard.length <= kHorizon && standard.length < strict.length;
    }
    // A mate exists in both conventions or in neither (the solver's strict search of an
    // uncertain "no mate" rests on it), and the standard one is no longer.
    if (strict.kind == SolveResult::Kind::kMate) {
      EXPECT_NE(standard.kind, SolveResult::Kind::kNoMate);
    }
    if (standard.kind == SolveResult::Kind::kMate) {
      EXPECT_NE(strict.kind, SolveResult::Kind::kNoMate);
    }
    if (proven(strict) && proven(standard) && strict.kind == SolveResult::Kind::kMate) {
      EXPECT_LE(standard.length, strict.length);
    }
    // The same problem turned round (colours swapped) or mirrored: the same answer, where
    // both are proven.
    for (const std::string& twin : {testing::flipped_sfen(sfen), mirrored_sfen(sfen)}) {
      SCOPED_TRACE(twin);
      for (const SolveResult* first : {&strict, &standard}) {
        o.convention = first == &strict ? Convention::kStrict : Convention::kStandard;
        const SolveResult again = testing::solve_sfen(twin, o);
        if (!proven(*first) || !proven(again)) continue;
        ++twins;
        EXPECT_EQ(again.kind, first->kind);
        EXPECT_EQ(again.length, first->length);
      }
    }
  }
  // The changes leave both kinds of answer, and some attacker kings.
  EXPECT_GT(short_mates, position_count() / 20);
  EXPECT_GT(no_mates, position_count() / 20);
  EXPECT_GT(with_attacker_king, position_count() / 20);
  EXPECT_GT(twins, position_count());
  if (position_count() >= 100) {
    EXPECT_GT(short_standard, 0);  // futility changed some length
  }
  std::printf(
      "strict: %d mates (%d within %d plies, minimal), %d no mates; standard: %d mates (%d within %d "
      "plies and shorter than strict), %d no mates; %d with an attacker king, %d twins\n",
      mates, short_mates, kHorizon, no_mates, standard_mates, short_standard, kHorizon, standard_no_mates,
      with_attacker_king, twins);
}

TEST(RandomPositions, ProvenLengthsDoNotDependOnTheTableSize) {
  // Positions of the Zukou main lines with 9 to 31 plies left, beyond the brute force's
  // reach: a table of 1 MiB (collected again and again), one of 64 MiB and one growing from
  // 1 MiB to 64 (doubling while the search runs) must prove the same lengths, in both
  // conventions. A disproof reused on the wrong path (graph history) or an entry kept,
  // dropped or moved wrongly would show as a difference.
  const auto zukou = testing::read_tsv(testing::shared_path("problems/zukou/zukou.tsv"));
  std::mt19937 rng(unsigned(env_or("TSUMI_RANDOM_SEED", 20261204)));
  const int count = env_or("TSUMI_TABLE_POSITIONS", kDefaultPositions / 10);
  int compared = 0, grown_compared = 0;
  for (int i = 0; i < count; ++i) {
    const auto& row = zukou[rng() % zukou.size()];
    testing::Game g(row[1]);
    const auto moves = testing::split_words(row[3]);
    const size_t left = 9 + 2 * (rng() % 12);
    if (moves.size() <= left) continue;
    for (size_t k = 0; k + left < moves.size(); ++k) g.play_usi(moves[k]);
    const std::string sfen = to_sfen(g.pos());
    SCOPED_TRACE(sfen);
    for (Convention c : {Convention::kStandard, Convention::kStrict}) {
      SolveOptions o;
      o.convention = c;
      o.max_nodes = uint64_t(env_or("TSUMI_RANDOM_NODES", kDefaultTableNodes));
      o.hash_mib = 1;
      const SolveResult small = testing::solve_sfen(sfen, o);
      o.hash_mib = 64;
      const SolveResult large = testing::solve_sfen(sfen, o);
      o.hash_grow_from_mib = 1;
      const SolveResult grown = testing::solve_sfen(sfen, o);
      if (!small.minimal || !large.minimal) continue;
      ++compared;
      EXPECT_EQ(small.length, large.length);
      EXPECT_TRUE(small.pv_mates && large.pv_mates);
      testing::expect_valid_main_line(sfen, large.pv, c);
      if (!grown.minimal) continue;
      ++grown_compared;
      EXPECT_EQ(grown.length, large.length);
      EXPECT_TRUE(grown.pv_mates);
      testing::expect_valid_main_line(sfen, grown.pv, c);
    }
  }
  EXPECT_GT(compared, count / 2);
  EXPECT_GT(grown_compared, compared / 2);
  std::printf("%d answers compared, %d with the growing table too\n", compared, grown_compared);
}

}  // namespace
}  // namespace tsumi::solver
