// The trainer's file browser: folders first, only record files, hidden files skipped, an
// unreadable or missing folder refused with a message and the browser left where it was.
#include "ui/file_browser.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tsumi::ui {
namespace {

namespace fs = std::filesystem;

TEST(FileBrowser, ListsFoldersThenRecordFiles) {
  fs::path dir = fs::temp_directory_path() / ("tsumi_browser_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  for (const char* name : {"b.kif", "A.CSA", "notes.pdf", ".hidden.kif", "c.ki2", "list.sfen"})
    std::ofstream(dir / name) << "x";
  FileBrowser b(dir.string());
  EXPECT_EQ(b.folder(), dir.string());
  std::string names;
  for (const auto& e : b.entries()) names += (e.is_folder ? "[" + e.name + "]" : e.name) + " ";
  EXPECT_EQ(names, "[sub] A.CSA b.kif c.ki2 list.sfen ");
  EXPECT_EQ(b.path_of(b.entries()[1]), (dir / "A.CSA").string());
  EXPECT_EQ(b.entries()[1].bytes, 1u);
  b.show_all_files = true;
  b.refresh();
  EXPECT_EQ(b.entries().size(), 6u);  // notes.pdf too, never the hidden file

  // Into the sub-folder and back up.
  ASSERT_TRUE(b.open_folder(b.path_of(b.entries()[0])));
  EXPECT_EQ(b.folder(), (dir / "sub").string());
  EXPECT_TRUE(b.entries().empty());
  ASSERT_TRUE(b.up());
  EXPECT_EQ(b.folder(), dir.string());

  // A missing folder or a file: refused, the browser stays.
  EXPECT_FALSE(b.open_folder((dir / "missing").string()));
  EXPECT_NE(b.error().find("missing"), std::string::npos);
  EXPECT_FALSE(b.open_folder((dir / "b.kif").string()));
  EXPECT_EQ(b.folder(), dir.string());
  fs::remove_all(dir);
}

TEST(FileBrowser, RecordExtensionsInAnyCase) {
  EXPECT_TRUE(is_record_file("x.kifu"));
  EXPECT_TRUE(is_record_file("X.KI2"));
  EXPECT_TRUE(is_record_file("problems.tsv"));
  EXPECT_FALSE(is_record_file("kif"));
  EXPECT_FALSE(is_record_file("x.kif.bak"));
}

}  // namespace
}  // namespace tsumi::ui
