// `tsumi match --a PLAYER --b PLAYER [--games N] [--start NAME[,NAME…] | --positions FILE]
// [--time MS] [--byoyomi MS] [--inc MS] [--nodes N] [--max-plies N] [--seed S] [--jobs N]
// [--random-plies N] [--a-eval NAME=V,...] [--b-eval NAME=V,...]`:
// engine against engine (PLAYER: a level 1..8, or "greedy", the one-ply greedy player).
// Each start position, after N random plies (8 by default), is played twice, with the
// colours swapped; a line per game, then
// the result with an Elo estimate of A over B and its 95% margin. --a-eval / --b-eval set
// evaluation weights (engine/evaluate.h EvalParams) for tuning matches.
#include <atomic>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"
#include "engine/match.h"
#include "rules/handicap.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::cli {
namespace {

using engine::Player;

struct PlayerSpec {
  bool greedy = false;
  int level = engine::kFullLevel;
  engine::EvalParams eval;
  std::string name() const { return greedy ? "greedy" : "level " + std::to_string(level); }
};

bool parse_player(const std::string& text, PlayerSpec& p) {
  if (text == "greedy") return p.greedy = true;
  int level = 0;
  if (std::sscanf(text.c_str(), "%d", &level) != 1 || level < 1 || level > engine::kFullLevel) return false;
  p.level = level;
  return true;
}

std::unique_ptr<Player> make(const PlayerSpec& p, uint64_t seed, uint64_t nodes) {
  return p.greedy ? engine::make_greedy_player(seed)
                  : engine::make_engine_player(p.level, seed, nodes, p.eval);
}

// "name=value,name=value": evaluation weights for a tuning match; "" when fine, else why not.
std::string parse_eval(const std::string& spec, engine::EvalParams& e) {
  for (size_t at = 0; at < spec.size();) {
    size_t comma = std::min(spec.find(',', at), spec.size());
    std::string item = spec.substr(at, comma - at);
    size_t eq = item.find('=');
    int* field = eq == std::string::npos ? nullptr : engine::eval_param(e, item.substr(0, eq));
    if (!field) {
      std::string names;
      for (const char* const* n = engine::eval_param_names(); *n; ++n) names += std::string(" ") + *n;
      return "\"" + item + "\": expected name=value with a name among" + names;
    }
    char* end = nullptr;
    long v = std::strtol(item.c_str() + eq + 1, &end, 10);
    if (!end || *end || eq + 1 == item.size()) return "\"" + item + "\": the value must be a whole number";
    *field = int(v);
    at = comma + 1;
  }
  return "";
}

bool read_number(const Options& o, const char* name, int64_t& out, int64_t min) {
  auto v = o.value(name);
  if (!v) return true;
  char* end = nullptr;
  long long x = std::strtoll(v->c_str(), &end, 10);
  if (!end || *end || x < min) return false;
  out = x;
  return true;
}

// The start position after `plies` random legal moves (the same for both games of a pair,
// so that each side plays each opening once): varied games between deterministic players.
std::string opening(const std::string& sfen, int plies, uint64_t seed) {
  rules::Position pos;
  rules::StateInfo root;
  if (!rules::parse_sfen(sfen, pos, root)) return sfen;
  std::mt19937_64 rng(seed);
  std::vector<std::unique_ptr<rules::StateInfo>> states;
  for (int k = 0; k < plies; ++k) {
    rules::MoveList<rules::kLegal> moves(pos);
    if (moves.size() == 0) break;
    rules::Move m = moves.begin()[rng() % uint64_t(moves.size())];
    states.push_back(std::make_unique<rules::StateInfo>());
    pos.do_move(m, *states.back());
    if (rules::MoveList<rules::kLegal>(pos).size() == 0) {  // never start from a finished game
      pos.undo_move(m);
      states.pop_back();
      break;
    }
  }
  return rules::to_sfen(pos);
}

}  // namespace

