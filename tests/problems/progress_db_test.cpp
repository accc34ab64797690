// The progress database: SM-2 steps, attempts and the review queue, streaks, settings,
// durability when the process is killed mid-write, and refusal (with a backup copy) of
// damaged, foreign and newer files.
#include "problems/progress_db.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tsumi::problems {
namespace {

namespace fs = std::filesystem;
constexpr int64_t kDay = 86'400'000;

class ProgressDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tsumi-progress-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    path_ = (dir_ / "progress.sqlite3").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::unique_ptr<ProgressDb> open_ok() {
    auto db = ProgressDb::open(path_);
    EXPECT_TRUE(db.ok()) << db.error().message;
    return db ? std::move(db).value() : nullptr;
  }
  std::vector<fs::path> backups() const {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().filename().string().find(".backup-") != std::string::npos &&
          e.path().filename().string().find("-wal") == std::string::npos)
        out.push_back(e.path());
    return out;
  }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  fs::path dir_;
  std::string path_;
};

Attempt attempt(const std::string& id, int64_t day, Attempt::Outcome o, int wrong = 0, int hints = 0) {
  return Attempt{id, day * kDay + 1000, day * kDay + 60'000, o, "7g7f", wrong, hints};
}

TEST(Sm2, IntervalsGrowAndFailuresRestart) {
  ReviewState s;
  s = next_review(s, 5, 0);
  EXPECT_EQ(s.interval_days, 1);
  s = next_review(s, 5, 0);
  EXPECT_EQ(s.interval_days, 6);
  s = next_review(s, 5, 0);
  EXPECT_EQ(s.interval_days, 16);  // 6 × 2.7, rounded
  EXPECT_NEAR(s.easiness, 2.8, 1e-9);
  s = next_review(s, 1, 0);
  EXPECT_EQ(s.repetitions, 0);
  EXPECT_EQ(s.interval_days, 1);
  for (int i = 0; i < 20; ++i) s = next_review(s, 0, 0);
  EXPECT_DOUBLE_EQ(s.easiness, 1.3);  // the floor
  EXPECT_EQ(grade_of(attempt("p", 0, Attempt::Outcome::kSolved)), 5);
  EXPECT_EQ(grade_of(attempt("p", 0, Attempt::Outcome::kSolved, 1)), 4);
  EXPECT_EQ(grade_of(attempt("p", 0, Attempt::Outcome::kSolved, 1, 2)), 3);
  EXPECT_EQ(grade_of(attempt("p", 0, Attempt::Outcome::kGaveUp)), 1);
}

TEST_F(ProgressDbTest, AttemptsQueueStreakAndSettingsPersist) {
  {
    auto db = open_ok();
    ASSERT_TRUE(db);
    EXPECT_EQ(db->schema_version(), kProgressSchemaVersion);
    ASSERT_TRUE(db->record_attempt(attempt("tanuki-1", 100, Attempt::Outcome::kSolved)).ok());
    ASSERT_TRUE(db->record_attempt(attempt("tanuki-2", 101, Attempt::Outcome::kFailed)).ok());
    ASSERT_TRUE(db->record_attempt(attempt("tanuki-3", 102, Attempt::Outcome::kSolved, 0, 1)).ok());
    ASSERT_TRUE(db->record_attempt(attempt("tanuki-3", 103, Attempt::Outcome::kSolved)).ok());
    ASSERT_TRUE(db->set_setting("notation", "western").ok());
  }
  auto db = open_ok();  // everything is still there after reopening
  ASSERT_TRUE(db);
  auto all = db->attempts();
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 4u);
  EXPECT_EQ(db->attempts("tanuki-3")->size(), 2u);
  EXPECT_EQ(db->attempts("tanuki-3")->at(0).hints, 1);
  // Due on day 102: tanuki-1 (solved day 100, 1 day) and tanuki-2 (failed day 101, 1 day);
  // tanuki-3 was solved twice, next due 6 days after day 103.
  auto due = db->due(102 * kDay + 120'000, 10);
  ASSERT_TRUE(due.ok());
  ASSERT_EQ(due->size(), 2u);
  EXPECT_EQ((*due)[0], "tanuki-1");
  EXPECT_EQ((*due)[1], "tanuki-2");
  EXPECT_EQ((*db->review_state("tanuki-3"))->interval_days, 6);
  // Solved on days 102 and 103 (not 101): a two-day streak on day 103 and still on day 104.
  EXPECT_EQ(*db->streak_days(103 * kDay + 5), 2);
  EXPECT_EQ(*db->streak_days(104 * kDay + 5), 2);
  EXPECT_EQ(*db->streak_days(106 * kDay + 5), 0);
  EXPECT_EQ(db->setting("notation")->value_or(""), "western");
  EXPECT_FALSE(db->setting("missing")->has_value());
}

TEST_F(ProgressDbTest, KillingTheWriterLosesNothingCommitted) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(fds[0]);
    auto db = ProgressDb::open(path_);
    if (!db) _exit(3);
    for (int i = 0;; ++i) {
      if (!(*db)->record_attempt(attempt("p" + std::to_string(i), 200 + i % 5, Attempt::Outcome::kSolved)))
        _exit(4);
      char c = 'x';
      if (write(fds[1], &c, 1) != 1) _exit(5);  // reported only after the commit
    }
  }
  close(fds[1]);
  int committed = 0;
  char c;
  while (committed < 300 && read(fds[0], &c, 1) == 1) ++committed;
  kill(child, SIGKILL);  // in the middle of the next write
  int status = 0;
  waitpid(child, &status, 0);
  close(fds[0]);
  ASSERT_EQ(committed, 300);
  auto db = open_ok();
  ASSERT_TRUE(db);
  auto all = db->attempts();
  ASSERT_TRUE(all.ok()) << all.error().message;
  EXPECT_GE(all->size(), 300u);
  EXPECT_TRUE(backups().empty());
}

