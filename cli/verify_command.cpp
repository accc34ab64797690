// `tsumi verify (FILE | --sfen S) [--length N] [--time S] [--nodes N] [--hash MIB]
// [--convention standard|strict] [--json]`: the composed-problem check of
// solver/verify.h on every record of a file (any format). The stated length comes from
// --length, the record's 手数 header or the TSV column; the intended line from the record.
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/shared.h"
#include "problems/formats.h"
#include "rules/sfen.h"
#include "solver/verify.h"

namespace tsumi::cli {
namespace {

using solver::Finding;
using solver::VerifyResult;

std::string report(const std::string& source, const problems::Record& r, const VerifyResult& v, int stated,
                   bool json, const std::string& notation) {
  const auto& s = v.solution;
  std::ostringstream out;
  if (json) {
    out << "{\"source\":\"" << json_escape(source) << "\",\"sfen\":\"" << json_escape(r.start_sfen)
        << "\",\"result\":\"" << solver::result_name(s.kind) << "\",\"length\":" << s.length
        << ",\"minimal\":" << (s.minimal ? "true" : "false") << ",\"lower_bound\":" << s.lower_bound
        << ",\"stated\":" << stated << ",\"sound\":" << (v.sound ? "true" : "false") << ",\"pv\":\""
        << usi_text(s.pv) << "\",\"checked_line\":\"" << usi_text(v.checked_line) << "\",\"findings\":[";
    for (size_t i = 0; i < v.findings.size(); ++i) {
      const Finding& f = v.findings[i];
      out << (i ? "," : "") << "{\"kind\":\"" << solver::finding_name(f.kind) << "\",\"japanese\":\""
          << solver::finding_japanese(f.kind) << "\",\"move\":" << f.move_number << ",\"line\":\""
          << usi_text(f.line) << "\",\"detail\":\"" << json_escape(f.detail) << "\"}";
    }
    out << "],\"nodes\":" << s.nodes << ",\"time_ms\":" << int64_t(s.seconds * 1000) << "}\n";
    return out.str();
  }
  out << source;
  if (const std::string* title = r.header("作品名")) out << " (" << *title << ")";
  out << ": ";
  if (s.kind == solver::SolveResult::Kind::kMate)
    out << solver::mate_length_text(s);
  else
    out << solver::result_name(s.kind);
  if (stated) out << ", stated " << stated;
  out << " — " << (v.sound ? "sound" : "NOT sound") << "\n";
  // Lines in the notation asked for, each played from the problem's position.
  rules::Position pos;
  rules::StateInfo st;
  (void)rules::parse_sfen(r.start_sfen, pos, st);  // it was solved
  auto line = [&](const std::vector<rules::Move>& moves) {
    return notation == "usi" ? usi_text(moves) : line_text(pos, moves, notation);
  };
  if (!v.checked_line.empty()) out << "  main line: " << line(v.checked_line) << "\n";
  for (const Finding& f : v.findings) {
    out << "  " << solver::finding_japanese(f.kind) << " (" << solver::finding_name(f.kind) << ")";
    if (f.move_number) out << " at move " << f.move_number;
    out << ": " << f.detail;
    if (!f.line.empty()) out << "\n    line: " << line(f.line);
    out << "\n";
  }
  return out.str();
}

}  // namespace

int cmd_verify(const Args& args) {
  Options o(args, {"--sfen", "--length", "--time", "--nodes", "--hash", "--convention", "--notation"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--json"}); !f.empty()) return fail("unknown option " + f);
  solver::VerifyOptions vo;
  if (auto err = read_solve_options(o, vo.solve); !err.empty()) return fail(err);
  const std::string notation = o.value("--notation").value_or("usi");
  if (!is_notation(notation)) return fail("--notation must be usi, western, kif or ki2");
  if (notation != "usi")
    vo.move_name = [notation](const rules::Position& pos, rules::Move m) {
      return move_text(pos, m, notation, true);
    };
  int length_option = 0;
  if (auto v = o.value("--length")) {
    auto n = parse_uint64(*v);
    if (!n || *n < 1 || *n > 4001) return fail("--length must be a number of plies from 1 to 4001");
    length_option = int(*n);
  }
  std::vector<std::pair<std::string, problems::Record>> records;
  if (auto sfen = o.value("--sfen")) {
    if (!o.positionals().empty()) return fail("give either --sfen or FILE, not both");
    auto r = problems::parse_sfen_line(*sfen);
    if (!r) return fail("--sfen: " + r.error().message);
    records.emplace_back("--sfen", std::move(r).value());
  } else {
    if (o.positionals().size() != 1) return fail("verify needs --sfen S or one FILE");
    const std::string& path = o.positionals()[0];
    auto rs = problems::read_records(path);
    if (!rs) {
      std::cerr << "tsumi: " << rs.error().message << "\n";
      return 1;
    }
    for (size_t i = 0; i < rs->size(); ++i) {
      std::string source = path;
      if (rs->size() > 1) {
        source += '#';
        source += std::to_string(i + 1);
      }
      records.emplace_back(source, std::move((*rs)[i]));
    }
  }
  bool all_sound = true;
  for (auto& [source, record] : records) {
    solver::VerifyOptions one = vo;
    one.stated_length = length_option;
    if (!one.stated_length) one.stated_length = record.stated_length();
    one.intended_line = record.main_line().moves;
    rules::Position pos;
    rules::StateInfo st;
    if (auto r = rules::parse_sfen(record.start_sfen, pos, st); !r) {
      std::cerr << "tsumi: " << source << ": " << r.error().message << "\n";
      all_sound = false;
      continue;
    }
    if (std::string e = missing_defender_king(pos); !e.empty()) {
      std::cerr << "tsumi: " << source << ": " << e << "\n";
      all_sound = false;
      continue;
    }
    VerifyResult v = solver::verify(pos, one);
    all_sound &= v.sound;
    std::cout << report(source, record, v, one.stated_length, o.flag("--json"), notation) << std::flush;
  }
  return all_sound ? 0 : 1;
}

}  // namespace tsumi::cli