int cmd_match(const Args& args) {
  Options o(args, {"--a", "--b", "--games", "--start", "--positions", "--time", "--byoyomi", "--inc",
                   "--nodes", "--max-plies", "--seed", "--jobs", "--random-plies", "--a-eval", "--b-eval"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({}); !f.empty()) return fail("unknown option " + f);
  PlayerSpec a, b;
  if (!parse_player(o.value("--a").value_or("8"), a)) return fail("--a: a level 1..8 or greedy");
  if (!parse_player(o.value("--b").value_or("greedy"), b)) return fail("--b: a level 1..8 or greedy");
  if (auto e = parse_eval(o.value("--a-eval").value_or(""), a.eval); !e.empty())
    return fail("--a-eval: " + e);
  if (auto e = parse_eval(o.value("--b-eval").value_or(""), b.eval); !e.empty())
    return fail("--b-eval: " + e);
  int64_t games = 20, main_ms = 0, byoyomi = 0, inc = 0, nodes = 0, max_plies = 320, seed = 1, jobs = 1,
          random_plies = 8;
  if (!read_number(o, "--games", games, 1) || !read_number(o, "--time", main_ms, 0) ||
      !read_number(o, "--byoyomi", byoyomi, 0) || !read_number(o, "--inc", inc, 0) ||
      !read_number(o, "--nodes", nodes, 0) || !read_number(o, "--max-plies", max_plies, 1) ||
      !read_number(o, "--seed", seed, 0) || !read_number(o, "--jobs", jobs, 1) ||
      !read_number(o, "--random-plies", random_plies, 0))
    return fail(
        "a numeric option has a bad value (whole numbers; --games, --max-plies and --jobs at least 1)");

  // Start positions: named ones, or a file of SFEN lines.
  std::vector<std::string> starts;
  if (auto file = o.value("--positions")) {
    std::ifstream in(*file);
    if (!in) return fail("cannot open " + *file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      if (line.rfind("sfen ", 0) == 0) line = line.substr(5);
      rules::Position pos;
      rules::StateInfo st;
      auto r = rules::parse_sfen(line, pos, st);
      if (!r) return fail(*file + ":" + std::to_string(n) + ": " + r.error().message);
      starts.push_back(line);
    }
    if (starts.empty()) return fail(*file + " holds no position");
  } else {
    std::string names = o.value("--start").value_or("even");
    for (size_t at = 0; at <= names.size();) {
      size_t comma = std::min(names.find(',', at), names.size());
      auto h = rules::find_handicap(names.substr(at, comma - at));
      if (!h) return fail("--start: " + h.error().message);
      starts.emplace_back(rules::handicap_info(*h).sfen);
      at = comma + 1;
    }
  }

  engine::GameSettings settings;
  settings.main_ms = main_ms;
  settings.byoyomi_ms = byoyomi;
  settings.increment_ms = inc;
  settings.max_plies = int(max_plies);
  std::string effort = nodes ? std::to_string(nodes) + " nodes per move"
                       : main_ms || byoyomi || inc
                           ? std::to_string(main_ms) + " ms + " + std::to_string(byoyomi) + " ms byoyomi + " +
                                 std::to_string(inc) + " ms increment"
                           : "each level's own node limit";
  std::printf("%s (A) against %s (B), %lld games from %zu start position%s (+%lld random plies), %s\n",
              a.name().c_str(), b.name().c_str(), static_cast<long long>(games), starts.size(),
              starts.size() == 1 ? "" : "s", static_cast<long long>(random_plies), effort.c_str());

  std::atomic<int64_t> next{0};
  std::mutex mutex;
  int wins = 0, draws = 0, losses = 0, done = 0;
  auto worker = [&] {
    for (int64_t i; (i = next++) < games;) {
      const std::string start = opening(starts[size_t(i / 2) % starts.size()], int(random_plies),
                                        uint64_t(seed) * 7919u + uint64_t(i / 2));
      const bool a_black = i % 2 == 0;
      const uint64_t game_seed = uint64_t(seed) * 1000003u + uint64_t(i);
      auto pa = make(a, game_seed, uint64_t(nodes)), pb = make(b, game_seed + 7, uint64_t(nodes));
      engine::GameResult g = engine::play_game(start, a_black ? *pa : *pb, a_black ? *pb : *pa, settings);
      const bool a_won = g.outcome == (a_black ? rules::Outcome::kBlackWins : rules::Outcome::kWhiteWins);
      const bool b_won = g.outcome == (a_black ? rules::Outcome::kWhiteWins : rules::Outcome::kBlackWins);
      std::lock_guard<std::mutex> lock(mutex);
      (a_won ? wins : b_won ? losses : draws)++;
      ++done;
      std::fprintf(stderr, "\r\033[K");
      std::printf("game %lld: A %s, %s after %zu plies (%s)\n", static_cast<long long>(i + 1),
                  a_black ? "black" : "white",
                  a_won   ? "A wins"
                  : b_won ? "B wins"
                          : "draw",
                  g.moves.size(), g.reason.c_str());
      std::fflush(stdout);
      std::fprintf(stderr, "%d/%lld games: +%d =%d -%d", done, static_cast<long long>(games), wins, draws,
                   losses);
    }
  };
  std::vector<std::thread> threads;
  for (int64_t j = 0; j < std::min(jobs, games); ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  std::fprintf(stderr, "\n");
  engine::EloEstimate e = engine::estimate_elo(wins, draws, losses);
  std::printf("result: %s vs %s: +%d =%d -%d, score %.3f, Elo %+.0f ± %.0f (95%%)\n", a.name().c_str(),
              b.name().c_str(), wins, draws, losses, e.score, e.elo, e.margin);
  return 0;
}

}  // namespace tsumi::cli
