#include "usi/commands.h"

#include <algorithm>
#include <charconv>

#include "rules/usi_position.h"

namespace tsumi::usi {

using rules::make_error;

rules::Result<PositionCommand> parse_position(std::string_view line) {
  std::vector<std::string> t = rules::usi_words(line);
  if (t.empty() || t[0] != "position") return make_error("not a position command");
  auto parsed = rules::parse_usi_position(line);
  if (!parsed) {
    // "position sfen: SFEN board …" for the SFEN's own errors, "position: …" for the rest.
    const std::string& m = parsed.error().message;
    return make_error(m.rfind("sfen:", 0) == 0 ? "position " + m : "position: " + m);
  }
  return PositionCommand{parsed->start_sfen, parsed->moves};
}

namespace {

bool number(const std::string& s, int64_t& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

}  // namespace

rules::Result<GoCommand> parse_go(std::string_view line) {
  std::vector<std::string> t = rules::usi_words(line);
  if (t.empty() || t[0] != "go") return make_error("not a go command");
  GoCommand g;
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& k = t[i];
    if (k == "infinite") {
      g.infinite = true;
      continue;
    }
    if (k == "ponder") {
      g.ponder = true;
      continue;
    }
    if (k == "mate" && i + 1 < t.size() && t[i + 1] == "infinite") {
      g.mate = g.mate_infinite = true;
      ++i;
      continue;
    }
    int64_t* field = k == "btime"      ? &g.btime
                     : k == "wtime"    ? &g.wtime
                     : k == "binc"     ? &g.binc
                     : k == "winc"     ? &g.winc
                     : k == "byoyomi"  ? &g.byoyomi
                     : k == "movetime" ? &g.movetime
                     : k == "mate"     ? &g.mate_ms
                                       : nullptr;
    int64_t value = 0;
    if (!field && k != "nodes" && k != "depth") return make_error("go: unknown parameter \"" + k + "\"");
    if (i + 1 >= t.size()) return make_error("go: " + k + " needs a value");
    if (!number(t[i + 1], value))
      return make_error("go: " + k + " needs a whole number, got \"" + t[i + 1] + "\"");
    ++i;
    if (k == "nodes")
      g.nodes = uint64_t(value);
    else if (k == "depth")
      g.depth = int(std::min<int64_t>(value, 1000));
    else
      *field = value;
    if (k == "mate") g.mate = true;
  }
  return g;
}

rules::Result<SetOption> parse_setoption(std::string_view line) {
  std::vector<std::string> t = rules::usi_words(line);
  if (t.size() < 3 || t[0] != "setoption" || t[1] != "name")
    return make_error("setoption: expected \"setoption name <id> [value <x>]\"");
  SetOption o;
  size_t i = 2;
  for (; i < t.size() && t[i] != "value"; ++i) o.name += (o.name.empty() ? "" : " ") + t[i];
  if (o.name.empty()) return make_error("setoption: the option name is missing");
  if (i < t.size()) {
    for (++i; i < t.size(); ++i) o.value += (o.value.empty() ? "" : " ") + t[i];
  }
  return o;
}

}  // namespace tsumi::usi
