// `tsumi usi` driven as a separate process over pipes, the way a shogi GUI drives it:
// the handshake, go mate (answers replayed and checked), nomate, timeout, stop, a short
// game with byoyomi, ponder, and a session of malformed input after which the engine
// still answers correctly.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "rules/movegen.h"
#include "rules/position.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "solver_test_util.h"

namespace {

using namespace tsumi;
using Clock = std::chrono::steady_clock;

class UsiProcess {
 public:
  UsiProcess() {
    int in[2], out[2];
    EXPECT_EQ(pipe(in), 0);
    EXPECT_EQ(pipe(out), 0);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl(TSUMI_BINARY, TSUMI_BINARY, "usi", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~UsiProcess() {
    send("quit");
    close(to_);
    int status = 0;
    for (int i = 0; i < 200 && waitpid(pid_, &status, WNOHANG) == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (waitpid(pid_, &status, WNOHANG) == 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
    close(from_);
  }
  void send(const std::string& line) {
    std::string l = line + "\n";
    ASSERT_EQ(write(to_, l.data(), l.size()), ssize_t(l.size()));
  }
  // The next line, or nullopt after `ms` milliseconds without one.
  std::optional<std::string> line(int ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
    while (true) {
      size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string l = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return l;
      }
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
      if (left <= 0) return std::nullopt;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) return std::nullopt;
      char buf[4096];
      ssize_t n = read(from_, buf, sizeof buf);
      if (n <= 0) return std::nullopt;
      buffer_.append(buf, size_t(n));
    }
  }
  // Lines up to and including the first that starts with `prefix` (fails after `ms`).
  std::vector<std::string> until(const std::string& prefix, int ms = 20000) {
    std::vector<std::string> lines;
    const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
    while (Clock::now() < deadline) {
      auto l = line(
          int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count()) + 1);
      if (!l) break;
      lines.push_back(*l);
      if (l->rfind(prefix, 0) == 0) return lines;
    }
    std::string got;
    for (const auto& l : lines) got += "\n  " + l;
    ADD_FAILURE() << "no line starting with \"" << prefix << "\" within " << ms << " ms; got:" << got;
    return lines;
  }

 private:
  pid_t pid_;
  int to_, from_;
  std::string buffer_;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < s.size()) {
    size_t e = s.find(' ', at);
    if (e == std::string::npos) e = s.size();
    if (e > at) out.push_back(s.substr(at, e - at));
    at = e + 1;
  }
  return out;
}

// Replays a checkmate answer: legal moves, every attacker move a check, mate at the end
// (the standard convention's: in check with only interpositions left, which are futile).
// `length` is the line's length, or with `at_most` its bound.
void expect_mate_line(const std::string& sfen, const std::string& answer, size_t length,
                      bool at_most = false) {
  ASSERT_EQ(answer.rfind("checkmate ", 0), 0u) << answer;
  std::vector<std::string> moves = split(answer.substr(10));
  if (at_most) {
    EXPECT_LE(moves.size(), length) << answer;
    EXPECT_GT(moves.size(), 0u) << answer;
  } else {
    EXPECT_EQ(moves.size(), length) << answer;
  }
  // The moves are read as USI first (an unreadable one fails here), then replayed by the
  // solver tests' helper.
  tsumi::testing::Game g(sfen);
  std::vector<rules::Move> line;
  for (const std::string& text : moves) {
    auto m = rules::parse_usi_move(g.pos(), text);
    ASSERT_TRUE(m.ok()) << text << " in " << answer;
    line.push_back(*m);
    g.play(*m);
  }
  tsumi::testing::expect_valid_main_line(sfen, line, solver::Convention::kStandard);
}

TEST(UsiProcess, HandshakeListsTheOptions) {
  UsiProcess e;
  e.send("usi");
  auto lines = e.until("usiok", 5000);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].rfind("id name Tsumi", 0), 0u);
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  for (const char* o : {"USI_Hash", "Level", "MateConvention", "MateNodes", "MateTime"})
    EXPECT_NE(all.find(std::string("option name ") + o), std::string::npos) << o;
  e.send("setoption name USI_Hash value 16");
  e.send("isready");
  EXPECT_EQ(e.until("readyok", 5000).back(), "readyok");
}

TEST(UsiProcess, GoMateAnswersAndProofs) {
  UsiProcess e;
  e.send("isready");
  e.until("readyok");
  const std::string three = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
  e.send("position sfen " + three);
  e.send("go mate 10000");
  expect_mate_line(three, e.until("checkmate").back(), 3);
  // Zukou #2, a classical mate in 21.
  const std::string zukou2 = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";
  e.send("position sfen " + zukou2);
  e.send("go mate 20000");
  std::vector<std::string> lines = e.until("checkmate", 25000);
  expect_mate_line(zukou2, lines.back(), 21);
  // Before the answer, the rounds that proved the length minimal, the last one "no mate
  // within 19".
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2].rfind("info string round: mate within 19 plies? none (", 0), 0u)
      << lines[lines.size() - 2];
  // A proven no-mate: the only mate would be a drop-pawn mate.
  e.send("position sfen kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1");
  e.send("go mate 10000");
  EXPECT_EQ(e.until("checkmate").back(), "checkmate nomate");
  // A hard problem with a short limit: timeout, never nomate.
  e.send("position sfen 4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1");
  e.send("go mate 300");
  EXPECT_EQ(e.until("checkmate").back(), "checkmate timeout");
  // MateTime caps even an infinite mate search.
  e.send("setoption name MateTime value 300");
  e.send("go mate infinite");
  EXPECT_EQ(e.until("checkmate", 5000).back(), "checkmate timeout");
}

