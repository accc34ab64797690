#include "solver/generator.h"

#include <algorithm>
#include <memory>

#include "rules/sfen.h"
#include "solver/solver.h"
#include "solver/verify.h"

namespace tsumi::solver {

using namespace rules;

namespace {

constexpr int kFullSet[kHandTypeNb] = {0, 18, 4, 4, 4, 2, 2, 4};

// Attacker pieces on the board, by weight: generals and promoted pieces most often.
constexpr PieceType kAttackerBoard[] = {kGold, kGold, kSilver, kSilver, kKnight,  kLance,    kBishop,
                                        kRook, kPawn, kDragon, kHorse,  kProPawn, kProSilver};
constexpr PieceType kDefenderBoard[] = {kGold, kSilver, kPawn, kPawn, kKnight, kLance, kProPawn};
constexpr PieceType kHandPieces[] = {kGold, kGold, kSilver, kSilver, kKnight, kRook, kBishop, kLance, kPawn};

template <size_t N>
PieceType pick(std::mt19937_64& rng, const PieceType (&from)[N]) {
  return from[rng() % N];
}

int used(const Generator::Sketch& s, PieceType base) {
  int n = s.hand.count(base);
  for (Piece p : s.board)
    if (p != kNoPiece && type_of(p) != kKing && unpromote(type_of(p)) == base) ++n;
  return n;
}

bool in_box(const Generator::Sketch& s, PieceType pt) {
  return used(s, unpromote(pt)) < kFullSet[unpromote(pt)];
}

Square king_of(const Generator::Sketch& s) {
  for (int sq = 0; sq < kSquareNb; ++sq)
    if (s.board[sq] == make_piece(kWhite, kKing)) return Square(sq);
  return kNoSquare;
}

// The board seen in a mirror (file 1 ↔ file 9): the same problem for the solver.
Generator::Sketch mirrored(const Generator::Sketch& s) {
  Generator::Sketch m;
  m.hand = s.hand;
  for (int sq = 0; sq < kSquareNb; ++sq)
    m.board[make_square(8 - file_of(Square(sq)), rank_of(Square(sq)))] = s.board[sq];
  return m;
}

// The problem's pattern, independent of where it stands along the edge: every piece by its
// offset from the king (the mirror image folded in), the king's rank and its distance to the
// nearer side (up to 2, beyond which the side does not matter), and the hand. Two problems
// with the same pattern are the same problem shifted.
std::string pattern_of(const Generator::Sketch& s) {
  const Square k = king_of(s);
  if (k == kNoSquare) return "";
  std::string best;
  for (int mirror = 0; mirror < 2; ++mirror) {
    std::vector<std::string> parts;
    for (int sq = 0; sq < kSquareNb; ++sq) {
      if (s.board[sq] == kNoPiece || Square(sq) == k) continue;
      int df = file_of(Square(sq)) - file_of(k);
      if (mirror) df = -df;
      parts.push_back(std::to_string(int(s.board[sq])) + "@" + std::to_string(df) + "," +
                      std::to_string(rank_of(Square(sq)) - rank_of(k)));
    }
    std::sort(parts.begin(), parts.end());
    std::string key = "r" + std::to_string(rank_of(k)) + "e" +
                      std::to_string(std::min({file_of(k), 8 - file_of(k), 2})) + "h" +
                      std::to_string(s.hand.raw());
    for (const std::string& p : parts) key += " " + p;
    if (best.empty() || key < best) best = key;
  }
  return best;
}

}  // namespace

Generator::Generator(GeneratorOptions options)
    : options_(options), rng_(options.seed * 0x9E3779B97F4A7C15ull + 1) {
  options_.length = std::clamp(options_.length | 1, 1, 31);
}

std::string Generator::sfen_of(const Sketch& s) {
  Position pos;
  StateInfo st;
  pos.clear(st);
  int kings = 0;
  for (int sq = 0; sq < kSquareNb; ++sq) {
    if (s.board[sq] == kNoPiece) continue;
    if (type_of(s.board[sq]) == kKing && color_of(s.board[sq]) == kBlack)
      return "";  // tsume: no attacker king
    kings += type_of(s.board[sq]) == kKing;
    pos.put_piece(s.board[sq], Square(sq));
  }
  if (kings != 1) return "";
  Hand rest;
  for (int pt = kPawn; pt <= kGold; ++pt) {
    int n = kFullSet[pt] - used(s, PieceType(pt));
    if (n < 0) return "";
    if (n) rest.set(PieceType(pt), n);
  }
  pos.set_hand(kBlack, s.hand);
  pos.set_hand(kWhite, rest);
  pos.set_side_to_move(kBlack);
  pos.finish_setup();
  if (!validate_position(pos).empty() || !board_nifu(pos).empty()) return "";
  return to_sfen(pos);
}

Square Generator::random_square_near(const Sketch& s, int distance) {
  const Square k = king_of(s);
  if (k == kNoSquare) return kNoSquare;
  for (int tries = 0; tries < 24; ++tries) {
    int f = file_of(k) + int(rng_() % uint64_t(2 * distance + 1)) - distance;
    int r = rank_of(k) + int(rng_() % uint64_t(2 * distance + 1)) - distance;
    if (f < 0 || f > 8 || r < 0 || r > 8) continue;
    Square sq = make_square(f, r);
    if (s.board[sq] == kNoPiece) return sq;
  }
  return kNoSquare;
}

Generator::Sketch Generator::random_sketch() {
  Sketch s;
  static constexpr int kRankWeight[] = {0, 0, 0, 0, 0, 0, 1, 1, 2};  // mostly the edge rank
  const int rank = kRankWeight[rng_() % 9];
  s.board[make_square(int(rng_() % 9), rank)] = make_piece(kWhite, kKing);
  const int attackers = 1 + int(rng_() % 3), defenders = int(rng_() % 3), hand = int(rng_() % 3);
  for (int i = 0; i < attackers; ++i) {
    PieceType pt = pick(rng_, kAttackerBoard);
    Square sq = random_square_near(s, pt == kRook || pt == kBishop || pt == kLance ? 4 : 2);
    if (sq != kNoSquare && in_box(s, pt)) s.board[sq] = make_piece(kBlack, pt);
  }
  for (int i = 0; i < defenders; ++i) {
    PieceType pt = pick(rng_, kDefenderBoard);
    Square sq = random_square_near(s, 2);
    if (sq != kNoSquare && in_box(s, pt)) s.board[sq] = make_piece(kWhite, pt);
  }
  for (int i = 0; i < hand; ++i) {
    PieceType pt = pick(rng_, kHandPieces);
    if (in_box(s, pt)) s.hand.add(pt);
  }
  return s;
}

bool Generator::mutate(Sketch& s) {
  const Square k = king_of(s);
  std::vector<Square> mine, theirs;
  for (int sq = 0; sq < kSquareNb; ++sq) {
    Piece p = s.board[sq];
    if (p == kNoPiece || type_of(p) == kKing) continue;
    (color_of(p) == kBlack ? mine : theirs).push_back(Square(sq));
  }
  auto any = [&](const std::vector<Square>& v) { return v[rng_() % v.size()]; };
  switch (rng_() % 9) {
    case 0:
    case 1: {  // move a piece
      const std::vector<Square>& from = rng_() % 3 ? mine : theirs;
      if (from.empty()) return false;
      Square a = any(from), b = random_square_near(s, 3);
      if (b == kNoSquare) return false;
      s.board[b] = s.board[a];
      s.board[a] = kNoPiece;
      return true;
    }
    case 2:
    case 3: {  // add a piece, the attacker's or the defender's
      const bool attacker = rng_() % 3 != 0;
      PieceType pt = attacker ? pick(rng_, kAttackerBoard) : pick(rng_, kDefenderBoard);
      Square sq = random_square_near(s, attacker && (pt == kRook || pt == kBishop || pt == kLance) ? 4 : 2);
      if (sq == kNoSquare || !in_box(s, pt)) return false;
      s.board[sq] = make_piece(attacker ? kBlack : kWhite, pt);
      return true;
    }
    case 4: {  // take a piece off
      std::vector<Square> all = mine;
      all.insert(all.end(), theirs.begin(), theirs.end());
      if (all.size() <= 1) return false;
      s.board[any(all)] = kNoPiece;
      return true;
    }
    case 5: {  // one more piece in hand
      PieceType pt = pick(rng_, kHandPieces);
      if (!in_box(s, pt) || s.hand.total() >= 4) return false;
      s.hand.add(pt);
      return true;
    }
    case 6: {  // one piece fewer in hand
      std::vector<PieceType> held;
      for (int pt = kPawn; pt <= kGold; ++pt)
        if (s.hand.count(PieceType(pt))) held.push_back(PieceType(pt));
      if (held.empty()) return false;
      s.hand.remove(held[rng_() % held.size()]);
      return true;
    }
    case 7: {  // the king steps
      if (k == kNoSquare) return false;
      int f = file_of(k) + int(rng_() % 3) - 1, r = rank_of(k) + int(rng_() % 3) - 1;
      if (f < 0 || f > 8 || r < 0 || r > 3) return false;
      Square to = make_square(f, r);
      if (s.board[to] != kNoPiece) return false;
      s.board[to] = s.board[k];
      s.board[k] = kNoPiece;
      return true;
    }
    default: {  // promote or unpromote a piece
      std::vector<Square> all = mine;
      all.insert(all.end(), theirs.begin(), theirs.end());
      if (all.empty()) return false;
      Square sq = any(all);
      PieceType pt = type_of(s.board[sq]);
      if (is_promoted(pt))
        pt = unpromote(pt);
      else if (can_promote(pt))
        pt = promote(pt);
      else
        return false;
      s.board[sq] = make_piece(color_of(s.board[sq]), pt);
      return true;
    }
  }
}

int Generator::mate_length(const std::string& sfen, std::vector<Move>* line) {
  Position pos;
  StateInfo st;
  if (sfen.empty() || !parse_sfen(sfen, pos, st)) return -1;
  ++candidates_;
  SolveOptions o;
  o.convention = Convention::kStandard;
  o.max_ply = options_.length;
  o.max_nodes = 4000 + 6000 * uint64_t(options_.length);
  o.hash_mib = 8;
  o.stop = options_.stop;
  SolveResult r = solve(pos, o);
  if (r.kind == SolveResult::Kind::kNoMate || r.no_mate_within_max_ply) return 0;
  if (r.kind != SolveResult::Kind::kMate || !r.minimal) return -1;  // undecided within the budget
  if (line) *line = r.pv;
  return r.length;
}

bool Generator::sound(const Sketch& s, const std::string& sfen, const std::vector<Move>& line) {
  const std::string mirror = sfen_of(mirrored(s)), pattern = pattern_of(s);
  if (seen_.count(sfen) || seen_.count(mirror) || seen_.count(pattern)) return false;
  // Every attacker piece on the board is needed.
  for (int sq = 0; sq < kSquareNb; ++sq) {
    if (s.board[sq] == kNoPiece || color_of(s.board[sq]) != kBlack) continue;
    Sketch without = s;
    without.board[sq] = kNoPiece;
    if (mate_length(sfen_of(without)) != 0) return false;  // a mate without it, or undecided
  }
  Position pos;
  StateInfo st;
  if (!parse_sfen(sfen, pos, st)) return false;
  VerifyOptions v;
  v.solve.convention = Convention::kStandard;
  v.solve.hash_mib = 8;
  v.solve.max_nodes = 2'000'000;
  v.solve.stop = options_.stop;
  v.stated_length = options_.length;
  v.intended_line = line;
  v.question_nodes = 200'000;
  v.last_move_unique = true;
  ++candidates_;
  if (!verify(pos, v).sound) return false;
  seen_.insert(sfen);
  seen_.insert(mirror);
  seen_.insert(pattern);
  return true;
}

std::optional<GeneratedProblem> Generator::next() {
  const int target = options_.length;
  const uint64_t started = candidates_;
  auto stopped = [&] { return options_.stop && options_.stop->load(std::memory_order_relaxed); };
  while (!stopped()) {
    Sketch s = random_sketch();
    std::string sfen = sfen_of(s);
    std::vector<Move> line;
    int length = mate_length(sfen, &line);
    if (length <= 0) continue;  // climb only from a mate
    bool checked = false;
    for (int step = 0, stale = 0; step < 400 && stale < 80 && !stopped(); ++step) {
      if (length == target && !checked) {
        checked = true;
        if (sound(s, sfen, line)) return GeneratedProblem{sfen, line, candidates_ - started};
      }
      Sketch t = s;
      if (!mutate(t)) continue;
      std::string tsfen = sfen_of(t);
      std::vector<Move> tline;
      int l = tsfen.empty() ? -1 : mate_length(tsfen, &tline);
      if (l <= 0 || l < length) {
        ++stale;
        continue;
      }
      stale = l > length ? 0 : stale + 1;
      s = t;
      sfen = tsfen;
      line = tline;
      length = l;
      checked = false;
    }
  }
  return std::nullopt;
}

}  // namespace tsumi::solver
