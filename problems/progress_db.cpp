#include "problems/progress_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

namespace tsumi::problems {

using rules::make_error;
using rules::Result;

namespace {

constexpr int64_t kDayMs = 86'400'000;
constexpr int kApplicationId = 0x5453554D;  // "TSUM": marks the file as ours

// Schema steps: migration k takes a file from user_version k - 1 to k.
constexpr const char* kMigrations[] = {
    // 1: attempts, review states, settings.
    "CREATE TABLE attempts ("
    "  id INTEGER PRIMARY KEY,"
    "  problem_id TEXT NOT NULL,"
    "  started_ms INTEGER NOT NULL,"
    "  ended_ms INTEGER NOT NULL,"
    "  outcome INTEGER NOT NULL,"  // 0 solved, 1 failed, 2 gave up
    "  moves TEXT NOT NULL DEFAULT '',"
    "  wrong_tries INTEGER NOT NULL DEFAULT 0,"
    "  hints INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX attempts_by_problem ON attempts(problem_id);"
    "CREATE TABLE reviews ("
    "  problem_id TEXT PRIMARY KEY,"
    "  repetitions INTEGER NOT NULL,"
    "  easiness REAL NOT NULL,"
    "  interval_days INTEGER NOT NULL,"
    "  due_ms INTEGER NOT NULL);"
    "CREATE INDEX reviews_by_due ON reviews(due_ms);"
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
};
static_assert(std::size(kMigrations) == kProgressSchemaVersion);

// A prepared statement that finalizes itself.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) { ok_ = sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) == SQLITE_OK; }
  ~Stmt() { sqlite3_finalize(s_); }
  bool ok() const { return ok_; }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Stmt& bind(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.c_str(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  int step() { return sqlite3_step(s_); }
  int64_t integer(int c) const { return sqlite3_column_int64(s_, c); }
  double real(int c) const { return sqlite3_column_double(s_, c); }
  std::string text(int c) const {
    const unsigned char* t = sqlite3_column_text(s_, c);
    return t ? reinterpret_cast<const char*>(t) : "";
  }

 private:
  sqlite3_stmt* s_ = nullptr;
  bool ok_ = false;
};

std::string sqlite_error(sqlite3* db, const std::string& what) { return what + ": " + sqlite3_errmsg(db); }

// Copies the file (and its WAL) beside it; returns the backup's path, or "" on failure.
std::string back_up(const std::string& path) {
  std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&t));
  std::string backup = path + ".backup-" + stamp;
  std::error_code ec;
  std::filesystem::copy_file(path, backup, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) return "";
  if (std::filesystem::exists(path + "-wal"))
    std::filesystem::copy_file(path + "-wal", backup + "-wal",
                               std::filesystem::copy_options::overwrite_existing, ec);
  return backup;
}

rules::Error refuse(const std::string& path, const std::string& why) {
  std::string backup = back_up(path);
  std::string msg = "progress file " + path + " " + why + "; it is left untouched";
  msg += backup.empty() ? " (a backup copy could not be made)" : ", and a backup copy is at " + backup;
  return make_error(msg);
}

}  // namespace

int grade_of(const Attempt& a) {
  if (a.outcome != Attempt::Outcome::kSolved) return 1;
  int help = a.wrong_tries + a.hints;
  return help == 0 ? 5 : help == 1 ? 4 : 3;
}

ReviewState next_review(const ReviewState& s, int grade, int64_t now_ms) {
  ReviewState n = s;
  int q = std::clamp(grade, 0, 5);
  if (q < 3) {
    n.repetitions = 0;
    n.interval_days = 1;
  } else {
    n.repetitions = s.repetitions + 1;
    n.interval_days = n.repetitions == 1   ? 1
                      : n.repetitions == 2 ? 6
                                           : std::max(1, int(s.interval_days * s.easiness + 0.5));
  }
  n.easiness = std::max(1.3, s.easiness + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02));
  n.due_ms = now_ms + int64_t(n.interval_days) * kDayMs;
  return n;
}

std::string ProgressDb::default_path() {
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = std::filesystem::path(home) / ".local" / "share";
  else
    base = ".";
  return (base / "tsumi" / "progress.sqlite3").string();
}

