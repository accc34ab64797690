// A mating problem and the collections that hold them.
//
// A Problem is what the trainer and `tsumi verify` need: the start position (attacker to
// move), whether the defender holds "all remaining pieces", title, author, source, stated
// length, the intended main line (optional), tags and license.
//
// A collection is one UTF-8 TSV file (docs/formats.md, "Collection files"): `#` header lines
// of the form `# key: value` (name, title, license, source), then one problem per row:
//   id  sfen  length  main_line(USI)  title  author  source  tags(comma-separated)
// The Catalogue loads every collection of a folder and answers the trainer's browsing
// questions (by collection, length, tags, text).
//
// Contract: read_collection returns the collection or an error naming the file, line and
// column; every problem it returns has an SFEN that parses and a main line that replays.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "problems/record.h"
#include "rules/result.h"

namespace tsumi::problems {

struct Problem {
  std::string id;  // unique within its collection
  std::string collection;
  std::string sfen;
  bool defender_holds_rest = false;
  std::string title, author, source, license;
  int stated_length = 0;               // 0: not stated
  std::vector<std::string> main_line;  // USI moves; empty: not given
  std::vector<std::string> tags;

  bool has_tag(const std::string& t) const;
};

Problem problem_from_record(const Record& r, const std::string& id);
Record record_from_problem(const Problem& p);

struct Collection {
  std::string name, title, license, source;
  std::vector<Problem> problems;
};

rules::Result<Collection> read_collection(const std::string& path);
rules::Result<Collection> parse_collection(const std::string& text, const std::string& where);
std::string write_collection(const Collection& c);

struct ProblemFilter {
  std::string collection;              // empty: any
  int min_length = 0, max_length = 0;  // 0: no bound
  std::vector<std::string> tags;       // every one must be present
  std::string text;                    // in id, title, author or source
};

class Catalogue {
 public:
  // Loads every *.tsv collection in `folder` (sorted by name); errors name the file.
  static rules::Result<Catalogue> load(const std::string& folder);
  void add(Collection c) { collections_.push_back(std::move(c)); }
  const std::vector<Collection>& collections() const { return collections_; }
  std::vector<const Problem*> find(const ProblemFilter& f) const;
  const Problem* by_id(const std::string& collection, const std::string& id) const;
  // The tags used in a collection (empty: in every collection), sorted, with how many
  // problems carry each.
  std::vector<std::pair<std::string, int>> tags(const std::string& collection = "") const;

 private:
  std::vector<Collection> collections_;
};

}  // namespace tsumi::problems
