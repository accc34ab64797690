// The `tsumi` command line, run as a separate process: what it prints, where errors go,
// and its exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "cli/options.h"

namespace {

struct Outcome {
  std::string out, err;
  int status;
};

Outcome run(const std::string& args) {
  // One file per call and process: ctest runs the tests of this file in parallel.
  static int calls = 0;
  std::string err_file = ::testing::TempDir() + "tsumi_cli_stderr_" + std::to_string(getpid()) + "_" +
                         std::to_string(++calls) + ".txt";
  std::string cmd = std::string(TSUMI_BINARY) + " " + args + " 2>" + err_file;
  Outcome r;
  FILE* p = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file);
  r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  std::remove(err_file.c_str());
  return r;
}

std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.find_last_of('\n') == std::string::npos ? 0 : t.find_last_of('\n') + 1);
}

TEST(Cli, HelpListsTheCommands) {
  Outcome r = run("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* c :
       {"perft", "moves", "show", "solve", "bench", "convert", "verify", "match", "usi", "generate"})
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  EXPECT_EQ(run("").status, 2);
  Outcome bad = run("frobnicate");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown command 'frobnicate'"), std::string::npos);
}

TEST(Cli, HelpOfOneCommandPrintsItsEntry) {
  Outcome solve = run("solve --help");
  EXPECT_EQ(solve.status, 0);
  EXPECT_NE(solve.out.find("--convention standard|strict"), std::string::npos);
  EXPECT_EQ(solve.out.find("perft DEPTH"), std::string::npos);  // the other commands are left out
  Outcome bench = run("help bench");
  EXPECT_EQ(bench.status, 0);
  for (const char* entry : {"bench perft", "bench zukou", "bench stop", "bench generate"})
    EXPECT_NE(bench.out.find(entry), std::string::npos) << entry;
  EXPECT_EQ(bench.out.find("Start positions"), std::string::npos);
  EXPECT_EQ(run("verify --sfen x -h").status, 0);  // asked for help: the rest is not read
  Outcome unknown = run("help frobnicate");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown command 'frobnicate'"), std::string::npos);
}

TEST(Cli, PerftPrintsTheCountAloneOnTheLastLine) {
  EXPECT_EQ(last_line(run("perft 3").out), "25470");
  EXPECT_EQ(last_line(run("perft 2 --sfen \"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1\"").out),
            "105677");
  Outcome divide = run("perft 2 --divide");
  EXPECT_NE(divide.out.find("7g7f: 30"), std::string::npos);
  EXPECT_EQ(last_line(divide.out), "900");
  Outcome handicap = run("perft 1 --start rook");
  EXPECT_EQ(handicap.status, 0);
  EXPECT_GT(std::stoi(last_line(handicap.out)), 0);
}

TEST(Cli, MovesAreSortedOnOneLine) {
  Outcome r = run("moves --sfen \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(
      r.out,
      "1g1f 1i1h 2g2f 2h1h 2h3h 2h4h 2h5h 2h6h 2h7h 3g3f 3i3h 3i4h 4g4f 4i3h 4i4h 4i5h 5g5f 5i4h 5i5h 5i6h "
      "6g6f 6i5h 6i6h 6i7h 7g7f 7i6h 7i7h 8g8f 9g9f 9i9h\n");
  EXPECT_EQ(run("moves --sfen \"7nk/9/7GG/9/9/9/9/9/9 b GP 1\" --checks").out,
            "1c1b 1c2b 2c1b 2c2b G*1b G*2b\n");
  // KI2 names a gold by where it comes from (左 右 直), 打 only where a board gold could go.
  EXPECT_EQ(run("moves --sfen \"7nk/9/7GG/9/9/9/9/9/9 b GP 1\" --checks --notation ki2").out,
            "１二金左 １二金打 １二金直 ２二金右 ２二金打 ２二金直\n");
}

