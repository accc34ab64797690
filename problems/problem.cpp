#include "problems/problem.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "problems/formats.h"
#include "problems/kif_board.h"
#include "problems/tsv.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::problems {

using namespace rules;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep))
    if (!trim(item).empty()) out.push_back(trim(item));
  return out;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// Tabs and newlines cannot appear inside a TSV field.
std::string field(const std::string& s) {
  std::string out = s;
  std::replace(out.begin(), out.end(), '\t', ' ');
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

}  // namespace

bool Problem::has_tag(const std::string& t) const {
  return std::find(tags.begin(), tags.end(), t) != tags.end();
}

Problem problem_from_record(const Record& r, const std::string& id) {
  Problem p;
  p.id = id;
  p.sfen = r.start_sfen;
  p.defender_holds_rest = r.defender_holds_rest;
  if (const std::string* v = r.header("作品名")) p.title = *v;
  if (const std::string* v = r.header("作者")) p.author = *v;
  if (const std::string* v = r.header("発表誌")) p.source = *v;
  if (const std::string* v = r.header("出典"); v && p.source.empty()) p.source = *v;
  p.stated_length = r.stated_length();
  for (Move m : r.main_line().moves) p.main_line.push_back(to_usi(m));
  return p;
}

Record record_from_problem(const Problem& p) {
  Record r;
  r.start_sfen = p.sfen;
  r.defender_holds_rest = p.defender_holds_rest;
  if (!p.title.empty()) r.set_header("作品名", p.title);
  if (!p.author.empty()) r.set_header("作者", p.author);
  if (!p.source.empty()) r.set_header("発表誌", p.source);
  if (p.stated_length) r.set_header("手数", std::to_string(p.stated_length));
  auto line = parse_sfen_line(p.sfen + "\t" + join(p.main_line, " "));
  r.lines = line ? line->lines : std::vector<Line>(1);
  if (!r.main_line().moves.empty()) {
    r.outcome = Outcome::kMate;
    r.outcome_text = "詰み";
  }
  return r;
}

Result<Collection> parse_collection(const std::string& text, const std::string& where) {
  Collection c;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '#') {
      size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string key = trim(line.substr(1, colon - 1)), value = trim(line.substr(colon + 1));
      if (key == "name") c.name = value;
      if (key == "title") c.title = value;
      if (key == "license") c.license = value;
      if (key == "source") c.source = value;
      continue;
    }
    auto err = [&](int column, const std::string& what) {
      return make_error(where + ": " + at_line(number, "column " + std::to_string(column) + ": " + what));
    };
    std::vector<std::string> cols = split_tabs(line);
    if (cols.size() < 3) return err(int(cols.size()) + 1, "expected id, sfen and length");
    cols.resize(8);
    Problem p;
    p.id = cols[0];
    if (p.id.empty()) return err(1, "empty id");
    Position pos;
    StateInfo st;
    if (auto r = parse_sfen(cols[1], pos, st); !r) return err(2, r.error().message);
    p.sfen = to_sfen(pos);
    p.defender_holds_rest = holds_the_rest(pos);
    if (cols[2].size() > 5 || cols[2].find_first_not_of("0123456789") != std::string::npos)
      return err(3, "the length must be a whole number of plies (at most 5 digits)");
    p.stated_length = cols[2].empty() ? 0 : std::stoi(cols[2]);  // at most 5 digits, checked above
    if (!cols[3].empty()) {
      auto rec = parse_sfen_line(p.sfen + "\t" + cols[3]);
      if (!rec || rec->main_line().moves.size() != split(cols[3], ' ').size())
        return err(4, "the main line does not replay from the position");
      p.main_line = split(cols[3], ' ');
    }
    p.title = cols[4];
    p.author = cols[5];
    p.source = cols[6];
    p.tags = split(cols[7], ',');
    p.collection = c.name;
    p.license = c.license;
    c.problems.push_back(std::move(p));
  }
  if (c.name.empty()) return make_error(where + ": missing the \"# name: …\" header line");
  for (Problem& p : c.problems) p.collection = c.name, p.license = c.license;
  return c;
}

Result<Collection> read_collection(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(path + ": cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_collection(ss.str(), path);
}

std::string write_collection(const Collection& c) {
  std::string s = "# tsumi collection (docs/formats.md)\n";
  s += "# name: " + field(c.name) + "\n# title: " + field(c.title) + "\n# license: " + field(c.license) +
       "\n# source: " + field(c.source) + "\n";
  s += "# id\tsfen\tlength\tmain_line\ttitle\tauthor\tsource\ttags\n";
  for (const Problem& p : c.problems)
    s += field(p.id) + "\t" + p.sfen + "\t" + (p.stated_length ? std::to_string(p.stated_length) : "") +
         "\t" + join(p.main_line, " ") + "\t" + field(p.title) + "\t" + field(p.author) + "\t" +
         field(p.source) + "\t" + field(join(p.tags, ",")) + "\n";
  return s;
}

Result<Catalogue> Catalogue::load(const std::string& folder) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".tsv") files.push_back(e.path());
  if (ec) return make_error(folder + ": cannot read the folder: " + ec.message());
  std::sort(files.begin(), files.end());
  Catalogue cat;
  for (const auto& f : files) {
    auto c = read_collection(f.string());
    if (!c) return make_error(c.error().message);
    cat.add(std::move(c).value());
  }
  return cat;
}

std::vector<const Problem*> Catalogue::find(const ProblemFilter& f) const {
  std::vector<const Problem*> out;
  for (const Collection& c : collections_) {
    if (!f.collection.empty() && c.name != f.collection) continue;
    for (const Problem& p : c.problems) {
      if (f.min_length && p.stated_length < f.min_length) continue;
      if (f.max_length && p.stated_length > f.max_length) continue;
      if (!std::all_of(f.tags.begin(), f.tags.end(), [&](const std::string& t) { return p.has_tag(t); }))
        continue;
      if (!f.text.empty() && p.id.find(f.text) == std::string::npos &&
          p.title.find(f.text) == std::string::npos && p.author.find(f.text) == std::string::npos &&
          p.source.find(f.text) == std::string::npos)
        continue;
      out.push_back(&p);
    }
  }
  return out;
}

std::vector<std::pair<std::string, int>> Catalogue::tags(const std::string& collection) const {
  std::map<std::string, int> counts;
  for (const Collection& c : collections_)
    if (collection.empty() || c.name == collection)
      for (const Problem& p : c.problems)
        for (const std::string& t : p.tags) ++counts[t];
  return {counts.begin(), counts.end()};
}

const Problem* Catalogue::by_id(const std::string& collection, const std::string& id) const {
  for (const Collection& c : collections_)
    if (c.name == collection)
      for (const Problem& p : c.problems)
        if (p.id == id) return &p;
  return nullptr;
}

}  // namespace tsumi::problems
