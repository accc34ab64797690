#include "ui/file_browser.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace tsumi::ui {

namespace fs = std::filesystem;

bool is_record_file(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  for (const char* ext : {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".sfen", ".tsv", ".txt"}) {
    const std::string e = ext;
    if (lower.size() > e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0) return true;
  }
  return false;
}

FileBrowser::FileBrowser(const std::string& folder) {
  std::error_code ec;
  if (folder.empty() || !open_folder(folder)) open_folder(fs::current_path(ec).string());
  error_.clear();
}

bool FileBrowser::open_folder(const std::string& folder) {
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(folder), ec).lexically_normal();
  if (ec || !fs::is_directory(dir, ec)) {
    error_ = "\"" + folder + "\" is not a folder";
    return false;
  }
  std::vector<Entry> entries;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    error_ = "cannot read the folder \"" + dir.string() + "\": " + ec.message();
    return false;
  }
  for (fs::directory_iterator end; it != end; it.increment(ec)) {
    if (ec) break;
    Entry e;
    e.name = it->path().filename().string();
    if (e.name.empty() || e.name[0] == '.') continue;  // hidden
    std::error_code entry_ec;
    e.is_folder = it->is_directory(entry_ec);
    if (entry_ec) continue;
    if (!e.is_folder) {
      if (!show_all_files && !is_record_file(e.name)) continue;
      e.bytes = it->file_size(entry_ec);
      if (entry_ec) continue;
    }
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.is_folder != b.is_folder) return a.is_folder;
    return a.name < b.name;
  });
  folder_ = dir.string();
  if (folder_.size() > 1 && folder_.back() == '/') folder_.pop_back();
  entries_ = std::move(entries);
  error_.clear();
  std::snprintf(path_buffer.data(), path_buffer.size(), "%s", folder_.c_str());
  return true;
}

bool FileBrowser::up() {
  fs::path parent = fs::path(folder_).parent_path();
  if (parent.empty() || parent == fs::path(folder_)) return false;
  return open_folder(parent.string());
}

std::string FileBrowser::path_of(const Entry& e) const { return (fs::path(folder_) / e.name).string(); }

}  // namespace tsumi::ui