TEST(Cli, BadInputGoesToStderrWithAnExitStatus) {
  Outcome r = run("moves --sfen \"4k4/9/9/9/9/9/9/9/4X4 b - 1\"");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("SFEN board (character 20): unknown piece letter 'X'"), std::string::npos);
  EXPECT_NE(run("perft x").status, 0);
  EXPECT_NE(run("perft 2 --start queen").err.find("unknown handicap"), std::string::npos);
  EXPECT_NE(run("solve --sfen \"bad\"").status, 0);
}

TEST(Cli, ATableMustFitInTheMachinesMemory) {
  // The check itself, against a given memory size.
  EXPECT_EQ(tsumi::cli::hash_fits_memory(512, 1, 1024), "");
  EXPECT_EQ(tsumi::cli::hash_fits_memory(2048, 1, 1024),
            "--hash 2048: a table of 2048 MiB would not fit in this machine's memory (1024 MiB)");
  EXPECT_NE(tsumi::cli::hash_fits_memory(600, 2, 1024).find("2 tables of 600 MiB (one per job)"),
            std::string::npos);
  EXPECT_EQ(tsumi::cli::hash_fits_memory(600, 2, 0), "");  // memory unknown: not refused
  // As a user meets it: an error and exit status 2, never an allocation failure's abort.
  const std::string sfen = " --sfen \"7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1\"";
  const size_t memory = tsumi::rules::physical_memory_mib();
  if (memory == 0 || memory >= 65536) GTEST_SKIP() << "this machine holds a 64 GiB table";
  Outcome big = run("solve --hash 65536" + sfen);
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.err.find("a table of 65536 MiB would not fit in this machine's memory"), std::string::npos)
      << big.err;
  // Each job has a table: two that fit one at a time, not together.
  std::string file = ::testing::TempDir() + "tsumi_two_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file)
      << "7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1\nkn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1\n";
  Outcome two = run("solve --quiet --jobs 2 --hash " + std::to_string(memory / 2 + 1) + " " + file);
  EXPECT_EQ(two.status, 2);
  EXPECT_NE(two.err.find("2 tables of"), std::string::npos) << two.err;
}

TEST(Cli, WithoutHashTheTablesGrowAsFarAsTheMemoryAllows) {
  // (Their sizes: DefaultTableSize.* in tt_test.) A batch solved with the default tables
  // and with --hash: the same answers.
  std::string file = ::testing::TempDir() + "tsumi_grow_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file)
      << "7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1\nkn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1\n";
  Outcome grown = run("solve --quiet --jobs 2 " + file), fixed = run("solve --quiet --hash 16 " + file);
  EXPECT_EQ(grown.status, 0) << grown.err;
  auto without_times = [](const std::string& s) {
    return std::regex_replace(s, std::regex(", [0-9]+ ms\\)"), ")");
  };
  EXPECT_EQ(without_times(grown.out), without_times(fixed.out));
  EXPECT_NE(without_times(grown.out).find("mate in 1: 1c1b  (7 nodes)"), std::string::npos) << grown.out;
}

