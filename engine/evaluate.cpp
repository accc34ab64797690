#include "engine/evaluate.h"

#include <algorithm>
#include <cstdlib>

namespace tsumi::engine {

using namespace rules;

namespace {

// Traditional values (a pawn about 100), promoted minor pieces a little below a gold's
// worth plus their lost flexibility in hand.
constexpr int kValue[kPieceTypeNb] = {
    0,     // none
    100,   // pawn
    330,   // lance
    400,   // knight
    520,   // silver
    880,   // bishop
    1000,  // rook
    580,   // gold
    0,     // king
    560,   // promoted pawn (tokin)
    560,   // promoted lance
    560,   // promoted knight
    570,   // promoted silver
    1100,  // horse
    1300,  // dragon
};

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// The squares around a king (the 3×3 block, king's square excluded).
Bitboard king_zone(Square k) { return king_attacks(k); }

int king_safety(const Position& pos, Color us, const EvalParams& e) {
  const Square k = pos.king_square(us);
  if (k == kNoSquare) return 0;
  const Color them = ~us;
  const Bitboard zone = king_zone(k);
  const Bitboard occupied = pos.pieces();
  // Enemy pieces bearing on the king's surroundings, weighted by how many squares they hit.
  int attack_units = 0;
  for (Square s : pos.pieces(them)) {
    Piece p = pos.piece_on(s);
    PieceType pt = type_of(p);
    if (pt == kKing) continue;
    int hits = (attacks_from(them, pt, s, occupied) & zone).count();
    if (hits)
      attack_units += hits * (pt == kDragon || pt == kHorse ? 3 : pt == kRook || pt == kBishop ? 2 : 1);
  }
  int guards = (zone & (pos.golds(us) | pos.pieces(us, kSilver))).count();
  int escapes = 0;
  for (Square s : zone & ~pos.pieces(us))
    if (!pos.attacked_by(them, s, occupied)) ++escapes;
  // Open squares next to the king make the enemy's hand dangerous.
  const Hand enemy_hand = pos.hand(them);
  int hand_threat = 0;
  for (int pt = kPawn; pt <= kGold; ++pt)
    hand_threat += enemy_hand.count(PieceType(pt)) * (pt == kRook || pt == kBishop ? 3 : pt == kPawn ? 0 : 2);
  const int open = (zone & ~occupied).count();
  int score = 0;
  score -= attack_units * attack_units * e.attack_quadratic + attack_units * e.attack_linear;
  score += guards * e.guard;
  score += escapes == 0 ? -e.no_escape : escapes * e.escape;
  score -= hand_threat * open * e.hand_threat;
  return score;
}

int placement(const Position& pos, Color us, const EvalParams& e) {
  const Square own_king = pos.king_square(us), enemy_king = pos.king_square(~us);
  int score = 0;
  for (Square s : pos.pieces(us)) {
    PieceType pt = type_of(pos.piece_on(s));
    if (pt == kKing) continue;
    if (enemy_king != kNoSquare) {
      int d = distance(s, enemy_king);
      int weight = is_promoted(pt) || pt == kGold || pt == kSilver ? 10 : pt == kPawn || pt == kLance ? 2 : 5;
      score += std::max(0, 4 - d) * weight * e.attack_proximity / 100;
    }
    if (own_king != kNoSquare && (pt == kGold || pt == kSilver))
      score += std::max(0, 3 - distance(s, own_king)) * e.defence_proximity;
    const int forward = 8 - relative_rank(us, s);  // 0 on the own back rank
    if (pt == kPawn) score += forward * 3;
    if (pt == kSilver) score += std::min(forward, 5) * 3;
  }
  return score;
}

int material(const Position& pos, Color us, const EvalParams& e) {
  int score = 0;
  for (Square s : pos.pieces(us)) score += kValue[type_of(pos.piece_on(s))];
  const Hand h = pos.hand(us);
  for (int pt = kPawn; pt <= kGold; ++pt) score += h.count(PieceType(pt)) * kValue[pt] * e.hand_percent / 100;
  return score;
}

}  // namespace

int piece_value(PieceType pt) { return kValue[pt]; }
int hand_value(PieceType pt) { return kValue[pt] * kDefaultEval.hand_percent / 100; }

EvalBreakdown evaluate_black(const Position& pos, const EvalParams& e) {
  EvalBreakdown b;
  b.material = material(pos, kBlack, e) - material(pos, kWhite, e);
  b.king_safety = king_safety(pos, kBlack, e) - king_safety(pos, kWhite, e);
  b.placement = placement(pos, kBlack, e) - placement(pos, kWhite, e);
  return b;
}

int evaluate(const Position& pos, const EvalParams& e) {
  int v = evaluate_black(pos, e).total();
  v = std::clamp(v, -kEvalLimit + 1, kEvalLimit - 1);
  return pos.side_to_move() == kBlack ? v : -v;
}

namespace {
constexpr const char* kParamNames[] = {
    "hand_percent", "attack_quadratic", "attack_linear",     "guard", "escape", "no_escape",
    "hand_threat",  "attack_proximity", "defence_proximity", nullptr};
}  // namespace

const char* const* eval_param_names() { return kParamNames; }

int* eval_param(EvalParams& p, const std::string& name) {
  int* fields[] = {&p.hand_percent, &p.attack_quadratic, &p.attack_linear,
                   &p.guard,        &p.escape,           &p.no_escape,
                   &p.hand_threat,  &p.attack_proximity, &p.defence_proximity};
  for (size_t i = 0; kParamNames[i]; ++i)
    if (name == kParamNames[i]) return fields[i];
  return nullptr;
}

}  // namespace tsumi::engine
