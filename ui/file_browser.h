// The "open a file" browser of the trainer, as plain state: a folder, its sub-folders and
// the record files in it (KIF, KI2, CSA, SFEN lists and collections), sorted folders
// first. The view draws it; picking a file hands its path to TrainerModel::open_file().
//
// Contract: never throws; a folder that cannot be read leaves the browser where it was
// and says why (error()). Entries that cannot be examined are skipped.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tsumi::ui {

// Whether a file name ends in one of the record extensions (any letter case).
bool is_record_file(const std::string& name);

class FileBrowser {
 public:
  struct Entry {
    std::string name;
    bool is_folder = false;
    uintmax_t bytes = 0;
  };

  // Starts in `folder` (the current folder when empty or unreadable).
  explicit FileBrowser(const std::string& folder = "");
  // Lists another folder; false (the browser unchanged, error() set) when it cannot.
  bool open_folder(const std::string& folder);
  bool up();  // to the parent folder
  // Re-reads the folder (files may have come or gone).
  void refresh() { open_folder(folder_); }

  const std::string& folder() const { return folder_; }
  const std::vector<Entry>& entries() const { return entries_; }
  std::string path_of(const Entry& e) const;
  const std::string& error() const { return error_; }
  bool show_all_files = false;  // not only the record files
  bool show_requested = false;  // the dialog opens at the next frame (a button, or a script)
  // The path box of the view (a folder to go to, or a file to open).
  std::array<char, 1024> path_buffer{};

 private:
  std::string folder_;
  std::vector<Entry> entries_;
  std::string error_;
};

}  // namespace tsumi::ui