Result<std::unique_ptr<ProgressDb>> ProgressDb::open(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path, ec) && fs::file_size(path, ec) > 0) {
    char header[16] = {};
    std::ifstream(path, std::ios::binary).read(header, sizeof header);
    if (std::string(header, 15) != "SQLite format 3")
      return refuse(path, "is not an SQLite database (corrupt?)");
  } else if (fs::path parent = fs::path(path).parent_path(); !parent.empty()) {
    fs::create_directories(parent, ec);
  }
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    std::string msg = raw ? sqlite3_errmsg(raw) : "out of memory";
    sqlite3_close(raw);
    return make_error("cannot open progress file " + path + ": " + msg);
  }
  std::unique_ptr<ProgressDb> db(new ProgressDb(raw, path));
  sqlite3_busy_timeout(raw, 5000);
  // A damaged file shows here: the check reads every page.
  bool intact = false;
  {
    Stmt check(raw, "PRAGMA quick_check");
    intact = check.ok() && check.step() == SQLITE_ROW && check.text(0) == "ok";
  }  // (the statement is finalized before the connection may close)
  if (!intact) {
    db.reset();
    return refuse(path, "is damaged (the integrity check failed)");
  }
  int version = db->schema_version();
  int64_t app_id = 0, tables = 0;
  {
    Stmt s(raw, "PRAGMA application_id");
    if (s.ok() && s.step() == SQLITE_ROW) app_id = s.integer(0);
    Stmt t(raw, "SELECT count(*) FROM sqlite_master");
    if (t.ok() && t.step() == SQLITE_ROW) tables = t.integer(0);
  }
  if ((version > 0 || tables > 0) && app_id != kApplicationId) {
    db.reset();
    return refuse(path, "is an SQLite database of another program");
  }
  if (version > kProgressSchemaVersion) {
    db.reset();
    return refuse(path, "was written by a newer Tsumi (schema " + std::to_string(version) +
                            "; this one knows up to " + std::to_string(kProgressSchemaVersion) + ")");
  }
  if (auto r = db->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"); !r) return r.error();
  if (version < kProgressSchemaVersion) {
    std::string sql = "BEGIN IMMEDIATE;";
    for (int v = version + 1; v <= kProgressSchemaVersion; ++v) sql += kMigrations[v - 1];
    sql += "PRAGMA user_version=" + std::to_string(kProgressSchemaVersion) + ";";
    sql += "PRAGMA application_id=" + std::to_string(kApplicationId) + ";COMMIT;";
    if (auto r = db->exec(sql); !r) {
      (void)db->exec("ROLLBACK;");  // the migration error is the one to report
      return make_error("cannot migrate progress file " + path + ": " + r.error().message);
    }
  }
  return db;
}

// close_v2: the connection goes away even if a statement were still open.
ProgressDb::~ProgressDb() { sqlite3_close_v2(db_); }

Result<bool> ProgressDb::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return make_error(msg);
  }
  return true;
}

int ProgressDb::schema_version() const {
  Stmt s(db_, "PRAGMA user_version");
  return s.ok() && s.step() == SQLITE_ROW ? int(s.integer(0)) : -1;
}

Result<int64_t> ProgressDb::record_attempt(const Attempt& a) {
  if (auto r = exec("BEGIN IMMEDIATE;"); !r) return make_error("record attempt: " + r.error().message);
  auto fail = [&](const std::string& what) {
    std::string msg = sqlite_error(db_, "record attempt: " + what);
    (void)exec("ROLLBACK;");  // the first error is the one to report
    return make_error(msg);
  };
  Stmt ins(db_,
           "INSERT INTO attempts(problem_id, started_ms, ended_ms, outcome, moves, wrong_tries, hints) "
           "VALUES(?,?,?,?,?,?,?)");
  if (!ins.ok()) return fail("prepare");
  ins.bind(1, a.problem_id)
      .bind(2, a.started_ms)
      .bind(3, a.ended_ms)
      .bind(4, int64_t(a.outcome))
      .bind(5, a.moves)
      .bind(6, int64_t(a.wrong_tries))
      .bind(7, int64_t(a.hints));
  if (ins.step() != SQLITE_DONE) return fail("insert");
  int64_t id = sqlite3_last_insert_rowid(db_);
  ReviewState s;
  s.problem_id = a.problem_id;
  if (auto old = review_state(a.problem_id); old && old->has_value()) s = **old;
  ReviewState n = next_review(s, grade_of(a), a.ended_ms);
  Stmt up(
      db_,
      "INSERT INTO reviews(problem_id, repetitions, easiness, interval_days, due_ms) VALUES(?,?,?,?,?) "
      "ON CONFLICT(problem_id) DO UPDATE SET repetitions=excluded.repetitions, easiness=excluded.easiness, "
      "interval_days=excluded.interval_days, due_ms=excluded.due_ms");
  if (!up.ok()) return fail("prepare review");
  up.bind(1, n.problem_id)
      .bind(2, int64_t(n.repetitions))
      .bind(3, n.easiness)
      .bind(4, int64_t(n.interval_days));
  up.bind(5, n.due_ms);
  if (up.step() != SQLITE_DONE) return fail("update review");
  if (auto r = exec("COMMIT;"); !r) return fail("commit");
  return id;
}

