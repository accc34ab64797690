// The trainer's state above one problem: the catalogue of collections, the browsing
// filter and the list it selects, and the problem being solved (a SolveSession).
//
// Every attempt is recorded in the progress database when one is attached: a problem
// solved, or left unsolved for another one after at least one move (given up), with the
// moves tried, the wrong tries and the time.
//
// Contract: plain state and actions, no ImGui; open() and the navigation keep `current`
// inside the list (or -1 when the list is empty).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "problems/problem.h"
#include "problems/progress_db.h"
#include "ui/analysis.h"
#include "ui/editor_model.h"
#include "ui/file_browser.h"
#include "ui/game_session.h"
#include "ui/move_list.h"
#include "ui/practice.h"
#include "ui/solve_session.h"
#include "ui/verification.h"

namespace tsumi::ui {

class TrainerModel {
 public:
  // Loads every collection of `folder`; false (with the reason) when it cannot.
  bool load(const std::string& folder, std::string* error = nullptr);
  void add(problems::Collection c);

  problems::ProblemFilter filter;
  // Which problems by the user's record (needs the progress database): all, never tried,
  // solved at the last attempt, failed or given up at the last attempt, due for review.
  enum class Status { kAll, kUnseen, kSolved, kFailed, kDue };
  Status status = Status::kAll;
  Notation notation = Notation::kJapanese;  // of the move list
  bool flipped = false;                     // the board seen from the defender's side (a setting)
  // The problem's session thinks ahead while the user thinks (SolveSession; a setting: it
  // keeps one core busy up to a minute per position).
  bool think_ahead = true;
  void refresh();  // re-applies the filter
  const std::vector<const problems::Problem*>& list() const { return list_; }
  int current() const { return current_; }

  bool open(int index);
  bool open_id(const std::string& id);  // "tanuki-0001" (in any collection)
  void next() { open(current_ + 1); }
  void previous() { open(current_ - 1); }

  // Progress: attempts are recorded here (may be null: nothing is recorded).
  void set_progress(std::unique_ptr<problems::ProgressDb> db) { progress_ = std::move(db); }
  problems::ProgressDb* progress() { return progress_.get(); }
  // The clock (Unix milliseconds); tests replace it.
  std::function<int64_t()> clock;
  // Once per frame: records a solved attempt. Returns an error from the database, or "".
  std::string update();
  // At the end of the program: a problem tried and left unsolved is recorded as given up.
  std::string finish();
  int64_t started_ms() const { return started_ms_; }

  // Opens a pasted or loaded problem: SFEN, USI, KIF, KI2 or CSA text. With a stated length
  // (手数, or a main line ending in mate) it opens at once; otherwise the solver finds the
  // length first on a worker thread, and update() opens it when done. Returns an error
  // naming the problem with the text, or "".
  std::string open_text(const std::string& text);
  // The same for a record file (KIF, KI2, CSA, SFEN lines; the encoding is detected): its
  // first record. Errors name the file and the line.
  std::string open_file(const std::string& path);
  Analysis& analysis() { return analysis_; }
  const std::string& note() const { return note_; }  // what happened (a pasted problem, a game)
  void set_note(std::string n) { note_ = std::move(n); }
  std::array<char, 8192> paste_buffer{};  // the text box's contents
  FileBrowser files;                      // the "open a file" dialog's folder
  // The session's message the view last brought into sight: a new one scrolls the panel
  // down to it and its buttons, which a long panel otherwise leaves below its bottom edge.
  std::string feedback_shown;

  // Playing a game ("play from here"): from a position (the one on the board, a problem's,
  // a pasted one, or a start position), with the settings of game_setup. While a game is
  // on, its board is the one shown. Returns an error naming the problem, or "".
  GameSetup game_setup;
  std::string play_from(const std::string& sfen);
  GameSession* game() { return game_.get(); }
  void end_game() { game_.reset(); }
  std::array<char, 512> game_save_path{};  // where the view saves the game record

  // The board editor (issue #8): while `editing`, the editor's board is shown and clicks
  // edit it; a chosen node of the verification's solution tree shows its line instead.
  bool editing = false;
  EditorModel editor;
  Verification verification;
  int editor_length = 0;  // the stated length for Verify (0: the solver's)
  std::optional<BoardModel> tree_view;
  std::array<char, 512> editor_save_path{};
  // Into the editor with a position (kept as it was when it is not legal), and out.
  void enter_editor(const std::string& sfen);
  void leave_editor();
  // The editor's position: solved (like a pasted one), played, or verified on the worker.
  std::string editor_solve();
  std::string editor_play();
  void editor_verify();
  // Shows a line of the solution tree on a board of its own.
  void show_tree_line(const std::vector<rules::Move>& line);
  // Saves the editor's position as KIF, KI2, CSA or SFEN (by the file's extension).
  std::string save_editor_position(const std::string& path) const;

  // Endless practice: generated problems of one length, one after another.
  Practice practice;
  int practice_length = 3;
  void start_practice(int length, uint64_t seed);
  // Opens the next generated problem when one is ready; false (and a note) when not yet.
  bool next_practice();

  SolveSession* session() { return session_.get(); }
  const problems::Problem* problem() const {
    if (pasted_open_) return &pasted_;
    return current_ >= 0 && current_ < int(list_.size()) ? list_[size_t(current_)] : nullptr;
  }
  const problems::Catalogue& catalogue() const { return catalogue_; }

 private:
  problems::Catalogue catalogue_;
  std::vector<const problems::Problem*> list_;
  int current_ = -1;
  std::unique_ptr<SolveSession> session_;
  std::unique_ptr<GameSession> game_;
  std::unique_ptr<problems::ProgressDb> progress_;
  Analysis analysis_;
  problems::Problem pasted_;
  bool pasted_open_ = false;
  std::string note_;
  void start_session(const problems::Problem& p);
  std::string open_record(const problems::Record& r, const std::string& id);
  void leave();
  int64_t started_ms_ = 0;
  bool recorded_ = false;
  std::string record(problems::Attempt::Outcome outcome);
};

}  // namespace tsumi::ui
