#include "ui/trainer_model.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "problems/formats.h"
#include "rules/usi_move.h"

namespace tsumi::ui {

namespace {
int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

bool TrainerModel::load(const std::string& folder, std::string* error) {
  auto c = problems::Catalogue::load(folder);
  if (!c) {
    if (error) *error = c.error().message;
    return false;
  }
  catalogue_ = std::move(c).value();
  refresh();
  return true;
}

void TrainerModel::add(problems::Collection c) {
  catalogue_.add(std::move(c));
  refresh();
}

void TrainerModel::refresh() {
  const problems::Problem* was = problem();
  list_ = catalogue_.find(filter);
  if (status != Status::kAll && progress_) {
    // The last attempt of each problem, and the review queue.
    std::map<std::string, problems::Attempt::Outcome> last;
    if (auto all = progress_->attempts())
      for (const problems::Attempt& a : *all) last[a.problem_id] = a.outcome;
    std::set<std::string> due;
    if (auto d = progress_->due(clock ? clock() : now_ms(), 1 << 20)) due.insert(d->begin(), d->end());
    std::vector<const problems::Problem*> kept;
    for (const problems::Problem* p : list_) {
      std::string key = p->collection + "/" + p->id;
      auto it = last.find(key);
      bool keep =
          status == Status::kUnseen   ? it == last.end()
          : status == Status::kSolved ? it != last.end() && it->second == problems::Attempt::Outcome::kSolved
          : status == Status::kFailed ? it != last.end() && it->second != problems::Attempt::Outcome::kSolved
                                      : due.count(key) > 0;
      if (keep) kept.push_back(p);
    }
    list_ = std::move(kept);
  }
  current_ = -1;
  for (size_t i = 0; i < list_.size(); ++i)
    if (list_[i] == was) current_ = int(i);
}

std::string TrainerModel::record(problems::Attempt::Outcome outcome) {
  recorded_ = true;
  const problems::Problem* p = problem();
  if (!progress_ || !p || !session_) return "";
  problems::Attempt a;
  a.problem_id = p->collection + "/" + p->id;
  a.started_ms = started_ms_;
  a.ended_ms = clock ? clock() : now_ms();
  a.outcome = outcome;
  for (const std::string& m : session_->tried()) a.moves += (a.moves.empty() ? "" : " ") + m;
  a.wrong_tries = session_->wrong_tries();
  a.hints = session_->hints_used();
  auto r = progress_->record_attempt(a);
  return r ? "" : r.error().message;
}

std::string TrainerModel::update() {
  if (auto r = analysis_.poll()) {
    if (r->kind == solver::SolveResult::Kind::kMate) {
      pasted_.stated_length = r->length;
      pasted_.main_line.clear();
      for (rules::Move m : r->pv) pasted_.main_line.push_back(rules::to_usi(m));
      note_ = "The solver: mate in " + std::to_string(r->length) + (r->minimal ? "" : " (at most)") + ".";
      start_session(pasted_);
    } else {
      note_ = r->kind == solver::SolveResult::Kind::kNoMate ? "The solver: there is no mate in this position."
                                                            : "The solver did not finish: " + r->note;
    }
  }
  if (!session_ || recorded_) return "";
  if (session_->state() == SolveSession::State::kShowingSolution)
    return record(problems::Attempt::Outcome::kGaveUp);
  if (session_->state() != SolveSession::State::kSolved) return "";
  return record(problems::Attempt::Outcome::kSolved);
}

void TrainerModel::leave() {
  // Leaving a problem unsolved after trying it counts as an attempt given up.
  if (session_ && !recorded_ && !session_->tried().empty()) record(problems::Attempt::Outcome::kGaveUp);
  session_.reset();
}

void TrainerModel::start_session(const problems::Problem& p) {
  recorded_ = false;
  started_ms_ = clock ? clock() : now_ms();
  session_ = std::make_unique<SolveSession>(p.sfen, p.stated_length > 0 ? p.stated_length : 1, p.main_line);
  session_->board().flipped = flipped;
}

std::string TrainerModel::open_text(const std::string& text) {
  auto records = problems::parse_records(text, problems::detect_format("", text));
  if (!records) return note_ = "Cannot read the problem: " + records.error().message;
  return open_record(records->front(), "pasted");
}

std::string TrainerModel::open_file(const std::string& path) {
  auto records = problems::read_records(path);
  if (!records) return note_ = "Cannot open the file: " + records.error().message;
  if (records->empty()) return note_ = "Cannot open the file: " + path + " holds no problem";
  const std::string name = std::filesystem::path(path).filename().string();
  std::string error = open_record(records->front(), name);
  if (error.empty() && records->size() > 1)
    note_ += " (the first of " + std::to_string(records->size()) + " records in " + name + ")";
  return error;
}

std::string TrainerModel::open_record(const problems::Record& r, const std::string& id) {
  leave();
  problems::Problem p = problems::problem_from_record(r, id);
  p.collection = "pasted";
  if (!p.stated_length && r.outcome == problems::Outcome::kMate) p.stated_length = int(p.main_line.size());
  pasted_ = p;
  pasted_open_ = true;
  current_ = -1;
  if (p.stated_length > 0) {
    note_ = "Opened: mate in " + std::to_string(p.stated_length) + ".";
    start_session(pasted_);
    return "";
  }
  // No stated length: the solver finds it first.
  note_ = "Solving the position…";
  analysis_.start(p.sfen, 60);
  return "";
}

std::string TrainerModel::play_from(const std::string& sfen) {
  GameSetup setup = game_setup;
  setup.sfen = sfen;
  auto g = GameSession::start(setup);
  if (!g) return note_ = "Cannot start the game: " + g.error().message;
  game_ = std::move(g).value();
  note_.clear();
  // Where the record goes by default: the home folder, named by the time the game began.
  const char* home = std::getenv("HOME");
  const std::time_t t = std::time(nullptr);
  char name[64];
  std::strftime(name, sizeof name, "tsumi-game-%Y%m%d-%H%M%S.kif", std::localtime(&t));
  std::snprintf(game_save_path.data(), game_save_path.size(), "%s/%s", home ? home : ".", name);
  return "";
}

void TrainerModel::enter_editor(const std::string& sfen) {
  editing = true;
  tree_view.reset();
  editor.load(sfen);
  if (!editor_save_path[0]) {
    const char* home = std::getenv("HOME");
    std::snprintf(editor_save_path.data(), editor_save_path.size(), "%s/tsumi-problem.kif",
                  home ? home : ".");
  }
}

void TrainerModel::leave_editor() {
  editing = false;
  tree_view.reset();
  verification.cancel();
}

std::string TrainerModel::editor_solve() {
  const std::string sfen = editor.sfen();
  if (sfen.empty()) return note_ = "The position is not legal yet.";
  leave_editor();
  return open_text(sfen);
}

std::string TrainerModel::editor_play() {
  const std::string sfen = editor.sfen();
  if (sfen.empty()) return note_ = "The position is not legal yet.";
  leave_editor();
  return play_from(sfen);
}

void TrainerModel::editor_verify() {
  const std::string sfen = editor.sfen();
  if (!sfen.empty()) verification.start(sfen, editor_length);
}

void TrainerModel::show_tree_line(const std::vector<rules::Move>& line) {
  tree_view.emplace(verification.sfen());
  for (rules::Move m : line)
    if (!tree_view->play(m)) break;
}

void TrainerModel::start_practice(int length, uint64_t seed) {
  practice_length = length;
  practice.start(length, seed);
  note_ = "Generating problems of " + std::to_string(length) + " plies…";
}

bool TrainerModel::next_practice() {
  auto p = practice.take();
  if (!p) {
    note_ = "The next practice problem is still being generated…";
    return false;
  }
  leave();
  pasted_ = *p;
  pasted_open_ = true;
  current_ = -1;
  note_ = "Practice: a generated mate in " + std::to_string(p->stated_length) + ".";
  start_session(pasted_);
  return true;
}

std::string TrainerModel::save_editor_position(const std::string& path) const {
  const std::string sfen = editor.sfen();
  if (sfen.empty()) return "The position is not legal yet: " + editor.problems(false).front();
  problems::Record r;
  r.start_sfen = sfen;
  r.lines.assign(1, problems::Line{});
  if (editor_length > 0) r.set_header("手数", std::to_string(editor_length));
  const problems::Format f = problems::detect_format(path, "");
  std::ofstream out(path, std::ios::binary);
  if (!out) return "Cannot write " + path;
  out << problems::write_record(r, f);
  out.close();
  return out ? "" : "Cannot write " + path;
}

std::string TrainerModel::finish() {
  if (session_ && !recorded_ && !session_->tried().empty())
    return record(problems::Attempt::Outcome::kGaveUp);
  return "";
}

bool TrainerModel::open(int index) {
  if (index < 0 || index >= int(list_.size())) return false;
  leave();
  pasted_open_ = false;
  current_ = index;
  start_session(*list_[size_t(index)]);
  return true;
}

bool TrainerModel::open_id(const std::string& id) {
  for (size_t i = 0; i < list_.size(); ++i)
    if (list_[i]->id == id) return open(int(i));
  return false;
}

}  // namespace tsumi::ui
