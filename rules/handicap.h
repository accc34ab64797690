// Start positions: the even game and the common handicaps (駒落ち).
//
// In a handicap game the stronger player (上手, uwate) removes pieces, plays white
// (gote) and moves first, so every handicap SFEN has white to move. "Left" is the
// handicapper's left: the lance on 1a.
#pragma once

#include <span>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

enum class Handicap {
  kEven,
  kLeftLance,      // 香落ち
  kRightLance,     // 右香落ち
  kBishop,         // 角落ち
  kRook,           // 飛車落ち
  kRookLeftLance,  // 飛香落ち
  kTwoPiece,       // 二枚落ち (rook + bishop)
  kFourPiece,      // 四枚落ち
  kSixPiece,       // 六枚落ち
  kEightPiece,     // 八枚落ち
  kTenPiece,       // 十枚落ち
};

struct HandicapInfo {
  Handicap id;
  std::string_view key;       // command-line name, e.g. "rook"
  std::string_view english;   // "Rook"
  std::string_view japanese;  // "飛車落ち" (the KIF 手合割 value)
  std::string_view sfen;
};

std::span<const HandicapInfo> handicaps();
const HandicapInfo& handicap_info(Handicap h);
// Looks a handicap up by key, English or Japanese name.
Result<Handicap> find_handicap(std::string_view name);
void set_start_position(Position& pos, StateInfo& root, Handicap h = Handicap::kEven);

}  // namespace tsumi::rules
