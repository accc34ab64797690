// CSA records (the Computer Shogi Association's text format).
//
// Read: `V2.x`, `N+`/`N-` names, `$KEY:value` information, the position (`PI` with
// removed pieces, `P1`–`P9` rows, `P+`/`P-` piece lists with `00` for the hand and `00AL`
// for "all remaining pieces", side `+`/`-`), moves (`+7776FU`, `-0055KA`) with optional
// times (`T12`), statements separated by `,`, `%` results (`%TSUMI`, `%FUZUMI`, `%TORYO`
// …), comments (`'`), and several records in one file separated by `/`.
// Tsume headers that CSA has no field for (作品名, 作者, 発表誌, 手数) travel as comments
// `'作品名：…`, which the reader turns back into headers.
//
// Contract: read_csa returns every record of the file, each replaying legally, or an error
// naming the line and what was expected. write_csa writes the main line only (CSA has no
// variations).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "problems/record.h"
#include "rules/result.h"

namespace tsumi::problems {

rules::Result<std::vector<Record>> read_csa(std::string_view text);
std::string write_csa(const Record& r);

}  // namespace tsumi::problems
