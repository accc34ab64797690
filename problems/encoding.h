// Text encodings of record files: KIF files are traditionally Shift_JIS (CP932), KIFU and
// most newer files UTF-8.
//
// Contract: to_utf8 detects the encoding (a UTF-8 byte-order mark, valid UTF-8, else
// CP932) and returns UTF-8 without the mark, or an error naming the byte offset of the
// first byte that is neither. from_utf8_to_cp932 is for writing .kif files.
#pragma once

#include <string>
#include <string_view>

#include "rules/result.h"

namespace tsumi::problems {

bool is_valid_utf8(std::string_view s);
rules::Result<std::string> to_utf8(std::string_view bytes);
rules::Result<std::string> from_utf8_to_cp932(std::string_view utf8);

}  // namespace tsumi::problems
