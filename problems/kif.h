// KIF and KI2 records (the Japanese formats of Kifu for Windows, ShogiGUI, ShogiHome …).
//
// Read: headers (`key：value`; 手合割 including the non-standard 詰将棋; tsume headers 作品名,
// 作者, 発表誌, 手数 are kept as they are), a board diagram with 先手/後手 (or 下手/上手)
// 持駒 lines, `後手の持駒：残り全部` (the defender holds every remaining piece), 先手番 /
// 後手番, moves (KIF: numbered, with origins and times; KI2: ▲/△ with relative
// qualifiers), 同, 打, 成/不成, results (詰み, 不詰, 投了 …), variations (`変化：N手`), and
// comments (`*`). Input is UTF-8 (see encoding.h for Shift_JIS).
//
// Contract: a reader returns a Record whose moves all replay legally, or an error naming
// the line and what was expected there. Writers emit text the readers (and other KIF
// software) read back to the same record.
#pragma once

#include <string>
#include <string_view>

#include "problems/record.h"
#include "rules/result.h"

namespace tsumi::problems {

rules::Result<Record> read_kif(std::string_view utf8);
rules::Result<Record> read_ki2(std::string_view utf8);
std::string write_kif(const Record& r);
std::string write_ki2(const Record& r);

}  // namespace tsumi::problems
