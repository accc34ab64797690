// Reading and writing records in any supported format, chosen by file extension or by
// content: SFEN lines (and the TSV of ../shared/problems/, and USI "position" lines), KIF,
// KI2 and CSA. Files may be UTF-8 or Shift_JIS.
//
// Contract: read_records returns every record of a file, or an error that names the file,
// the line and what was expected; it never throws. write_record produces text that
// read_records reads back to the same positions and moves.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "problems/record.h"
#include "rules/result.h"

namespace tsumi::problems {

enum class Format { kSfen, kUsi, kKif, kKi2, kCsa };

rules::Result<Format> parse_format(std::string_view name);  // "sfen", "usi", "kif", "ki2", "csa"
const char* format_name(Format f);
// From the extension (.kif .kifu .ki2 .ki2u .csa .sfen .tsv .txt), else from the content.
Format detect_format(std::string_view path, std::string_view content);

rules::Result<std::vector<Record>> parse_records(std::string_view content, Format f);
rules::Result<std::vector<Record>> read_records(const std::string& path);
std::string write_record(const Record& r, Format f);

// One SFEN / TSV / USI line as a record: an SFEN (or "position sfen … moves …", or
// "startpos"); in a TSV row the first column that is an SFEN, then a column of USI moves
// when one replays from it. Empty error message = not a record line (blank or comment).
rules::Result<Record> parse_sfen_line(std::string_view line);

}  // namespace tsumi::problems
