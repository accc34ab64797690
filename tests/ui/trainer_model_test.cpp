// The trainer's state above one problem: browsing, and every attempt recorded in the
// progress database (solved, or given up with the wrong tries), plus the move list.
#include "ui/trainer_model.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "rules/usi_move.h"
#include "ui/move_list.h"
#include "ui/stats.h"

namespace tsumi::ui {
namespace {

problems::Collection small_collection() {
  problems::Collection c;
  c.name = "t";
  for (auto [id, sfen, length, line] :
       {std::tuple{"a", "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1", 3, "1d2c 1b1a 2c2b"},
        std::tuple{"b", "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1", 3, "2b2a+ 1a2a G*2b"}}) {
    problems::Problem p;
    p.id = id;
    p.collection = "t";
    p.sfen = sfen;
    p.stated_length = length;
    std::string l = line;
    for (size_t at = 0; at < l.size();) {
      size_t end = l.find(' ', at);
      if (end == std::string::npos) end = l.size();
      p.main_line.push_back(l.substr(at, end - at));
      at = end + 1;
    }
    c.problems.push_back(p);
  }
  return c;
}

void play(SolveSession& s, const std::string& usi) {
  auto m = rules::parse_usi_move(s.board().position(), usi);
  ASSERT_TRUE(m.ok()) << usi;
  s.board().play(*m);
  s.after_user_action();
  s.wait();
  s.poll();
}

TEST(TrainerModel, AttemptsAreRecorded) {
  std::string path =
      (std::filesystem::temp_directory_path() / ("tsumi-trainer-" + std::to_string(getpid()) + ".db"))
          .string();
  std::filesystem::remove(path);
  auto db = problems::ProgressDb::open(path);
  ASSERT_TRUE(db.ok()) << db.error().message;
  TrainerModel t;
  t.add(small_collection());
  t.set_progress(std::move(db).value());
  int64_t now = 1'000'000'000'000;
  t.clock = [&] { return now; };
  ASSERT_EQ(t.list().size(), 2u);
  ASSERT_TRUE(t.open_id("a"));
  // A wrong move first (refuted and taken back), then the solution.
  play(*t.session(), "2d2b+");
  ASSERT_EQ(t.session()->state(), SolveSession::State::kWrong);
  t.session()->retry();
  play(*t.session(), "1d2c");
  play(*t.session(), "2c2b");
  ASSERT_EQ(t.session()->state(), SolveSession::State::kSolved);
  now += 60'000;
  EXPECT_EQ(t.update(), "");
  EXPECT_EQ(t.update(), "");  // recorded once
  // The next problem, tried and left: given up.
  t.next();
  play(*t.session(), "2b2a+");
  t.previous();
  auto attempts = t.progress()->attempts();
  ASSERT_TRUE(attempts.ok());
  ASSERT_EQ(attempts->size(), 2u);
  EXPECT_EQ((*attempts)[0].problem_id, "t/a");
  EXPECT_EQ((*attempts)[0].outcome, problems::Attempt::Outcome::kSolved);
  EXPECT_EQ((*attempts)[0].wrong_tries, 1);
  EXPECT_EQ((*attempts)[0].moves, "2d2b+ 1d2c 2c2b");
  EXPECT_EQ((*attempts)[0].ended_ms - (*attempts)[0].started_ms, 60'000);
  EXPECT_EQ((*attempts)[1].problem_id, "t/b");
  EXPECT_EQ((*attempts)[1].outcome, problems::Attempt::Outcome::kGaveUp);
  EXPECT_EQ(*t.progress()->streak_days(now), 1);
  // Browsing by the record: a was solved, b given up; both are due for review in two days.
  auto ids = [&](TrainerModel::Status st) {
    t.status = st;
    t.refresh();
    std::string out;
    for (const problems::Problem* p : t.list()) out += p->id;
    return out;
  };
  EXPECT_EQ(ids(TrainerModel::Status::kSolved), "a");
  EXPECT_EQ(ids(TrainerModel::Status::kFailed), "b");
  EXPECT_EQ(ids(TrainerModel::Status::kUnseen), "");
  EXPECT_EQ(ids(TrainerModel::Status::kDue), "");
  now += 2 * 86'400'000;
  EXPECT_EQ(ids(TrainerModel::Status::kDue), "ab");
  EXPECT_EQ(ids(TrainerModel::Status::kAll), "ab");
  // Statistics for the plots.
  Stats st = compute_stats(*t.progress()->attempts(), t.catalogue());
  EXPECT_EQ(st.attempts, 2);
  EXPECT_EQ(st.solved, 1);
  ASSERT_EQ(st.solve_seconds.size(), 1u);
  EXPECT_FLOAT_EQ(st.solve_seconds[0], 60.0f);
  EXPECT_EQ(st.by_length[3], (std::pair<int, int>{1, 2}));
  t.set_progress(nullptr);
  std::filesystem::remove(path);
}

TEST(TrainerModel, PastedProblems) {
  TrainerModel t;
  // A KIF problem with its length: opened at once.
  std::string kif =
      "手数：3\n後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
      "| ・ ・ ・ ・ ・ ・ ・v金v玉|一\n| ・ ・ ・ ・ ・ ・ ・ 香 ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ 角|三\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
      "+---------------------------+\n先手の持駒：なし\n";
  EXPECT_EQ(t.open_text(kif), "");
  ASSERT_NE(t.session(), nullptr);
  EXPECT_EQ(t.session()->plies_left(), 3);
  EXPECT_EQ(t.problem()->collection, "pasted");
  // A bare SFEN: the solver finds the length on its worker thread first.
  EXPECT_EQ(t.open_text("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1"), "");
  EXPECT_EQ(t.session(), nullptr);
  EXPECT_TRUE(t.analysis().running());
  t.analysis().wait();
  (void)t.update();
  ASSERT_NE(t.session(), nullptr) << t.note();
  EXPECT_EQ(t.session()->plies_left(), 3);
  EXPECT_NE(t.note().find("mate in 3"), std::string::npos) << t.note();
  // Broken text: a message that names the problem, nothing opened anew.
  EXPECT_NE(t.open_text("P1 * +XX\n").find("unknown piece code"), std::string::npos);
}

TEST(TrainerModel, OpensARecordFile) {
  TrainerModel t;
  const std::string path =
      (std::filesystem::temp_directory_path() / ("tsumi_open_" + std::to_string(getpid()) + ".csa")).string();
  {
    std::ofstream out(path);
    out << "P1 *  *  *  *  *  *  * -KI-OU\nP2 *  *  *  *  *  *  * +KY * \nP3 *  *  *  *  *  *  *  * +KA\n"
           "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n"
           "P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \n"
           "P-00AL\n+\n";
  }
  EXPECT_EQ(t.open_file(path), "");
  EXPECT_TRUE(t.analysis().running() || t.session());  // no stated length: solved first
  t.analysis().wait();
  (void)t.update();
  ASSERT_NE(t.session(), nullptr) << t.note();
  EXPECT_EQ(t.problem()->id, std::filesystem::path(path).filename().string());
  std::filesystem::remove(path);
  // A missing file and a broken one: messages that name the file (and the line).
  EXPECT_NE(t.open_file(path).find(path), std::string::npos);
  {
    std::ofstream out(path);
    out << "P1 * +XX\n";
  }
  std::string error = t.open_file(path);
  EXPECT_NE(error.find("line 1"), std::string::npos) << error;
  EXPECT_NE(t.session(), nullptr);  // the open problem stays open
  std::filesystem::remove(path);
}

TEST(TrainerModel, TagFilter) {
  TrainerModel t;
  problems::Collection c = small_collection();
  c.problems[0].tags = {"classical", "short"};
  c.problems[1].tags = {"short"};
  t.add(c);
  auto tags = t.catalogue().tags();
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(tags[0], (std::pair<std::string, int>{"classical", 1}));
  EXPECT_EQ(tags[1], (std::pair<std::string, int>{"short", 2}));
  t.filter.tags = {"classical"};
  t.refresh();
  ASSERT_EQ(t.list().size(), 1u);
  EXPECT_EQ(t.list()[0]->id, "a");
  t.filter.tags.clear();
  t.refresh();
  EXPECT_EQ(t.list().size(), 2u);
}

TEST(MoveList, ThreeNotations) {
  BoardModel b;
  b.play(*rules::parse_usi_move(b.position(), "7g7f"));
  b.play(*rules::parse_usi_move(b.position(), "3c3d"));
  b.play(*rules::parse_usi_move(b.position(), "8h2b+"));
  EXPECT_EQ(move_texts(b, Notation::kUsi), (std::vector<std::string>{"1. 7g7f", "2. 3c3d", "3. 8h2b+"}));
  EXPECT_EQ(move_texts(b, Notation::kWestern)[2], "3. Bx2b+");
  EXPECT_EQ(move_texts(b, Notation::kJapanese)[0], "1. ▲７六歩(77)");
  EXPECT_EQ(notation_from_name(notation_name(Notation::kWestern)), Notation::kWestern);
  // Stepped back: the moves ahead are listed after the ones played, in order.
  b.back();
  b.back();
  EXPECT_EQ(move_texts(b, Notation::kUsi).size(), 1u);
  EXPECT_EQ(move_texts(b, Notation::kUsi, true),
            (std::vector<std::string>{"1. 7g7f", "2. 3c3d", "3. 8h2b+"}));
}

}  // namespace
}  // namespace tsumi::ui
