// The user's progress: every attempt at a problem, the spaced-repetition state of each
// problem and the review queue, streaks, and settings — one SQLite file in the user's
// data folder ($XDG_DATA_HOME/tsumi/progress.sqlite3, else ~/.local/share/tsumi/).
//
// Durability: WAL journal with synchronous=FULL, one transaction per write, so killing the
// process at any moment loses nothing already committed. The schema is versioned
// (PRAGMA user_version) and migrated forward step by step inside a transaction.
//
// Spaced repetition is SM-2 (Wozniak 1990): each attempt is graded 0–5 (5: solved with no
// wrong try and no hint; 4: solved with one wrong try or hint; 3: solved with more help;
// 1: failed or gave up); grades below 3 restart the repetitions with a one-day interval,
// otherwise the interval goes 1 day, 6 days, then times the easiness factor, which moves
// by 0.1 − (5 − q)(0.08 + (5 − q)·0.02) and never drops below 1.3.
//
// Contract: open() never loses data. A file that is not a readable Tsumi database, or
// that was written by a newer version, is copied to a backup next to it and reported
// with a message that names both files; the original is left as it was. Every method
// returns a result or an error naming the failing operation; none throws.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/result.h"

struct sqlite3;

namespace tsumi::problems {

inline constexpr int kProgressSchemaVersion = 1;

struct Attempt {
  enum class Outcome { kSolved, kFailed, kGaveUp };
  std::string problem_id;
  int64_t started_ms = 0;  // Unix time, milliseconds
  int64_t ended_ms = 0;
  Outcome outcome = Outcome::kFailed;
  std::string moves;  // the moves the user tried, USI, space-separated
  int wrong_tries = 0;
  int hints = 0;
};

struct ReviewState {
  std::string problem_id;
  int repetitions = 0;
  double easiness = 2.5;
  int interval_days = 0;
  int64_t due_ms = 0;
};

// The SM-2 step, on its own so that it can be tested and documented.
int grade_of(const Attempt& a);
ReviewState next_review(const ReviewState& s, int grade, int64_t now_ms);

class ProgressDb {
 public:
  static std::string default_path();
  static rules::Result<std::unique_ptr<ProgressDb>> open(const std::string& path);
  ~ProgressDb();
  ProgressDb(const ProgressDb&) = delete;
  ProgressDb& operator=(const ProgressDb&) = delete;

  // Records the attempt and updates the problem's review state, in one transaction.
  rules::Result<int64_t> record_attempt(const Attempt& a);
  rules::Result<std::vector<Attempt>> attempts(const std::string& problem_id = "") const;
  rules::Result<std::optional<ReviewState>> review_state(const std::string& problem_id) const;
  // Problems due for review at `now_ms`, most overdue first.
  rules::Result<std::vector<std::string>> due(int64_t now_ms, int limit) const;
  // Consecutive days (UTC) ending today or yesterday with at least one solved attempt.
  rules::Result<int> streak_days(int64_t now_ms) const;
  rules::Result<bool> set_setting(const std::string& key, const std::string& value);
  rules::Result<std::optional<std::string>> setting(const std::string& key) const;
  int schema_version() const;
  const std::string& path() const { return path_; }

 private:
  ProgressDb(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  rules::Result<bool> exec(const std::string& sql);
  sqlite3* db_;
  std::string path_;
};

}  // namespace tsumi::problems
