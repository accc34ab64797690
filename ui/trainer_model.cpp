#include "ui/trainer_model.h"

namespace tsumi::ui {

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
  current_ = -1;
  for (size_t i = 0; i < list_.size(); ++i)
    if (list_[i] == was) current_ = int(i);
}

bool TrainerModel::open(int index) {
  if (index < 0 || index >= int(list_.size())) return false;
  current_ = index;
  const problems::Problem& p = *list_[size_t(index)];
  session_ = std::make_unique<SolveSession>(p.sfen, p.stated_length > 0 ? p.stated_length : 1, p.main_line);
  return true;
}

bool TrainerModel::open_id(const std::string& id) {
  for (size_t i = 0; i < list_.size(); ++i)
    if (list_[i]->id == id) return open(int(i));
  return false;
}

}  // namespace tsumi::ui
