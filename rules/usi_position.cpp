#include "rules/usi_position.h"

#include <deque>

#include "rules/position.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::rules {

std::vector<std::string> usi_words(std::string_view text) {
  std::vector<std::string> out;
  size_t at = 0;
  auto blank = [&](size_t i) {
    return text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n';
  };
  while (at < text.size()) {
    while (at < text.size() && blank(at)) ++at;
    size_t end = at;
    while (end < text.size() && !blank(end)) ++end;
    if (end > at) out.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}

bool is_usi_position_text(std::string_view text) {
  if (text.find('\t') != std::string_view::npos) return false;
  std::vector<std::string> w = usi_words(text);
  if (w.empty()) return false;
  if (w[0] == "position" || w[0] == "startpos" || w[0] == "sfen") return true;
  for (const std::string& s : w)
    if (s == "moves") return true;
  return false;
}

Result<UsiPosition> parse_usi_position(std::string_view text) {
  std::vector<std::string> w = usi_words(text);
  size_t at = 0;
  const bool command = !w.empty() && w[0] == "position";
  if (command) ++at;
  if (at == w.size())
    return make_error(command ? "expected startpos or sfen" : "expected an SFEN or startpos");
  UsiPosition out;
  bool keyword = false;  // "sfen" written before the SFEN
  if (w[at] == "startpos") {
    out.start_sfen = std::string(kStartSfen);
    ++at;
  } else {
    if (w[at] == "sfen") {
      keyword = true;
      ++at;
    } else if (command) {
      return make_error("expected startpos or sfen, got \"" + w[at] + "\"");
    }
    // Up to four fields (board, side, hands, move number), until "moves".
    for (int fields = 0; at < w.size() && w[at] != "moves" && fields < 4; ++fields)
      out.start_sfen += (out.start_sfen.empty() ? "" : " ") + w[at++];
    if (out.start_sfen.empty()) return make_error("sfen: the SFEN is missing");
  }
  Position pos;
  std::deque<StateInfo> states(1);
  if (auto r = parse_sfen(out.start_sfen, pos, states[0]); !r)
    return make_error((keyword ? "sfen: " : "") + r.error().message);
  out.start_sfen = to_sfen(pos);
  if (at < w.size()) {
    if (w[at] != "moves") return make_error("expected \"moves\" after the position, got \"" + w[at] + "\"");
    ++at;
  }
  for (int number = 1; at < w.size(); ++at, ++number) {
    auto m = parse_usi_move(pos, w[at]);
    if (!m) return make_error("move " + std::to_string(number) + " \"" + w[at] + "\": " + m.error().message);
    out.moves.push_back(*m);
    states.emplace_back();
    pos.do_move(*m, states.back());
  }
  out.sfen = to_sfen(pos);
  return out;
}

}  // namespace tsumi::rules