TEST(Cli, SolveJsonAndBatch) {
  Outcome r = run("solve --json --sfen \"9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1\"");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"result\":\"mate\",\"length\":1,\"minimal\":true,\"pv\":\"9e9d\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"nodes\":"), std::string::npos);
  EXPECT_NE(r.out.find("\"time_ms\":"), std::string::npos);
  EXPECT_NE(r.out.find("\"first_mate_ms\":"), std::string::npos);
  EXPECT_NE(r.out.find("\"pv_mates\":true"), std::string::npos) << r.out;
  Outcome strict =
      run("solve --json --convention strict --sfen \"9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1\"");
  EXPECT_NE(strict.out.find("\"length\":15"), std::string::npos);
  // --first-mate stops at the first mate, which counts the futile drops here: a bound.
  Outcome first_mate = run("solve --json --first-mate --sfen \"9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1\"");
  EXPECT_EQ(first_mate.status, 0);
  EXPECT_NE(first_mate.out.find("\"length\":15,\"minimal\":false,\"pv\":\"9e9d P*8d"), std::string::npos)
      << first_mate.out;
  EXPECT_NE(first_mate.out.find("\"rounds\":[]"), std::string::npos) << first_mate.out;
  // The minimality rounds, in JSON and with --rounds in text. In the standard convention the
  // first mate counts the futile drops (15 plies) and a round finds the mate in one; in
  // the strict one the last round proves that there is no mate within 13 plies.
  EXPECT_NE(r.out.find("\"rounds\":[{\"limit\":13,\"result\":\"mate\",\"length\":1,"), std::string::npos)
      << r.out;
  EXPECT_NE(strict.out.find("{\"limit\":13,\"result\":\"nomate\",\"nodes\":"), std::string::npos)
      << strict.out;
  Outcome rounds =
      run("solve --rounds --convention strict --sfen \"9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1\"");
  EXPECT_NE(rounds.out.find("\n  round: mate within 13 plies? none ("), std::string::npos) << rounds.out;
  // A batch with a bad line: the line is named, the rest is solved, the exit status says so.
  std::string file = ::testing::TempDir() + "tsumi_batch_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file) << "# two problems and a broken line\n"
                      << "7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1\nnot an sfen\n"
                      << "kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1\n"
                      << "row-5\tlnsgkgsnl/9 b - 1\t3\n";
  Outcome batch = run("solve --jobs 2 " + file);
  // "-" reads the problems from standard input, named "-:LINE".
  Outcome piped = run("solve - < " + file);
  EXPECT_EQ(piped.status, 1);
  EXPECT_NE(piped.out.find("-:2: mate in 1"), std::string::npos) << piped.out;
  EXPECT_NE(piped.out.find("-:4: no mate"), std::string::npos) << piped.out;
  EXPECT_EQ(batch.status, 1);
  EXPECT_NE(batch.out.find(":2: mate in 1"), std::string::npos) << batch.out;
  EXPECT_NE(batch.out.find(":3: error: SFEN board (character 2): unknown piece letter"), std::string::npos)
      << batch.out;
  EXPECT_NE(batch.out.find(":4: no mate"), std::string::npos) << batch.out;
  // In a TSV row, the error is the position column's, named by its column, not the id's.
  EXPECT_NE(batch.out.find(":5: error: column 2: SFEN board (character 12): the board has 2 rank(s)"),
            std::string::npos)
      << batch.out;
  // Shards split the problems between runs.
  Outcome first = run("solve --quiet --shard 1/2 " + file), second = run("solve --quiet --shard 2/2 " + file);
  EXPECT_NE(first.out.find(":2:"), std::string::npos);
  EXPECT_NE(first.out.find(":4:"), std::string::npos);
  EXPECT_NE(second.out.find(":3:"), std::string::npos);
  EXPECT_EQ(run("solve --shard 3/2 " + file).status, 2);
  // A shard with no problem (more shards than problems) has nothing to do, which is no failure.
  Outcome idle = run("solve --quiet --shard 8/8 " + file);
  EXPECT_EQ(idle.status, 0) << idle.err;
  EXPECT_EQ(idle.out, "");
  EXPECT_NE(idle.err.find("shard 8/8 holds none of the 4 problems"), std::string::npos) << idle.err;
  // A file without a problem is named; the other files of the batch are still solved.
  std::string empty = ::testing::TempDir() + "tsumi_empty_" + std::to_string(getpid()) + ".txt";
  std::ofstream(empty) << "# nothing but a comment\n\n";
  Outcome with_empty = run("solve --quiet " + empty + " " + file);
  EXPECT_EQ(with_empty.status, 1);
  EXPECT_NE(with_empty.out.find(empty + ": error: no problem in it"), std::string::npos) << with_empty.out;
  EXPECT_NE(with_empty.out.find(":2: mate in 1"), std::string::npos) << with_empty.out;
  EXPECT_NE(run("solve --quiet - < " + empty).out.find("standard input: error: no problem in it"),
            std::string::npos);
  std::remove(empty.c_str());
  // A position without the defender's king is named as such, not answered "no mate".
  Outcome kingless = run("solve --sfen \"4k4/9/9/9/9/9/9/9/9 w G 1\"");
  EXPECT_EQ(kingless.status, 2);
  EXPECT_NE(kingless.err.find("black (the defender) has no king"), std::string::npos) << kingless.err;
  EXPECT_EQ(kingless.err.find("looks like the defender"), std::string::npos) << kingless.err;
  // A diagram with the defender to move, in check (hkijin/shtsume issue 6): said so.
  Outcome defender_to_move =
      run("solve --sfen \"1R1kg+R3/p1lppl2p/s1+p4ss/N1p2+pPpN/N1P1+B1pPB/4N+p1+p1/7G1/5pL2/4s+L3 w 2g3p 1\"");
  EXPECT_EQ(defender_to_move.status, 2);
  EXPECT_NE(defender_to_move.err.find("white, in check here, looks like the defender"), std::string::npos)
      << defender_to_move.err;
  Outcome unsound = run("verify --sfen \"9/9/9/9/9/9/9/9/9 b G 1\"");
  EXPECT_EQ(unsound.status, 1);
  EXPECT_NE(unsound.err.find("white (the defender) has no king"), std::string::npos) << unsound.err;
}