Result<std::vector<Attempt>> ProgressDb::attempts(const std::string& problem_id) const {
  Stmt s(db_, problem_id.empty()
                  ? "SELECT problem_id, started_ms, ended_ms, outcome, moves, wrong_tries, hints "
                    "FROM attempts ORDER BY id"
                  : "SELECT problem_id, started_ms, ended_ms, outcome, moves, wrong_tries, hints "
                    "FROM attempts WHERE problem_id = ? ORDER BY id");
  if (!s.ok()) return make_error(sqlite_error(db_, "read attempts"));
  if (!problem_id.empty()) s.bind(1, problem_id);
  std::vector<Attempt> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW)
    out.push_back(Attempt{s.text(0), s.integer(1), s.integer(2),
                          Attempt::Outcome(std::clamp<int64_t>(s.integer(3), 0, 2)), s.text(4),
                          int(s.integer(5)), int(s.integer(6))});
  if (rc != SQLITE_DONE) return make_error(sqlite_error(db_, "read attempts"));
  return out;
}

Result<std::optional<ReviewState>> ProgressDb::review_state(const std::string& problem_id) const {
  Stmt s(db_, "SELECT repetitions, easiness, interval_days, due_ms FROM reviews WHERE problem_id = ?");
  if (!s.ok()) return make_error(sqlite_error(db_, "read review state"));
  s.bind(1, problem_id);
  int rc = s.step();
  if (rc == SQLITE_DONE) return std::optional<ReviewState>();
  if (rc != SQLITE_ROW) return make_error(sqlite_error(db_, "read review state"));
  return std::optional<ReviewState>(
      ReviewState{problem_id, int(s.integer(0)), s.real(1), int(s.integer(2)), s.integer(3)});
}

Result<std::vector<std::string>> ProgressDb::due(int64_t now_ms, int limit) const {
  Stmt s(db_, "SELECT problem_id FROM reviews WHERE due_ms <= ? ORDER BY due_ms LIMIT ?");
  if (!s.ok()) return make_error(sqlite_error(db_, "read review queue"));
  s.bind(1, now_ms).bind(2, int64_t(limit));
  std::vector<std::string> out;
  while (s.step() == SQLITE_ROW) out.push_back(s.text(0));
  return out;
}

Result<int> ProgressDb::streak_days(int64_t now_ms) const {
  Stmt s(db_, "SELECT DISTINCT ended_ms / 86400000 AS day FROM attempts WHERE outcome = 0 ORDER BY day DESC");
  if (!s.ok()) return make_error(sqlite_error(db_, "read streak"));
  int64_t expect = now_ms / kDayMs;
  int streak = 0;
  bool first = true;
  while (s.step() == SQLITE_ROW) {
    int64_t day = s.integer(0);
    if (first && day == expect - 1) expect = day;  // nothing solved yet today: the streak still holds
    first = false;
    if (day != expect) break;
    ++streak;
    --expect;
  }
  return streak;
}

Result<bool> ProgressDb::set_setting(const std::string& key, const std::string& value) {
  Stmt s(
      db_,
      "INSERT INTO settings(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  if (!s.ok()) return make_error(sqlite_error(db_, "save setting"));
  s.bind(1, key).bind(2, value);
  if (s.step() != SQLITE_DONE) return make_error(sqlite_error(db_, "save setting " + key));
  return true;
}

Result<std::optional<std::string>> ProgressDb::setting(const std::string& key) const {
  Stmt s(db_, "SELECT value FROM settings WHERE key = ?");
  if (!s.ok()) return make_error(sqlite_error(db_, "read setting"));
  s.bind(1, key);
  if (s.step() == SQLITE_ROW) return std::optional<std::string>(s.text(0));
  return std::optional<std::string>();
}

}  // namespace tsumi::problems