TEST_F(ProgressDbTest, GarbageFileIsRefusedAndBackedUp) {
  { std::ofstream(path_, std::ios::binary) << "this is not a database at all, but user data nonetheless\n"; }
  std::string before = slurp(path_);
  auto db = ProgressDb::open(path_);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.error().message.find("not an SQLite database"), std::string::npos) << db.error().message;
  EXPECT_NE(db.error().message.find(".backup-"), std::string::npos) << db.error().message;
  EXPECT_EQ(slurp(path_), before);  // untouched
  auto b = backups();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(slurp(b[0]), before);
}

TEST_F(ProgressDbTest, DamagedDatabaseIsRefusedAndBackedUp) {
  {
    auto db = open_ok();
    ASSERT_TRUE(db);
    for (int i = 0; i < 400; ++i)
      ASSERT_TRUE(
          db->record_attempt(attempt("problem-" + std::to_string(i), i, Attempt::Outcome::kSolved)).ok());
  }
  std::string bytes = slurp(path_);
  ASSERT_GT(bytes.size(), 4u * 4096);
  for (size_t i = 2 * 4096; i < 4 * 4096; ++i) bytes[i] = char(0xA5);  // scribble over pages 3-4
  { std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes; }
  auto db = ProgressDb::open(path_);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.error().message.find("damaged"), std::string::npos) << db.error().message;
  EXPECT_EQ(slurp(path_), bytes);
  ASSERT_EQ(backups().size(), 1u);
}

TEST_F(ProgressDbTest, NewerOrForeignFilesAreRefused) {
  { ASSERT_TRUE(open_ok()); }
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "PRAGMA user_version=99", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  auto newer = ProgressDb::open(path_);
  ASSERT_FALSE(newer.ok());
  EXPECT_NE(newer.error().message.find("newer Tsumi (schema 99"), std::string::npos) << newer.error().message;
  ASSERT_EQ(backups().size(), 1u);

  std::string other = (dir_ / "other.sqlite3").string();
  ASSERT_EQ(sqlite3_open(other.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE notes(x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  auto foreign = ProgressDb::open(other);
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.error().message.find("another program"), std::string::npos) << foreign.error().message;
}

TEST(ProgressDbPath, FollowsXdg) {
  setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(ProgressDb::default_path(), "/tmp/xdg-test/tsumi/progress.sqlite3");
  unsetenv("XDG_DATA_HOME");
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(ProgressDb::default_path(), "/home/someone/.local/share/tsumi/progress.sqlite3");
}

}  // namespace
}  // namespace tsumi::problems
