// Shared body of the record-reader fuzz targets: any input is either refused with a
// message or read into records that the writer of the same format writes and the reader
// reads back to the same start position and main line.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

#include "problems/formats.h"

inline int fuzz_record_reader(const uint8_t* data, size_t size, tsumi::problems::Format format) {
  using namespace tsumi::problems;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto records = parse_records(text, format);
  if (!records) {
    if (records.error().message.empty()) std::abort();
    return 0;
  }
  for (const Record& r : *records) {
    auto again = parse_records(write_record(r, format), format);
    if (!again || again->empty()) std::abort();
    const Record& b = again->front();
    if (b.start_sfen != r.start_sfen || b.main_line().moves != r.main_line().moves) std::abort();
  }
  return 0;
}
