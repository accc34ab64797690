// Positions the move-notation fuzzers parse their input against: a quiet opening, a
// position rich in drops and promotions, and a tsume set-up without an attacker king.
#pragma once

#include <array>
#include <string_view>

namespace tsumi::fuzz {

inline constexpr std::array<std::string_view, 3> kFuzzPositions = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1",
};

}  // namespace tsumi::fuzz
