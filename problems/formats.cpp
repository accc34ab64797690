#include "problems/formats.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "problems/csa.h"
#include "problems/encoding.h"
#include "problems/kif.h"
#include "problems/tsv.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/usi_position.h"

namespace tsumi::problems {

using namespace rules;

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (size_t i = 0; i < suffix.size(); ++i) {
    char a = s[s.size() - suffix.size() + i];
    if (a >= 'A' && a <= 'Z') a = char(a - 'A' + 'a');
    if (a != suffix[i]) return false;
  }
  return true;
}

// Plays USI moves from the record's start; false when one does not parse or is illegal.
bool append_usi_moves(Record& r, std::string_view text) {
  auto replayed = parse_usi_position(r.start_sfen + " moves " + std::string(text));
  if (!replayed) return false;
  Line line;
  line.moves = replayed->moves;
  line.comments.resize(line.moves.size());
  r.lines.assign(1, line);
  return true;
}

}  // namespace

Result<Format> parse_format(std::string_view name) {
  for (Format f : {Format::kSfen, Format::kUsi, Format::kKif, Format::kKi2, Format::kCsa})
    if (name == format_name(f)) return f;
  return make_error("unknown format \"" + std::string(name) + "\" (expected sfen, usi, kif, ki2 or csa)");
}

const char* format_name(Format f) {
  switch (f) {
    case Format::kSfen:
      return "sfen";
    case Format::kUsi:
      return "usi";
    case Format::kKif:
      return "kif";
    case Format::kKi2:
      return "ki2";
    case Format::kCsa:
      return "csa";
  }
  return "?";
}

Format detect_format(std::string_view raw_path, std::string_view content) {
  std::string lower(raw_path);  // GAME.KIF as well as game.kif
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  std::string_view path = lower;
  if (ends_with(path, ".kif") || ends_with(path, ".kifu")) return Format::kKif;
  if (ends_with(path, ".ki2") || ends_with(path, ".ki2u")) return Format::kKi2;
  if (ends_with(path, ".csa")) return Format::kCsa;
  if (ends_with(path, ".sfen") || ends_with(path, ".tsv")) return Format::kSfen;
  if (content.find("手数----") != std::string_view::npos) return Format::kKif;
  if (content.find("\nP1") != std::string_view::npos || content.substr(0, 2) == "P1" ||
      content.find("\nPI") != std::string_view::npos || content.substr(0, 2) == "V2")
    return Format::kCsa;
  if (content.find("▲") != std::string_view::npos || content.find("☗") != std::string_view::npos)
    return Format::kKi2;
  if (content.find("+---") != std::string_view::npos) return Format::kKif;
  return Format::kSfen;
}

Result<Record> parse_sfen_line(std::string_view raw) {
  std::string line(raw);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.empty() || line[0] == '#') return make_error("");
  Record r;
  r.lines.assign(1, Line{});
  // "[position] startpos|sfen SFEN moves m1 m2 …" (the USI form): the moves are the line.
  if (is_usi_position_text(line)) {
    auto parsed = parse_usi_position(line);
    if (!parsed) return make_error(parsed.error().message);
    Position pos;
    StateInfo st;
    (void)parse_sfen(parsed->start_sfen, pos, st);  // normalised by the parser
    r.start_sfen = parsed->start_sfen;
    r.defender_holds_rest = holds_the_rest(pos);
    r.lines[0].moves = parsed->moves;
    r.lines[0].comments.resize(parsed->moves.size());
    return r;
  }
  std::string text = line;
  if (text.rfind("position ", 0) == 0) text = text.substr(9);
  if (text.rfind("startpos", 0) == 0) text = std::string(kStartSfen) + text.substr(8);
  if (text.rfind("sfen ", 0) == 0) text = text.substr(5);
  std::vector<std::string> cols = split_tabs(text);
  Position pos;
  StateInfo st;
  auto column = find_sfen_column(cols, pos, st);
  if (!column) return make_error(column.error().message);
  r.start_sfen = to_sfen(pos);
  r.defender_holds_rest = holds_the_rest(pos);
  for (size_t j = *column + 1; j < cols.size(); ++j) {
    const std::string& c = cols[j];
    if (is_length_column(c)) {
      r.set_header("手数", c);
      continue;
    }
    if (r.lines[0].moves.empty() && c.find_first_of("0123456789") != std::string::npos &&
        append_usi_moves(r, c) && !r.lines[0].moves.empty())
      continue;
    if (!c.empty() && r.header("出典") == nullptr && c.find(' ') == std::string::npos)
      r.set_header("出典", c);
  }
  return r;
}

Result<std::vector<Record>> parse_records(std::string_view content, Format f) {
  auto utf8 = to_utf8(content);
  if (!utf8) return make_error(utf8.error().message);
  const std::string& text = *utf8;
  switch (f) {
    case Format::kKif:
    case Format::kKi2: {
      auto r = f == Format::kKif ? read_kif(text) : read_ki2(text);
      if (!r) return make_error(r.error().message);
      return std::vector<Record>{std::move(r).value()};
    }
    case Format::kCsa:
      return read_csa(text);
    case Format::kSfen:
    case Format::kUsi: {
      std::vector<Record> out;
      std::istringstream in(text);
      std::string line;
      int number = 0;
      while (std::getline(in, line)) {
        ++number;
        auto r = parse_sfen_line(line);
        if (!r) {
          if (r.error().message.empty()) continue;
          return make_error(at_line(number, r.error().message));
        }
        out.push_back(std::move(r).value());
      }
      if (out.empty()) return make_error("no position found (expected SFEN lines)");
      return out;
    }
  }
  return make_error("unknown format");
}

Result<std::vector<Record>> read_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(path + ": cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string content = ss.str();
  auto r = parse_records(content, detect_format(path, content));
  if (!r) return make_error(path + ": " + r.error().message);
  return r;
}

std::string write_record(const Record& r, Format f) {
  switch (f) {
    case Format::kSfen:
      return r.start_sfen + "\n";
    case Format::kUsi: {
      std::string s = "position sfen " + r.start_sfen;
      if (!r.main_line().moves.empty()) {
        s += " moves";
        for (Move m : r.main_line().moves) {
          s += ' ';
          s += to_usi(m);
        }
      }
      return s + "\n";
    }
    case Format::kKif:
      return write_kif(r);
    case Format::kKi2:
      return write_ki2(r);
    case Format::kCsa:
      return write_csa(r);
  }
  return "";
}

}  // namespace tsumi::problems
