#include "ui/views/file_browser_view.h"

#include <imgui.h>

#include <cstdio>
#include <filesystem>

namespace tsumi::ui {

namespace {
constexpr const char* kTitle = "Open a problem file";
}

void open_file_dialog(FileBrowser& browser) {
  browser.refresh();  // the folder may have changed since it was last shown
  ImGui::OpenPopup(kTitle);
}

std::optional<std::string> draw_file_dialog(FileBrowser& browser) {
  std::optional<std::string> chosen;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.6f, vp->WorkSize.y * 0.7f), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) return chosen;
  // A typed path: a folder is opened, a file is chosen.
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Go").x - ImGui::GetStyle().FramePadding.x * 4);
  bool go = ImGui::InputText("##path", browser.path_buffer.data(), browser.path_buffer.size(),
                             ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  go |= ImGui::Button("Go");
  if (go) {
    std::error_code ec;
    std::string typed = browser.path_buffer.data();
    if (std::filesystem::is_regular_file(typed, ec))
      chosen = typed;
    else
      browser.open_folder(typed);
  }
  if (ImGui::Button("Up")) browser.up();
  ImGui::SameLine();
  if (ImGui::Checkbox("all files", &browser.show_all_files)) browser.refresh();
  ImGui::SameLine();
  ImGui::TextDisabled("KIF, KI2, CSA, SFEN (Shift_JIS or UTF-8)");
  if (!browser.error().empty())
    ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", browser.error().c_str());

  const float footer = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  if (ImGui::BeginChild("entries", ImVec2(0, -footer), true)) {
    std::optional<std::string> folder;
    for (const FileBrowser::Entry& e : browser.entries()) {
      char label[512];
      if (e.is_folder)
        std::snprintf(label, sizeof label, "[%s]", e.name.c_str());
      else
        std::snprintf(label, sizeof label, "%s", e.name.c_str());
      if (ImGui::Selectable(label, false, ImGuiSelectableFlags_DontClosePopups)) {
        if (e.is_folder)
          folder = browser.path_of(e);
        else
          chosen = browser.path_of(e);
      }
      if (!e.is_folder) {
        ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.8f);
        ImGui::TextDisabled("%.1f kB", double(e.bytes) / 1024.0);
      }
    }
    if (browser.entries().empty()) ImGui::TextDisabled("(no record files here)");
    if (folder) browser.open_folder(*folder);  // after the loop: it replaces the entries
  }
  ImGui::EndChild();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  if (chosen) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chosen;
}

}  // namespace tsumi::ui