TEST(Cli, SfenArgumentsTakeUsiPositionsAfterTheirMoves) {
  // As a GUI copies a position: the position after the moves is the one solved, shown,
  // listed and counted.
  const std::string tsume3 = "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1";
  Outcome after = run("solve --json --sfen \"position sfen " + tsume3 + " moves 2b2a+ 1a2a\"");
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_NE(after.out.find("\"result\":\"mate\",\"length\":1,\"minimal\":true,\"pv\":\"G*2b\""),
            std::string::npos)
      << after.out;
  Outcome moves = run("moves --checks --sfen \"" + tsume3 + " moves 2b2a+ 1a2a\"");
  EXPECT_NE(moves.out.find("G*2b"), std::string::npos) << moves.out;
  EXPECT_EQ(run("perft 1 --sfen \"startpos moves 7g7f\"").out, "30\n");
  Outcome shown = run("show --sfen \"position startpos moves 7g7f 3c3d\"");
  EXPECT_NE(shown.out.find("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"),
            std::string::npos)
      << shown.out;
  const std::string positions = ::testing::TempDir() + "tsumi_show_usi_" + std::to_string(getpid()) + ".sfen";
  std::ofstream(positions) << "startpos moves 7g7f\nstartpos moves 7g7g\n";
  Outcome listed = run("show " + positions);
  EXPECT_EQ(listed.status, 1);
  EXPECT_NE(listed.out.find("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"),
            std::string::npos)
      << listed.out;
  EXPECT_NE(listed.err.find(":2: move 1 \"7g7g\": "), std::string::npos) << listed.err;
  std::remove(positions.c_str());
  // A move that is not legal is named by its number and text.
  Outcome illegal = run("solve --sfen \"startpos moves 7g7f 7g7f\"");
  EXPECT_EQ(illegal.status, 2);
  EXPECT_NE(illegal.err.find("move 2 \"7g7f\": "), std::string::npos) << illegal.err;
  // In a file, a USI line is a record, as `tsumi convert --to usi` writes one: the problem
  // is its start position, its moves the stated solution.
  const std::string file = ::testing::TempDir() + "tsumi_usi_lines_" + std::to_string(getpid()) + ".txt";
  std::ofstream(file) << "position sfen " << tsume3 << " moves 2b2a+ 1a2a G*2b\n"
                      << "position sfen " << tsume3 << " moves 2b2a+ 1a2a G*2a\n";
  Outcome lines = run("solve --json " + file);
  EXPECT_NE(lines.out.find("\"sfen\":\"" + tsume3 + "\",\"result\":\"mate\",\"length\":3"), std::string::npos)
      << lines.out;
  EXPECT_NE(lines.out.find("\"expected\":3"), std::string::npos) << lines.out;
  Outcome text = run("solve " + file);
  EXPECT_EQ(text.status, 1);
  EXPECT_NE(text.out.find(":2: error: move 3 \"G*2a\": USI move \"G*2a\" is illegal here"), std::string::npos)
      << text.out;
  std::remove(file.c_str());
}

