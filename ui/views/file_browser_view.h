// The "Open a file" dialog: a modal window over the trainer with a path box, the folder's
// sub-folders and record files (FileBrowser), and Open / Cancel. Returns the path of the
// file the user chose, once.
//
// Contract: call open_file_dialog() to show it, draw_file_dialog() every frame; the caller
// hands the returned path to TrainerModel::open_file().
#pragma once

#include <optional>
#include <string>

#include "ui/file_browser.h"

namespace tsumi::ui {

void open_file_dialog(FileBrowser& browser);
std::optional<std::string> draw_file_dialog(FileBrowser& browser);

}  // namespace tsumi::ui