// A node limit that stops the minimality rounds: the mate found is still answered with
// its line. Zukou #050 with 1 M nodes: an upper bound of 19 whose line, read back, is 17
// plies (the bound counts an interposition that the reading found futile); the engine had
// answered `checkmate timeout` because the line was not as long as the bound.
TEST(UsiProcess, AMateWhoseMinimalityALimitStoppedIsAnswered) {
  UsiProcess e;
  e.send("setoption name USI_Hash value 16");
  e.send("setoption name MateNodes value 1000000");
  e.send("isready");
  e.until("readyok");
  const std::string zukou50 = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";
  e.send("position sfen " + zukou50);
  e.send("go mate infinite");
  std::vector<std::string> lines = e.until("checkmate", 30000);
  ASSERT_FALSE(lines.empty());
  int bound = 0;
  bool said_bound = false;
  for (const auto& l : lines) {
    if (size_t at = l.find(" score mate "); at != std::string::npos) bound = std::stoi(l.substr(at + 12));
    said_bound |= l.rfind("info string mate in ", 0) == 0 && l.find("upper bound") != std::string::npos;
  }
  EXPECT_TRUE(said_bound);
  ASSERT_GT(bound, 0);
  expect_mate_line(zukou50, lines.back(), size_t(bound), true);
}

TEST(UsiProcess, StopAnswersAtOnce) {
  UsiProcess e;
  e.send("position sfen 4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1");
  e.send("go mate infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto sent = Clock::now();
  e.send("stop");
  EXPECT_EQ(e.until("checkmate", 5000).back(), "checkmate timeout");
  const auto latency = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count();
  std::printf("stop to checkmate: %lld ms\n", static_cast<long long>(latency));
  EXPECT_LT(latency, 1000);  // the aim is 100 ms (docs/usi.md); a loaded test machine gets slack
  // The same for a game search.
  e.send("position startpos");
  e.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  e.send("stop");
  auto lines = e.until("bestmove", 5000);
  EXPECT_EQ(lines.back().rfind("bestmove ", 0), 0u);
  bool info = false;
  for (const auto& l : lines)
    info |= l.rfind("info depth", 0) == 0 && l.find(" score cp ") != std::string::npos;
  EXPECT_TRUE(info);
}

TEST(UsiProcess, AShortGameWithByoyomi) {
  UsiProcess e;
  e.send("usinewgame");
  std::string moves;
  rules::Position pos;
  rules::StateInfo root;
  ASSERT_TRUE(rules::parse_sfen(std::string(rules::kStartSfen), pos, root).ok());
  std::vector<std::unique_ptr<rules::StateInfo>> states;
  for (int ply = 0; ply < 6; ++ply) {
    e.send("position startpos" + (moves.empty() ? "" : " moves" + moves));
    e.send("go btime 0 wtime 0 byoyomi 300");
    std::string best = e.until("bestmove", 5000).back();
    ASSERT_EQ(best.rfind("bestmove ", 0), 0u);
    std::string mv = best.substr(9);
    auto m = rules::parse_usi_move(pos, mv);
    ASSERT_TRUE(m.ok()) << best;
    states.push_back(std::make_unique<rules::StateInfo>());
    pos.do_move(*m, *states.back());
    moves += " " + mv;
  }
  e.send("gameover draw");
  e.send("isready");
  EXPECT_EQ(e.until("readyok", 5000).back(), "readyok");
}

TEST(UsiProcess, PonderAnswersAfterPonderhit) {
  UsiProcess e;
  e.send("position startpos moves 7g7f");
  e.send("go ponder btime 0 wtime 0 byoyomi 300");
  auto early = e.line(300);
  while (early && early->rfind("info", 0) == 0) early = e.line(300);
  EXPECT_FALSE(early.has_value()) << *early;  // no bestmove while pondering
  e.send("ponderhit");
  EXPECT_EQ(e.until("bestmove", 5000).back().rfind("bestmove ", 0), 0u);
}

TEST(UsiProcess, MalformedInputIsReportedAndTheStateKept) {
  UsiProcess e;
  const std::string problem = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
  e.send("position sfen " + problem);
  for (const char* bad : {"frobnicate", "position sfen 9/9/9 b", "position startpos moves 7g7f 7g7f",
                          "position sideways", "setoption name Nonsense value 1",
                          "setoption name Level value 0", "go depth -3", "go sideways", "setoption", ""}) {
    e.send(bad);
    if (!*bad) continue;
    auto l = e.line(2000);
    ASSERT_TRUE(l.has_value()) << "no answer to \"" << bad << "\"";
    EXPECT_EQ(l->rfind("info string ", 0), 0u) << bad << " -> " << *l;
  }
  // Still the problem position: its mate is found.
  e.send("go mate 5000");
  expect_mate_line(problem, e.until("checkmate").back(), 3);
  e.send("position startpos moves 7g7f");
  e.send("go depth 3");
  std::string best = e.until("bestmove").back();
  rules::Position pos;
  rules::StateInfo root, st;
  ASSERT_TRUE(rules::parse_sfen(std::string(rules::kStartSfen), pos, root).ok());
  pos.do_move(*rules::parse_usi_move(pos, "7g7f"), st);
  EXPECT_TRUE(rules::parse_usi_move(pos, best.substr(9)).ok()) << best;
}

}  // namespace
