// `tsumi solve`: solves one position (--sfen) or files of problems (one SFEN per line, the
// TSV of ../shared/problems/, or KIF, KI2 and CSA records, whose start positions are the
// problems), in text or JSON, on several cores, on one shard of a large collection.
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/shared.h"
#include "problems/formats.h"
#include "problems/tsv.h"
#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/usi_position.h"
#include "solver/solver.h"
#include "solver/table_size.h"

namespace tsumi::cli {
namespace {

using namespace tsumi::rules;
using solver::SolveResult;

struct Problem {
  std::string source;  // "file:line"
  std::string sfen;
  std::string error;  // a bad input line
  int expected = 0;   // stated length, when the file gives one
  std::string title;  // a record's 作品名
};

// The stated length of a record: its 手数 header, else the length of its main line when that
// line is a mate, every attacker's move a check (a tsume record with its solution, not a
// game that ended in mate), else 0.
int stated_length(const problems::Record& r) {
  if (int n = r.stated_length()) return n;
  const std::vector<Move>& moves = r.main_line().moves;
  if (moves.empty()) return 0;
  Position pos;
  std::vector<StateInfo> states(moves.size() + 1);
  if (!parse_sfen(r.start_sfen, pos, states[0])) return 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    pos.do_move(moves[i], states[i + 1]);  // legal: the reader replayed them
    if (i % 2 == 0 && !pos.in_check()) return 0;
  }
  return is_checkmate(pos) ? int(moves.size()) : 0;
}

// The position of --sfen: an SFEN, or a USI position whose moves are played first.
Problem parse_argument(const std::string& text) {
  Problem p;
  p.source = "--sfen";
  Position pos;
  StateInfo st;
  if (auto r = parse_position_argument(text, pos, st); !r) {
    p.error = r.error().message;
    return p;
  }
  p.sfen = to_sfen(pos);
  p.error = missing_defender_king(pos);
  return p;
}

// A line is an SFEN, a TSV row, or a USI position with moves. In a row, the first column
// that parses as an SFEN is the position and the first whole number after it the stated
// length. A USI line is a record, as `tsumi convert --to usi` writes one: the problem is its
// start position, its moves the stated solution.
Problem parse_line(const std::string& line, const std::string& source) {
  Problem p;
  p.source = source;
  if (is_usi_position_text(line)) {
    auto record = problems::parse_sfen_line(line);
    if (!record) {
      p.error = record.error().message;
      return p;
    }
    Position pos;
    StateInfo st;
    (void)parse_sfen(record->start_sfen, pos, st);  // a record's start always parses
    p.sfen = record->start_sfen;
    p.error = missing_defender_king(pos);
    p.expected = stated_length(*record);
    return p;
  }
  std::vector<std::string> cols = problems::split_tabs(line);
  Position pos;
  StateInfo st;
  auto column = problems::find_sfen_column(cols, pos, st);
  if (!column) {
    p.error = column.error().message;
    return p;
  }
  p.sfen = to_sfen(pos);
  p.error = missing_defender_king(pos);
  for (size_t j = *column + 1; j < cols.size(); ++j)
    if (problems::is_length_column(cols[j])) {
      p.expected = std::stoi(cols[j]);
      break;
    }
  return p;
}

// A KIF, KI2 or CSA file: each record's start position is a problem (a tsume record's
// diagram; its moves are the stated solution, not played). A file that does not read is
// one problem with the reader's error, which names the line; the batch goes on.
void add_records(const std::string& path, std::string_view content, problems::Format f, int shard, int shards,
                 int& index, std::vector<Problem>& out) {
  auto records = problems::parse_records(content, f);
  if (!records) {
    if (index++ % shards == shard) out.push_back(Problem{path, "", records.error().message, 0});
    return;
  }
  for (size_t i = 0; i < records->size(); ++i) {
    if (index++ % shards != shard) continue;
    const problems::Record& r = (*records)[i];
    Problem p;
    p.source = records->size() > 1 ? path + "#" + std::to_string(i + 1) : path;
    Position pos;
    StateInfo st;
    (void)parse_sfen(r.start_sfen, pos, st);  // a record's start always parses
    p.sfen = r.start_sfen;
    p.error = missing_defender_king(pos);
    p.expected = stated_length(r);
    if (const std::string* title = r.header("作品名")) p.title = *title;
    out.push_back(std::move(p));
  }
}

// The main line in the notation asked for, played from the problem's position.
std::string pv_text(const Problem& p, const std::vector<Move>& pv, const std::string& notation) {
  if (notation == "usi") return usi_text(pv);
  Position pos;
  StateInfo st;
  (void)parse_sfen(p.sfen, pos, st);  // parsed before it was solved
  return line_text(pos, pv, notation);
}

std::string format(const Problem& p, const SolveResult& r, bool json, bool show_rounds,
                   const std::string& notation) {
  std::ostringstream out;
  if (json) {
    out << "{\"source\":\"" << json_escape(p.source) << "\",";
    if (!p.title.empty()) out << "\"title\":\"" << json_escape(p.title) << "\",";
    out << "\"sfen\":\"" << json_escape(p.sfen) << "\"";
    if (!p.error.empty()) {
      out << ",\"result\":\"error\",\"error\":\"" << json_escape(p.error) << "\"}";
      return out.str();
    }
    out << ",\"result\":\"" << solver::result_name(r.kind)
        << "\",\"length\":" << (r.kind == SolveResult::Kind::kMate ? r.length : 0)
        << ",\"minimal\":" << (r.minimal ? "true" : "false") << ",\"pv\":\"" << usi_text(r.pv) << "\""
        << ",\"nodes\":" << r.nodes << ",\"time_ms\":" << int64_t(r.seconds * 1000);
    if (r.kind == SolveResult::Kind::kMate) {
      out << ",\"lower_bound\":" << r.lower_bound << ",\"pv_mates\":" << (r.pv_mates ? "true" : "false")
          << ",\"first_mate_ms\":" << int64_t(r.first_mate_seconds * 1000)
          << ",\"first_mate_nodes\":" << r.first_mate_nodes << ",\"rounds\":[";
      for (size_t i = 0; i < r.rounds.size(); ++i) {
        const solver::SolveRound& round = r.rounds[i];
        out << (i ? "," : "") << "{\"limit\":" << round.limit << ",\"result\":\""
            << solver::round_outcome_name(round.outcome) << "\"";
        if (round.outcome == solver::SolveRound::Outcome::kMate) out << ",\"length\":" << round.length;
        out << ",\"nodes\":" << round.nodes << ",\"time_ms\":" << int64_t(round.seconds * 1000);
        if (round.careful) out << ",\"careful\":true";
        if (round.from_below) out << ",\"from_below\":true";
        out << "}";
      }
      out << "]";
    }
    if (p.expected) out << ",\"expected\":" << p.expected;
    if (!r.note.empty()) out << ",\"note\":\"" << json_escape(r.note) << "\"";
    out << "}";
    return out.str();
  }
  out << p.source;
  if (!p.title.empty()) out << " (" << p.title << ")";
  out << ": ";
  if (!p.error.empty()) return out.str() + "error: " + p.error;
  switch (r.kind) {
    case SolveResult::Kind::kMate:
      out << solver::mate_length_text(r) << ": " << pv_text(p, r.pv, notation);
      break;
    case SolveResult::Kind::kNoMate:
      out << "no mate";
      break;
    case SolveResult::Kind::kUnknown:
      out << "unknown";
      break;
  }
  if (!r.note.empty()) out << " [" << r.note << "]";
  if (p.expected && r.kind == SolveResult::Kind::kMate && r.length != p.expected)
    out << " [stated length " << p.expected << "]";
  out << "  (" << r.nodes << " nodes, " << int64_t(r.seconds * 1000) << " ms)";
  if (show_rounds)
    for (const solver::SolveRound& round : r.rounds) out << "\n  round: " << solver::round_text(round);
  return out.str();
}

}  // namespace