TEST(Cli, SolveReadsKifKi2AndCsaRecords) {
  // A record's start position is the problem; its 手数 header the stated length.
  const std::string data = std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/";
  Outcome kif = run("solve " + data + "tsume3.kif");
  EXPECT_EQ(kif.status, 0) << kif.err;
  EXPECT_NE(kif.out.find("tsume3.kif (試作三手詰): mate in 3: 2b2a+ 1a2a G*2b"), std::string::npos)
      << kif.out;
  Outcome ki2 = run("solve --json " + data + "tsume3.ki2");
  EXPECT_NE(
      ki2.out.find("\"sfen\":\"7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1\",\"result\":\"mate\",\"length\":3"),
      std::string::npos)
      << ki2.out;
  EXPECT_NE(ki2.out.find("\"expected\":3"), std::string::npos) << ki2.out;
  EXPECT_NE(ki2.out.find("\"title\":\"試作三手詰\""), std::string::npos) << ki2.out;
  // Every record of a file, numbered: a tsume problem and a game's start.
  Outcome csa = run("solve " + data + "two_records.csa");
  EXPECT_NE(csa.out.find("two_records.csa#1 (試作三手詰): mate in 3"), std::string::npos) << csa.out;
  EXPECT_NE(csa.out.find("two_records.csa#2: no mate"), std::string::npos) << csa.out;

  const std::string dir = ::testing::TempDir() + "tsumi_records_" + std::to_string(getpid());
  std::ifstream in(data + "tsume3.kif");
  std::stringstream whole;
  whole << in.rdbuf();
  std::string text = whole.str();
  // Without a 手数 header, a main line that mates is the stated length; a wrong header is
  // shown against the length found.
  std::string unstated = text;
  unstated.erase(unstated.find("手数：3\n"), std::string("手数：3\n").size());
  std::ofstream(dir + "_unstated.kif") << unstated;
  Outcome from_line = run("solve --json " + dir + "_unstated.kif");
  EXPECT_NE(from_line.out.find("\"expected\":3"), std::string::npos) << from_line.out;
  // A line that mates only counts as the solution when every attacker's move checks: a
  // quiet move first (a game that ended in mate) states nothing.
  std::string game = "V2.2\nP1 *  *  *  *  *  *  *  * -OU\n";
  for (int rank = 2; rank <= 9; ++rank)
    game += rank == 3   ? "P3-FU *  *  *  *  *  *  * +FU\n"
            : rank == 7 ? "P7+FU *  *  *  *  *  *  *  * \n"
                        : "P" + std::to_string(rank) + " *  *  *  *  *  *  *  *  * \n";
  game += "P+00KI\nP-00AL\n+\n";
  std::ofstream(dir + "_mate.csa") << game << "+0012KI\n%TSUMI\n";
  std::ofstream(dir + "_quiet.csa") << game << "+9796FU\n-9394FU\n+0012KI\n%TSUMI\n";
  EXPECT_NE(run("solve --json " + dir + "_mate.csa").out.find("\"pv\":\"G*1b\""), std::string::npos);
  EXPECT_NE(run("solve --json " + dir + "_mate.csa").out.find("\"expected\":1"), std::string::npos);
  Outcome quiet = run("solve --json " + dir + "_quiet.csa");
  EXPECT_NE(quiet.out.find("\"result\":\"mate\",\"length\":1"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.out.find("\"expected\""), std::string::npos) << quiet.out;
  std::string wrong = text;
  wrong.replace(wrong.find("手数：3"), std::string("手数：3").size(), "手数：5");
  std::ofstream(dir + "_wrong.kif") << wrong;
  EXPECT_NE(run("solve " + dir + "_wrong.kif").out.find("mate in 3: 2b2a+ 1a2a G*2b [stated length 5]"),
            std::string::npos);
  // A record that does not read is named with its line; the other files are solved and
  // the exit status says that not all were.
  std::string broken = text;
  broken.replace(broken.find("２二金打"), std::string("２二金打").size(), "２二金打打");
  std::ofstream(dir + "_broken.kif") << broken;
  Outcome batch = run("solve " + dir + "_broken.kif " + data + "tsume3.kif");
  EXPECT_EQ(batch.status, 1);
  EXPECT_NE(batch.out.find("_broken.kif: error: line 26: KIF move \"２二金打打\""), std::string::npos)
      << batch.out;
  EXPECT_NE(batch.out.find("tsume3.kif (試作三手詰): mate in 3"), std::string::npos) << batch.out;
  // Shards count the records of every file.
  Outcome second = run("solve --quiet --shard 2/2 " + data + "tsume3.kif " + data + "two_records.csa");
  EXPECT_EQ(second.out.find("tsume3.kif"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("two_records.csa#1 (試作三手詰): mate in 3"), std::string::npos) << second.out;
  EXPECT_EQ(second.out.find("two_records.csa#2"), std::string::npos) << second.out;
  for (const char* name : {"_unstated.kif", "_wrong.kif", "_broken.kif", "_mate.csa", "_quiet.csa"})
    std::remove((dir + name).c_str());
}

TEST(Cli, SolveWritesTheMainLineInTheNotationAsked) {
  const std::string kif = std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/tsume3.kif";
  EXPECT_NE(run("solve --notation ki2 " + kif).out.find("mate in 3: ▲２一香成 △同玉 ▲２二金  ("),
            std::string::npos);
  EXPECT_NE(run("solve --notation kif " + kif).out.find("mate in 3: ▲２一香成(22) △同　玉(11) ▲２二金打  ("),
            std::string::npos);
  EXPECT_NE(run("solve --notation western " + kif).out.find("mate in 3: Lx2a+ Kx2a G*2b  ("),
            std::string::npos);
  // The JSON's pv stays USI.
  EXPECT_NE(run("solve --json --notation ki2 " + kif).out.find("\"pv\":\"2b2a+ 1a2a G*2b\""),
            std::string::npos);
  Outcome bad = run("solve --notation csa " + kif);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--notation must be usi, western, kif or ki2"), std::string::npos) << bad.err;
}

TEST(Cli, BenchZukouRunsTheChosenProblems) {
  // --only picks problems by id (with or without the "zukou-" prefix); --first-mate stops
  // at the first mate, so its length is reported as a bound.
  Outcome r = run(std::string("bench zukou --time 10 --hash 16 --first-mate --only 002,zukou-011 --dir ") +
                  TSUMI_SHARED_DIR + "/problems/zukou");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("zukou-002"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("zukou-011"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("zukou-003"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solved 2 of 2 (0 with the length proven minimal"), std::string::npos) << r.out;
  // Lengths proven minimal are compared with the records: Zukou #007's record (13 plies) is
  // shorter than its longest defence (15).
  Outcome cmp = run(std::string("bench zukou --time 60 --hash 64 --only 002,007 --dir ") + TSUMI_SHARED_DIR +
                    "/problems/zukou");
  EXPECT_EQ(cmp.status, 0) << cmp.err;
  EXPECT_NE(cmp.out.find("solved 2 of 2 (2 with the length proven minimal, 1 equal to the recorded length)"),
            std::string::npos)
      << cmp.out;
  EXPECT_NE(cmp.out.find("unlike the record: 1 longer"), std::string::npos) << cmp.out;
  EXPECT_NE(cmp.out.find(", 0 shorter"), std::string::npos) << cmp.out;
}

TEST(Cli, ConvertBetweenFormats) {
  const std::string kif = std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/tsume3.kif";
  Outcome usi = run("convert " + kif + " --to usi");
  EXPECT_EQ(usi.status, 0) << usi.err;
  EXPECT_EQ(usi.out, "position sfen 7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1 moves 2b2a+ 1a2a G*2b\n");
  Outcome sfen = run("convert " + kif + " --to sfen");
  EXPECT_EQ(sfen.out, "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1\n");
  Outcome csa =
      run("convert " + std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/two_records.csa --to csa");
  EXPECT_EQ(csa.status, 0);
  EXPECT_NE(csa.out.find("\n/\n"), std::string::npos);  // two records, separated
  Outcome bad = run("convert " + kif + " --to pdf");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown format \"pdf\""), std::string::npos);
  Outcome missing = run("convert /nonexistent.kif --to usi");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("/nonexistent.kif: cannot open"), std::string::npos);
}

TEST(Cli, VerifyReportsFindingsInTextAndJson) {
  const std::string kif = std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/tsume3.kif";
  Outcome text = run("verify " + kif);
  EXPECT_EQ(text.status, 0) << text.out << text.err;
  EXPECT_NE(text.out.find("mate in 3, stated 3 — sound"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("変同 (equal-defence) at move 2"), std::string::npos) << text.out;
  // The lines in a player's notation, each from the problem's position.
  Outcome ki2 = run("verify --notation ki2 " + kif);
  EXPECT_NE(ki2.out.find("  main line: ▲２一香成 △同玉 ▲２二金\n"), std::string::npos) << ki2.out;
  EXPECT_NE(ki2.out.find("    line: ▲２一香成 △１二玉\n"), std::string::npos) << ki2.out;
  EXPECT_NE(ki2.out.find("at move 2: △１二玉 lasts as long as the main line"), std::string::npos) << ki2.out;
  EXPECT_EQ(run("verify --notation x " + kif).status, 2);
  // Tanuki row 1140 states 7 plies, but mates in 5: unsound, exit status 1.
  Outcome shorter = run("verify --sfen \"9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1\" --length 7 --json");
  EXPECT_EQ(shorter.status, 1);
  EXPECT_NE(shorter.out.find("\"kind\":\"shorter-mate\""), std::string::npos) << shorter.out;
  EXPECT_NE(shorter.out.find("\"sound\":false"), std::string::npos);
  EXPECT_EQ(run("verify --length x --sfen \"8k/9/9/9/9/9/9/9/9 b G 1\"").status, 2);
}

TEST(Cli, MatchPlaysBothColoursAndEstimatesElo) {
  Outcome r = run("match --a 2 --b greedy --games 2 --max-plies 60 --seed 3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("game 1: A black"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 2: A white"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out).rfind("result: level 2 vs greedy: +", 0), 0u) << r.out;
  EXPECT_NE(last_line(r.out).find("Elo"), std::string::npos);
  // From a problem position in a file, and bad options named.
  std::string file = ::testing::TempDir() + "tsumi_match_" + std::to_string(getpid()) + ".sfen";
  {
    std::ofstream out(file);
    out << "# a mate in 3\n9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1\n";
  }
  Outcome p = run("match --a 8 --b greedy --games 1 --random-plies 0 --nodes 20000 --positions " + file);
  EXPECT_EQ(p.status, 0) << p.err;
  EXPECT_NE(p.out.find("A wins after 3 plies"), std::string::npos) << p.out;
  {
    std::ofstream out(file);
    out << "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1\nbroken sfen\n";
  }
  Outcome broken = run("match --positions " + file);
  EXPECT_EQ(broken.status, 2);
  EXPECT_NE(broken.err.find(":2:"), std::string::npos) << broken.err;
  std::remove(file.c_str());
  EXPECT_EQ(run("match --a 9").status, 2);
  EXPECT_NE(run("match --games 0").err.find("bad value"), std::string::npos);
}

TEST(Cli, GeneratedProblemsPassVerify) {
  std::string file = ::testing::TempDir() + "tsumi_generated_" + std::to_string(getpid()) + ".tsv";
  Outcome g = run("generate --length 3 --count 3 --seed 4 --quiet > " + file);
  EXPECT_EQ(g.status, 0) << g.err;
  Outcome v = run("verify " + file);
  EXPECT_EQ(v.status, 0) << v.out << v.err;
  size_t sound = 0;
  for (size_t at = 0; (at = v.out.find("— sound", at)) != std::string::npos; ++at) ++sound;
  EXPECT_EQ(sound, 3u) << v.out;
  std::remove(file.c_str());
  EXPECT_EQ(run("generate --length 4").status, 2);
  EXPECT_NE(run("generate --count 0").err.find("--count"), std::string::npos);
}

}  // namespace
