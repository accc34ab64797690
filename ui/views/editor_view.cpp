#include "ui/views/editor_view.h"

#include <imgui.h>

#include <cstdio>

#include "rules/handicap.h"
#include "solver/verify.h"

namespace tsumi::ui {

using namespace rules;

namespace {

const char* kanji(PieceType pt) {
  static const char* names[] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                "玉", "と", "杏", "圭", "全", "馬", "龍"};
  return names[pt];
}

// One palette button: the piece's kanji, framed when it is the brush.
void palette_button(EditorModel& e, Color c, PieceType pt) {
  const Piece p = make_piece(c, pt);
  const bool chosen = e.tool == EditorModel::Tool::kPlace && e.brush == p;
  if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.95f, 0.75f, 0.35f, 1));
  char label[32];
  std::snprintf(label, sizeof label, "%s##%d%d", kanji(pt), int(c), int(pt));
  if (ImGui::Button(label, ImVec2(ImGui::GetFrameHeight() * 1.3f, 0))) {
    e.brush = p;
    e.tool = EditorModel::Tool::kPlace;
  }
  if (chosen) ImGui::PopStyleColor();
}

// Both hands as a table: a column per piece, a row per side.
void hands_table(EditorModel& e) {
  static constexpr PieceType kOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
  if (!ImGui::BeginTable("hands", 8, ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("hand");
  for (PieceType pt : kOrder) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(kanji(pt));
  }
  for (Color c : {kBlack, kWhite}) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(c == kBlack ? "☗" : "☖");
    for (PieceType pt : kOrder) {
      ImGui::TableNextColumn();
      ImGui::PushID(int(c) * 16 + int(pt));
      int n = e.hand(c).count(pt);
      ImGui::SetNextItemWidth(-1);
      if (ImGui::DragInt("##n", &n, 0.1f, 0, Hand::max_count(pt))) e.set_hand(c, pt, n);
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

EditorActions draw_editor_panel(TrainerModel& model) {
  EditorActions a;
  EditorModel& e = model.editor;
  if (model.tree_view) {
    ImGui::TextWrapped("Showing a line of the solution tree.");
    if (ImGui::Button("Back to editing")) a.back_to_editing = true;
  }
  // Presets.
  if (ImGui::Button("Empty")) e.preset(EditorModel::Preset::kEmpty);
  ImGui::SameLine();
  if (ImGui::Button("Tsume (bare king)")) e.preset(EditorModel::Preset::kTsume);
  ImGui::SameLine();
  if (ImGui::Button("Two kings")) e.preset(EditorModel::Preset::kTwoKings);
  if (ImGui::BeginCombo("##handicap", "Even game or a handicap…")) {
    for (const HandicapInfo& h : handicaps())
      if (ImGui::Selectable((std::string(h.english) + "  " + std::string(h.japanese)).c_str()))
        e.handicap(h.id);
    ImGui::EndCombo();
  }
  // Tools.
  int tool = int(e.tool);
  const char* tools[] = {"place", "move", "erase", "promote / unpromote", "change owner"};
  for (int i = 0; i < 5; ++i) {
    if (i && i != 3) ImGui::SameLine();
    ImGui::RadioButton(tools[i], &tool, i);
  }
  e.tool = EditorModel::Tool(tool);
  // Palette, with the box's count under each unpromoted piece.
  for (Color c : {kBlack, kWhite}) {
    ImGui::TextUnformatted(c == kBlack ? "☗" : "☖");
    for (PieceType pt : {kKing, kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn}) {
      ImGui::SameLine();
      palette_button(e, c, pt);
    }
    ImGui::TextUnformatted("  ");
    for (PieceType pt : {kDragon, kHorse, kProSilver, kProKnight, kProLance, kProPawn}) {
      ImGui::SameLine();
      palette_button(e, c, pt);
    }
  }
  std::string box = "box:";
  for (PieceType pt : {kKing, kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn})
    box += std::string(" ") + kanji(pt) + std::to_string(e.in_box(pt));
  ImGui::TextUnformatted(box.c_str());
  hands_table(e);
  if (ImGui::Button("Defender holds the rest")) e.defender_holds_rest();
  int side = e.side_to_move() == kBlack ? 0 : 1;
  if (ImGui::RadioButton("☗ to move", &side, 0)) e.set_side_to_move(kBlack);
  ImGui::SameLine();
  if (ImGui::RadioButton("☖", &side, 1)) e.set_side_to_move(kWhite);

  // Checks.
  const std::vector<std::string> problems = e.problems();
  if (problems.empty()) ImGui::TextColored(ImVec4(0.1f, 0.5f, 0.1f, 1), "A legal problem position.");
  for (const std::string& p : problems) ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "• %s", p.c_str());
  const std::string sfen = e.sfen();

  // Copy, save, solve, play.
  ImGui::BeginDisabled(sfen.empty());
  if (ImGui::Button("Copy SFEN")) ImGui::SetClipboardText(sfen.c_str());
  ImGui::SameLine();
  if (ImGui::Button("Solve it")) a.solve = sfen;
  ImGui::SameLine();
  if (ImGui::Button("Play from it")) a.play = sfen;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Save").x - ImGui::GetStyle().FramePadding.x * 4);
  ImGui::InputText("##editorsave", model.editor_save_path.data(), model.editor_save_path.size());
  ImGui::SameLine();
  if (ImGui::Button("Save")) a.save = true;
  ImGui::TextDisabled("(.kif, .ki2, .csa or .sfen)");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputInt("stated length (0: any)", &model.editor_length);
  model.editor_length = std::max(0, model.editor_length);
  if (ImGui::Button("Verify")) a.verify = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Leave the editor")) a.leave = true;

  // Verification: progress, report, tree.
  Verification& v = model.verification;
  if (v.running()) {
    const char* spinner = "|/-\\";
    ImGui::Text("%c verifying…  %llu nodes", spinner[int(ImGui::GetTime() * 8) % 4],
                static_cast<unsigned long long>(v.nodes()));
    ImGui::SameLine();
    if (ImGui::SmallButton("Stop")) a.stop = true;
  } else if (v.result()) {
    const solver::VerifyResult& r = *v.result();
    if (r.solution.kind == solver::SolveResult::Kind::kMate) {
      std::string length = solver::mate_length_text(r.solution);
      length[0] = 'M';
      ImGui::Text("%s — %s", length.c_str(), r.sound ? "sound" : "NOT sound");
    } else {
      ImGui::Text("%s — not sound", solver::result_name(r.solution.kind));
    }
    if (ImGui::BeginChild("tree", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 10), true)) {
      int index = 0;
      for (const TreeNode& n : v.tree()) {
        char label[512];
        const char* indent = n.kind == TreeNode::Kind::kMain ? "" : "    ";
        std::snprintf(label, sizeof label, "%s%d. %s  — %s##node%d", indent, n.move_number, n.text.c_str(),
                      n.note.c_str(), index++);
        if (n.kind == TreeNode::Kind::kFinding)
          ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.75f, 0.2f, 0.1f, 1));
        if (ImGui::Selectable(label)) a.show_line = n.line;
        if (n.kind == TreeNode::Kind::kFinding) ImGui::PopStyleColor();
      }
    }
    ImGui::EndChild();
  }
  return a;
}

}  // namespace tsumi::ui