int cmd_solve(const Args& args) {
  Options o(args,
            {"--sfen", "--time", "--nodes", "--hash", "--convention", "--jobs", "--shard", "--notation"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--json", "--quiet", "--rounds", "--first-mate"}); !f.empty())
    return fail("unknown option " + f);

  solver::SolveOptions so;
  if (auto err = read_solve_options(o, so); !err.empty()) return fail(err);
  int jobs = 1;
  if (auto v = o.value("--jobs")) {
    auto n = parse_uint64(*v);
    if (!n || *n < 1 || *n > 256) return fail("--jobs must be from 1 to 256");
    jobs = int(*n);
  }
  int shard = 0, shards = 1;
  if (auto v = o.value("--shard")) {
    unsigned k = 0, n = 0;
    char extra;
    if (std::sscanf(v->c_str(), "%u/%u%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n)
      return fail("--shard must be K/N with 1 <= K <= N, e.g. 2/8");
    shard = int(k) - 1;
    shards = int(n);
  }
  const std::string notation = o.value("--notation").value_or("usi");
  if (!is_notation(notation)) return fail("--notation must be usi, western, kif or ki2");
  bool json = o.flag("--json");
  bool show_rounds = o.flag("--rounds");
  // Any mate, quickly: its length stays an upper bound (a game's mating move, a first look).
  so.prove_minimal = !o.flag("--first-mate");

  // Collect the problems.
  std::vector<Problem> problems;
  if (auto sfen = o.value("--sfen")) {
    problems.push_back(parse_argument(*sfen));
    if (!problems[0].error.empty()) return fail(problems[0].error);
  }
  int index = 0;  // of the problems of every file, for the shards
  for (const auto& path : o.positionals()) {
    const int index_before = index;
    std::ostringstream content;
    if (path == "-") {
      content << std::cin.rdbuf();  // problems piped in
    } else {
      std::ifstream file(path, std::ios::binary);
      if (!file) return fail("cannot open " + path);
      content << file.rdbuf();
    }
    if (const problems::Format f = problems::detect_format(path, content.str());
        f == problems::Format::kKif || f == problems::Format::kKi2 || f == problems::Format::kCsa) {
      add_records(path, content.str(), f, shard, shards, index, problems);
      continue;
    }
    const std::string name = path == "-" ? std::string("standard input") : path;
    std::istringstream in(content.str());
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      size_t first = line.find_first_not_of(" \t");
      if (first == std::string::npos || line[first] == '#') continue;
      if (index++ % shards != shard) continue;
      problems.push_back(parse_line(line, path + ":" + std::to_string(line_no)));
    }
    // A file without a problem is a mistake worth naming (an empty export, the wrong file),
    // reported as a bad line is: the batch goes on and the exit status says it.
    if (index == index_before && index++ % shards == shard)
      problems.push_back(Problem{name, "",
                                 "no problem in it (expected SFEN or USI position lines, the TSV of "
                                 "../shared/problems/, or KIF, KI2 or CSA records)",
                                 0});
  }
  if (problems.empty() && index > 0) {
    // A shard of a collection smaller than the number of shards: nothing to do is not a
    // failure for the batch scheduler that started it.
    std::fprintf(stderr, "tsumi: shard %d/%d holds none of the %d problem%s\n", shard + 1, shards, index,
                 index == 1 ? "" : "s");
    return 0;
  }
  if (problems.empty()) return fail("nothing to solve: give --sfen S or a FILE");
  // Each worker has a table of its own.
  const int workers = std::min<int>(jobs, int(problems.size()));
  if (so.hash_grow_from_mib) solver::use_default_table(so, workers);
  if (auto err = hash_fits_memory(so.hash_mib, workers); !err.empty()) return fail(err);

  // Solve, `jobs` problems at a time; print in input order.
  std::vector<std::optional<std::string>> outputs(problems.size());
  std::vector<SolveResult::Kind> kinds(problems.size(), SolveResult::Kind::kUnknown);
  std::atomic<size_t> next{0};
  std::mutex mutex;
  size_t printed = 0, done = 0;
  // The batch counter is for a person watching a terminal; logs get the results only.
  bool batch = problems.size() > 1 && !o.flag("--quiet") && isatty(2);
  bool live_progress = problems.size() == 1 && !o.flag("--quiet");
  auto worker = [&] {
    solver::TranspositionTable table(so.hash_mib, so.hash_grow_from_mib);
    solver::SolveOptions options = so;
    options.table = &table;
    if (live_progress)
      options.progress = [](const solver::SearchProgress& p) {
        std::string line;
        for (Move m : p.best_line) {
          line += ' ';
          line += to_usi(m);
        }
        std::fprintf(
            stderr,
            "\r%.0fs %llu nodes %.0f kn/s pn %llu dn %llu limit %d hash %d/1000 of %zu MiB |%.60s\033[K",
            p.seconds, static_cast<unsigned long long>(p.nodes),
            p.seconds > 0 ? p.nodes / p.seconds / 1000 : 0.0,
            static_cast<unsigned long long>(std::min<uint64_t>(p.root_pn, 999999999)),
            static_cast<unsigned long long>(std::min<uint64_t>(p.root_dn, 999999999)), p.depth_limit,
            p.hashfull, p.table_mib, line.c_str());
      };
    for (size_t i; (i = next++) < problems.size();) {
      SolveResult r;
      const Problem& p = problems[i];
      if (p.error.empty()) {
        Position pos;
        StateInfo st;
        (void)parse_sfen(p.sfen, pos, st);
        r = solver::solve(pos, options);
      }
      std::lock_guard<std::mutex> lock(mutex);
      outputs[i] = format(p, r, json, show_rounds, notation);
      kinds[i] = p.error.empty() ? r.kind : SolveResult::Kind::kUnknown;
      ++done;
      if (batch && printed < outputs.size() && outputs[printed]) std::fprintf(stderr, "\r\033[K");
      while (printed < outputs.size() && outputs[printed]) std::cout << *outputs[printed++] << "\n";
      std::cout.flush();
      if (batch) std::fprintf(stderr, "\rsolved %zu/%zu", done, problems.size());
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < workers; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (batch || live_progress) std::fprintf(stderr, "\n");

  // Exit status: 0 when every problem got an answer (mate or proven no mate).
  for (size_t i = 0; i < problems.size(); ++i)
    if (!problems[i].error.empty() || kinds[i] == SolveResult::Kind::kUnknown) return 1;
  return 0;
}

}  // namespace tsumi::cli
