#include "cli/commands.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "bench/generate_bench.h"
#include "bench/perft_bench.h"
#include "bench/stop_bench.h"
#include "bench/zukou_bench.h"
#include "cli/options.h"
#include "cli/shared.h"
#include "rules/game.h"
#include "rules/handicap.h"
#include "rules/movegen.h"
#include "rules/perft.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/western.h"

namespace tsumi::cli {
namespace {

using namespace tsumi::rules;

// Sets up the position named by --sfen (after its moves, if it has some) or --start
// (default: the even game).
Result<bool> load_position(const Options& o, Position& pos, StateInfo& root) {
  if (auto sfen = o.value("--sfen")) return parse_position_argument(*sfen, pos, root);
  Handicap h = Handicap::kEven;
  if (auto start = o.value("--start")) {
    auto found = find_handicap(*start);
    if (!found) return found.error();
    h = *found;
  }
  set_start_position(pos, root, h);
  return true;
}

void show_position(const Position& pos, std::ostream& out) {
  out << pos.diagram();
  MoveList<kLegal> legal(pos);
  MoveList<kChecks> checks(pos);
  out << "SFEN: " << to_sfen(pos) << "\n";
  out << "Legal moves: " << legal.size() << ", checking moves: " << checks.size() << "\n";
  GameStatus status = game_status(pos);
  if (status.outcome != Outcome::kOngoing)
    out << "Game over: " << outcome_name(status.outcome) << " (" << status.reason << ")\n";
  else if (pos.in_check())
    out << "The side to move is in check.\n";
  for (Color c : {kBlack, kWhite})
    out << (c == kBlack ? "Black" : "White") << " impasse points: " << impasse_points(pos, c) << "\n";
  if (!checks.empty()) {
    out << "Checks:";
    std::vector<std::string> names;
    for (Move m : checks) names.push_back(to_western(pos, m));
    std::sort(names.begin(), names.end());
    for (const auto& n : names) out << " " << n;
    out << "\n";
  }
}

// The ids of --only: "021,zukou-037" → zukou-021, zukou-037 (a bare number gets the prefix).
std::vector<std::string> zukou_ids(const std::string& list) {
  std::vector<std::string> ids;
  std::stringstream in(list);
  for (std::string id; std::getline(in, id, ',');)
    if (!id.empty()) ids.push_back(id.find('-') == std::string::npos ? "zukou-" + id : id);
  return ids;
}

int bench_zukou(const Options& o) {
  bench::ZukouBenchOptions z;
  if (auto v = o.value("--time")) {
    auto n = parse_double(*v);
    if (!n || *n <= 0) return fail("--time must be a positive number of seconds");
    z.seconds_per_problem = *n;
  }
  if (auto v = o.value("--first")) {
    auto n = parse_int(*v, 1, 1000);
    if (!n) return fail("--first must be a whole number from 1 to 1000");
    z.first = *n;
  }
  if (auto err = read_hash_mib(o, z.hash_mib); !err.empty()) return fail(err);
  if (auto v = o.value("--convention")) {
    if (*v != "standard" && *v != "strict") return fail("--convention must be standard or strict");
    z.convention = *v == "strict" ? solver::Convention::kStrict : solver::Convention::kStandard;
  }
  if (auto v = o.value("--dir")) z.dir = *v;
  if (auto v = o.value("--only")) z.only = zukou_ids(*v);
  z.prove_minimal = !o.flag("--first-mate");
  return bench::run_zukou_bench(z, std::cout) ? 0 : 1;
}

int bench_stop(const Options& o) {
  bench::StopBenchOptions s;
  if (auto err = read_hash_mib(o, s.hash_mib); !err.empty()) return fail(err);
  if (auto v = o.value("--dir")) s.dir = *v;
  if (auto v = o.value("--only")) s.only = zukou_ids(*v);
  return bench::run_stop_bench(s, std::cout) ? 0 : 1;
}

}  // namespace

int cmd_perft(const Args& args) {
  Options o(args, {"--sfen", "--start"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--divide", "--no-bulk", "--detail"}); !f.empty())
    return fail("unknown option " + f);
  if (o.positionals().size() != 1) return fail("perft needs one DEPTH argument");
  auto depth = parse_int(o.positionals()[0], 0, 20);
  if (!depth) return fail("DEPTH must be a whole number from 0 to 20, got '" + o.positionals()[0] + "'");
  Position pos;
  StateInfo root;
  auto loaded = load_position(o, pos, root);
  if (!loaded) return fail(loaded.error().message);
  auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (o.flag("--divide")) {
    auto rows = perft_divide(pos, *depth);
    std::sort(rows.begin(), rows.end(), [](auto& a, auto& b) { return to_usi(a.first) < to_usi(b.first); });
    for (auto& [m, n] : rows) {
      std::cout << to_usi(m) << ": " << n << "\n";
      nodes += n;
    }
    if (*depth == 0) nodes = 1;
  } else if (o.flag("--detail")) {
    PerftDetail d = perft_detail(pos, *depth);
    std::cout << "captures " << d.captures << "\npromotions " << d.promotions << "\nchecks " << d.checks
              << "\ncheckmates " << d.checkmates << "\n";
    nodes = d.nodes;
  } else {
    nodes = perft(pos, *depth, !o.flag("--no-bulk"));
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "perft " << *depth << ": " << nodes << " nodes in " << s << " s\n";
  std::cout << nodes << "\n";
  return 0;
}

int cmd_moves(const Args& args) {
  Options o(args, {"--sfen", "--start", "--notation"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--checks", "--evasions", "--captures"}); !f.empty())
    return fail("unknown option " + f);
  if (!o.positionals().empty()) return fail("unexpected argument '" + o.positionals()[0] + "'");
  std::string notation = o.value("--notation").value_or("usi");
  if (!is_notation(notation)) return fail("--notation must be usi, western, kif or ki2");
  Position pos;
  StateInfo root;
  auto loaded = load_position(o, pos, root);
  if (!loaded) return fail(loaded.error().message);
  Move buffer[kMaxMoves];
  Move* end;
  if (o.flag("--checks"))
    end = generate<kChecks>(pos, buffer);
  else if (o.flag("--captures"))
    end = generate<kCapturesPromotions>(pos, buffer);
  else if (o.flag("--evasions")) {
    if (!pos.in_check()) return fail("--evasions: the side to move is not in check");
    end = generate<kEvasions>(pos, buffer);
  } else {
    end = generate<kLegal>(pos, buffer);
  }
  std::vector<std::string> names;
  for (Move* m = buffer; m != end; ++m) names.push_back(move_text(pos, *m, notation));
  std::sort(names.begin(), names.end());
  for (size_t i = 0; i < names.size(); ++i) std::cout << (i ? " " : "") << names[i];
  std::cout << "\n";
  return 0;
}

int cmd_show(const Args& args) {
  Options o(args, {"--sfen", "--start"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({}); !f.empty()) return fail("unknown option " + f);
  if (o.positionals().empty()) {
    Position pos;
    StateInfo root;
    auto loaded = load_position(o, pos, root);
    if (!loaded) return fail(loaded.error().message);
    show_position(pos, std::cout);
    return 0;
  }
  int status = 0;
  for (const auto& path : o.positionals()) {
    std::ifstream in(path);
    if (!in) return fail("cannot open " + path);
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#')
        continue;
      Position pos;
      StateInfo root;
      auto parsed = parse_position_argument(line, pos, root);  // as --sfen: USI lines too
      std::cout << "== " << path << ":" << line_no << "\n";
      if (!parsed) {
        std::cerr << "tsumi: " << path << ":" << line_no << ": " << parsed.error().message << "\n";
        status = 1;
        continue;
      }
      show_position(pos, std::cout);
      std::cout << "\n";
    }
  }
  return status;
}

int cmd_bench(const Args& args) {
  Options o(args, {"--hirate", "--matsuri", "--max593", "--time", "--first", "--dir", "--hash",
                   "--convention", "--only"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--bulk-only", "--first-mate"}); !f.empty())
    return fail("unknown option " + f);
  if (o.positionals().size() == 1 && o.positionals()[0] == "zukou") return bench_zukou(o);
  if (o.positionals().size() == 1 && o.positionals()[0] == "stop") return bench_stop(o);
  if (o.positionals().size() == 1 && o.positionals()[0] == "generate") {
    bench::GenerateBenchOptions g;
    if (auto v = o.value("--time")) {
      char* end = nullptr;
      g.seconds_per_length = std::strtod(v->c_str(), &end);
      if (!end || *end || g.seconds_per_length <= 0) return fail("--time: seconds per length, above 0");
    }
    bench::run_generate_bench(g, std::cout);
    return 0;
  }
  if (o.positionals().size() != 1 || o.positionals()[0] != "perft")
    return fail("usage: tsumi bench perft|zukou|generate|stop [options]");
  bench::PerftBenchOptions b;
  auto read = [&](const char* name, int& into) {
    if (auto v = o.value(name)) {
      auto n = parse_int(*v, 0, 9);
      if (!n) return false;
      into = *n;
    }
    return true;
  };
  if (!read("--hirate", b.hirate_depth) || !read("--matsuri", b.matsuri_depth) ||
      !read("--max593", b.max593_depth))
    return fail("depths must be whole numbers from 0 to 9");
  b.no_bulk = !o.flag("--bulk-only");
  return bench::run_perft_bench(b, std::cout) ? 0 : 1;
}

}  // namespace tsumi::cli
