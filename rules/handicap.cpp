#include "rules/handicap.h"

#include <array>

#include "rules/sfen.h"

namespace tsumi::rules {
namespace {

constexpr std::array<HandicapInfo, 11> kHandicaps = {{
    {Handicap::kEven, "even", "Even", "平手",
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {Handicap::kLeftLance, "left-lance", "Left lance", "香落ち",
     "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kRightLance, "right-lance", "Right lance", "右香落ち",
     "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kBishop, "bishop", "Bishop", "角落ち",
     "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kRook, "rook", "Rook", "飛車落ち",
     "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kRookLeftLance, "rook-lance", "Rook and left lance", "飛香落ち",
     "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kTwoPiece, "two-piece", "Two-piece (rook and bishop)", "二枚落ち",
     "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kFourPiece, "four-piece", "Four-piece", "四枚落ち",
     "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kSixPiece, "six-piece", "Six-piece", "六枚落ち",
     "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kEightPiece, "eight-piece", "Eight-piece", "八枚落ち",
     "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {Handicap::kTenPiece, "ten-piece", "Ten-piece", "十枚落ち",
     "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
}};

}  // namespace

std::span<const HandicapInfo> handicaps() { return kHandicaps; }

const HandicapInfo& handicap_info(Handicap h) {
  for (const auto& info : kHandicaps)
    if (info.id == h) return info;
  return kHandicaps[0];
}

Result<Handicap> find_handicap(std::string_view name) {
  std::string known;
  for (const auto& info : kHandicaps) {
    if (name == info.key || name == info.english || name == info.japanese) return info.id;
    known += (known.empty() ? "" : ", ") + std::string(info.key);
  }
  return make_error("unknown handicap \"" + std::string(name) + "\" (known: " + known + ")");
}

void set_start_position(Position& pos, StateInfo& root, Handicap h) {
  auto ok = parse_sfen(handicap_info(h).sfen, pos, root);
  assert(ok.ok());
  (void)ok;
}

}  // namespace tsumi::rules
