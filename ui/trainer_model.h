// The trainer's state above one problem: the catalogue of collections, the browsing
// filter and the list it selects, and the problem being solved (a SolveSession).
//
// Contract: plain state and actions, no ImGui; open() and the navigation keep `current`
// inside the list (or -1 when the list is empty).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "problems/problem.h"
#include "ui/solve_session.h"

namespace tsumi::ui {

class TrainerModel {
 public:
  // Loads every collection of `folder`; false (with the reason) when it cannot.
  bool load(const std::string& folder, std::string* error = nullptr);
  void add(problems::Collection c);

  problems::ProblemFilter filter;
  void refresh();  // re-applies the filter
  const std::vector<const problems::Problem*>& list() const { return list_; }
  int current() const { return current_; }

  bool open(int index);
  bool open_id(const std::string& id);  // "tanuki-0001" (in any collection)
  void next() { open(current_ + 1); }
  void previous() { open(current_ - 1); }

  SolveSession* session() { return session_.get(); }
  const problems::Problem* problem() const {
    return current_ >= 0 && current_ < int(list_.size()) ? list_[size_t(current_)] : nullptr;
  }
  const problems::Catalogue& catalogue() const { return catalogue_; }

 private:
  problems::Catalogue catalogue_;
  std::vector<const problems::Problem*> list_;
  int current_ = -1;
  std::unique_ptr<SolveSession> session_;
};

}  // namespace tsumi::ui
