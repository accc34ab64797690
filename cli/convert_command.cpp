// `tsumi convert FILE --to sfen|usi|kif|ki2|csa`: prints every record of a file (any
// supported format, UTF-8 or Shift_JIS) in another format, so that any reader can be
// checked from outside.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "problems/formats.h"

namespace tsumi::cli {

int cmd_convert(const Args& args) {
  Options o(args, {"--to"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({}); !f.empty()) return fail("unknown option " + f);
  if (o.positionals().size() != 1) return fail("convert needs exactly one FILE");
  auto to = problems::parse_format(o.value("--to").value_or(""));
  if (!to) return fail("--to: " + to.error().message);
  auto records = problems::read_records(o.positionals()[0]);
  if (!records) {
    std::cerr << "tsumi: " << records.error().message << "\n";
    return 1;
  }
  bool first = true;
  for (const auto& r : *records) {
    // CSA separates records with "/"; the other multi-record formats are line based.
    if (!first && *to == problems::Format::kCsa) std::cout << "/\n";
    if (!first && (*to == problems::Format::kKif || *to == problems::Format::kKi2)) std::cout << "\n";
    std::cout << problems::write_record(r, *to);
    first = false;
  }
  return 0;
}

}  // namespace tsumi::cli
