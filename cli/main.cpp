// tsumi: command-line front end. Dispatches to the subcommands in commands.h.
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/commands.h"

namespace {

constexpr const char* kUsage = R"(tsumi - tsume-shogi solver and trainer

Usage: tsumi <command> [options]

Commands:
  perft DEPTH [--sfen S | --start NAME] [--divide] [--no-bulk] [--detail]
        Count the leaf nodes of the legal move tree (the count alone on the last line).
  moves (--sfen S | --start NAME) [--checks | --evasions | --captures] [--notation usi|western|kif|ki2]
        Every legal move (or the chosen subset), sorted, on one line.
  show FILE | --sfen S | --start NAME
        Board, side to move, legal and checking move counts, and game status of each
        position (FILE: one SFEN or USI position per line, '#' comments).
  solve (--sfen S | FILE...) [--time SECONDS] [--nodes N] [--hash MIB] [--convention standard|strict]
        [--json] [--jobs N] [--shard K/N] [--quiet] [--rounds] [--first-mate]
        [--notation usi|western|kif|ki2]
        Mate search: the shortest mate against the longest defence (length proven minimal,
        or an upper bound with the proven lower bound when a limit stopped that proof;
        standard convention: futile interpositions are not defences, see docs/solver.md),
        a proven no-mate, or unknown when a limit stopped it. FILE: one SFEN or USI line
        each, or the TSV of ../shared/problems/ (the first column that is an SFEN; the next
        whole number is the stated length), or KIF, KI2 or CSA records (UTF-8 or Shift_JIS;
        each record's start position, stated length from its 手数 header or its main line
        when that mates); - reads standard input. --first-mate stops at the first mate
        found (its length an upper bound). --rounds lists the rounds that proved the length
        minimal (each one's depth limit, what it proved, nodes, time; always in --json),
        and, when a limit stopped them, the rounds from below that raised the lower bound.
        --notation: the main line's notation in the text (▲２一香成 △同玉 … with ki2; the
        JSON's pv is always USI). --hash: the table's size in MiB (by default it grows
        from 16 MiB as the problem needs, up to 1024 MiB per job, less on a machine with
        little memory). Exit status 0 when every problem was answered (and for a
        shard that holds none); a file without a problem is reported as a bad line is.
  convert FILE --to sfen|usi|kif|ki2|csa
        Prints every record of FILE (SFEN/TSV lines, KIF, KI2 or CSA; UTF-8 or Shift_JIS)
        in another format: sfen = the start position, usi = "position sfen ... moves ..."
        of the main line.
  verify (FILE | --sfen S) [--length N] [--time SECONDS] [--nodes N] [--hash MIB]
        [--convention standard|strict] [--json] [--notation usi|western|kif|ki2]
        Is a composed problem sound? Reports no mate, a shorter mate than stated, cooks
        (another attacker move that mates as fast), pieces left over, longer and equal
        defences, a wrong intended line, and futile interpositions, each with its move
        number and line. The stated length comes from --length or the record (手数); the
        intended line from the record. --notation: the notation of the lines in the text
        and of the moves in the findings (the JSON's lines are USI). Exit status 0 when
        every problem is sound.
  match [--a PLAYER] [--b PLAYER] [--games N] [--start NAME[,NAME...] | --positions FILE]
        [--time MS] [--byoyomi MS] [--inc MS] [--nodes N] [--max-plies N] [--seed S] [--jobs N]
        [--random-plies N] [--a-eval NAME=V,...] [--b-eval NAME=V,...]
        Engine against engine (PLAYER: a level 1..8, default A 8 and B greedy, the one-ply
        greedy player). Each start position (the even game by default), after N random
        plies (8), is played twice with the colours swapped. Levels 1-7 search a fixed
        number of nodes per move, level 8 by the clock (1.6M nodes without one); --nodes
        overrides both. A line per game, then +wins =draws -losses and the Elo of A over B
        with its 95% margin. --a-eval/--b-eval change evaluation weights (tuning by play).
  generate --length N [--count K] [--seed S] [--jobs J] [--quiet]
        Sound problems of exactly N plies (standard convention): unique (no cook, at the
        last move either), no pieces left over, the defender holding the rest, every
        attacker piece needed, no repeats. Written as a collection on stdout.
  usi
        The USI engine protocol on stdin/stdout, for shogi GUIs (ShogiHome, ShogiGUI,
        Shogidokoro): go mate for the solver, go for the game engine. See docs/usi.md.
  bench perft [--hirate D] [--matsuri D] [--max593 D] [--bulk-only]
        Perft benchmark: leaf nodes per second with bulk counting (hirate 6, matsuri 4,
        max593 4 by default), and without it at the deepest depth of at most 600M leaves.
  bench zukou [--time SECONDS] [--first N] [--only ID,ID] [--first-mate] [--hash MIB]
              [--convention standard|strict] [--dir D]
        Shogi Zukou (100 problems) one by one, 30 s each by default, one thread: solved count,
        lengths against the recorded ones and zukou_coverage.tsv, nodes, time. --only runs
        the listed problems (008 or zukou-008); --first-mate stops at the first mate found.

  bench stop [--only ID,ID] [--hash MIB] [--dir D]
        How soon a solve stops when another thread asks it to (the bound is 100 ms): hard
        Zukou problems stopped after 0.1, 0.5, 2 and 6 s, each with a table of its own.

  bench generate [--time SECONDS]
        Generator throughput: sound problems per minute for 1, 3, 5, 7, 9 and 11 plies,
        one thread, 60 s per length by default.

Positions for --sfen: an SFEN, or a USI position as GUIs copy it ("position startpos moves
7g7f 3c3d", "sfen S moves ...", "S moves ..."), which names the position after its moves
(perft, moves, show and its FILE lines, solve; verify reads the moves as the intended
solution). In a solve FILE such a line is a record, as convert --to usi writes it: its
start position is the problem, its moves the stated solution.

Start positions for --start: even, left-lance, right-lance, bishop, rook, rook-lance,
two-piece, four-piece, six-piece, eight-piece, ten-piece.
)";

// The usage lines of one command (every entry of kUsage that starts with it: `bench` has
// three), or an empty string for a command kUsage does not list.
std::string usage_of(const std::string& command) {
  const std::string usage = kUsage;
  std::string out;
  size_t at = 0;
  bool in_entry = false;
  while (at < usage.size()) {
    size_t end = usage.find('\n', at);
    if (end == std::string::npos) end = usage.size();
    const std::string line = usage.substr(at, end - at);
    // An entry starts at a line indented by two spaces and runs over the lines indented more.
    const bool starts_entry = line.size() > 2 && line.compare(0, 2, "  ") == 0 && line[2] != ' ';
    if (starts_entry) {
      const std::string word = line.substr(2, line.find(' ', 2) - 2);
      in_entry = word == command;
    } else if (line.empty() || line.compare(0, 2, "  ") != 0) {
      in_entry = false;
    }
    if (in_entry) out += line + "\n";
    at = end + 1;
  }
  return out;
}

bool asks_for_help(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // `tsumi help solve`, `tsumi solve --help`: that command's entry of the usage.
  if ((argc == 3 && !std::strcmp(argv[1], "help")) || (argc >= 3 && asks_for_help(argc, argv))) {
    const std::string command = !std::strcmp(argv[1], "help") ? argv[2] : argv[1];
    const std::string usage = usage_of(command);
    if (usage.empty()) {
      std::fprintf(stderr, "tsumi: unknown command '%s' (try 'tsumi --help')\n", command.c_str());
      return 2;
    }
    std::printf("Usage: tsumi %s ...\n\n%s", command.c_str(), usage.c_str());
    const std::string all = kUsage;
    if (usage.find("--start") != std::string::npos)  // and what --start takes
      std::printf("\n%s", all.substr(all.find("Start positions")).c_str());
    return 0;
  }
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
      !std::strcmp(argv[1], "help")) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string command = argv[1];
  tsumi::cli::Args args(argv + 2, argv + argc);
  if (command == "perft") return tsumi::cli::cmd_perft(args);
  if (command == "moves") return tsumi::cli::cmd_moves(args);
  if (command == "show") return tsumi::cli::cmd_show(args);
  if (command == "bench") return tsumi::cli::cmd_bench(args);
  if (command == "solve") return tsumi::cli::cmd_solve(args);
  if (command == "convert") return tsumi::cli::cmd_convert(args);
  if (command == "verify") return tsumi::cli::cmd_verify(args);
  if (command == "match") return tsumi::cli::cmd_match(args);
  if (command == "usi") return tsumi::cli::cmd_usi(args);
  if (command == "generate") return tsumi::cli::cmd_generate(args);
  std::fprintf(stderr, "tsumi: unknown command '%s' (try 'tsumi --help')\n", command.c_str());
  return 2;
}
