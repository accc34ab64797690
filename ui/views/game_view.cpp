#include "ui/views/game_view.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "rules/handicap.h"

namespace tsumi::ui {

namespace {

struct ClockPreset {
  const char* name;
  int64_t main_ms, byoyomi_ms, increment_ms;
};
constexpr ClockPreset kClocks[] = {
    {"no clock", 0, 0, 0},
    {"10 min + 30 s byoyomi", 600000, 30000, 0},
    {"5 min + 10 s byoyomi", 300000, 10000, 0},
    {"30 s byoyomi", 0, 30000, 0},
    {"10 s byoyomi", 0, 10000, 0},
    {"3 min + 2 s per move", 180000, 0, 2000},
};

std::string clock_text(int64_t ms) {
  char buf[32];
  const int64_t s = (ms + 999) / 1000;
  std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60),
                static_cast<long long>(s % 60));
  return buf;
}

}  // namespace

GameActions draw_game_setup(TrainerModel& model, const std::string& here) {
  GameActions a;
  if (!ImGui::CollapsingHeader("Play a game")) return a;
  GameSetup& s = model.game_setup;
  int opponent = s.against_engine ? 0 : 1;
  ImGui::RadioButton("against Tsumi", &opponent, 0);
  ImGui::SameLine();
  ImGui::RadioButton("two players", &opponent, 1);
  s.against_engine = opponent == 0;
  if (s.against_engine) {
    int side = s.user == rules::kBlack ? 0 : 1;
    ImGui::RadioButton("I play ☗ Black", &side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("☖ White", &side, 1);
    s.user = side == 0 ? rules::kBlack : rules::kWhite;
    ImGui::SliderInt("level", &s.level, 1, engine::kFullLevel);
    ImGui::Checkbox("the engine may resign", &s.engine_resigns);
  }
  int clock = 0;
  for (int i = 0; i < int(std::size(kClocks)); ++i)
    if (kClocks[i].main_ms == s.main_ms && kClocks[i].byoyomi_ms == s.byoyomi_ms &&
        kClocks[i].increment_ms == s.increment_ms)
      clock = i;
  if (ImGui::BeginCombo("clock", kClocks[clock].name)) {
    for (int i = 0; i < int(std::size(kClocks)); ++i)
      if (ImGui::Selectable(kClocks[i].name, i == clock)) {
        s.main_ms = kClocks[i].main_ms;
        s.byoyomi_ms = kClocks[i].byoyomi_ms;
        s.increment_ms = kClocks[i].increment_ms;
      }
    ImGui::EndCombo();
  }
  if (ImGui::Button("Play from this position")) a.play_from = here;
  ImGui::SameLine();
  if (ImGui::BeginCombo("##start", "from a start position…")) {
    for (const rules::HandicapInfo& h : rules::handicaps()) {
      std::string label = std::string(h.english) + "  " + std::string(h.japanese);
      if (ImGui::Selectable(label.c_str())) a.play_from = std::string(h.sfen);
    }
    ImGui::EndCombo();
  }
  return a;
}

GameActions draw_game_panel(TrainerModel& model) {
  GameActions a;
  GameSession* g = model.game();
  if (!g) return a;
  const GameSetup& s = g->setup();
  std::string engine_name = "Tsumi (level " + std::to_string(s.level) + ")";
  auto name = [&](rules::Color c) {
    return s.against_engine && c != s.user ? engine_name : std::string("You");
  };
  const rules::Color to_move = g->board().position().side_to_move();
  for (rules::Color c : {rules::kBlack, rules::kWhite}) {
    const bool running = !g->is_over() && to_move == c;
    std::string line = std::string(c == rules::kBlack ? "☗ " : "☖ ") + name(c);
    if (g->clocked()) {
      line += "   " + clock_text(g->time_left_ms(c));
      if (s.byoyomi_ms > 0 && g->time_left_ms(c) == 0)
        line += "  byoyomi " + clock_text(g->byoyomi_left_ms(c));
    }
    if (running)
      ImGui::TextColored(ImVec4(0.1f, 0.35f, 0.75f, 1), "%s  ◀", line.c_str());
    else
      ImGui::TextUnformatted(line.c_str());
  }
  if (g->is_thinking()) {
    const char* spinner = "|/-\\";
    ImGui::Text("%c Tsumi is thinking…  %llu nodes", spinner[int(ImGui::GetTime() * 8) % 4],
                static_cast<unsigned long long>(g->engine_nodes()));
    ImGui::SameLine();
    if (ImGui::SmallButton("Stop")) a.cancel = true;
  }
  // The evaluation bar: black's share, 50% for an even position, saturating for mates.
  if (auto e = g->eval_black()) {
    const float share = 1.0f / (1.0f + std::exp(-float(*e) / 600.0f));
    char label[48];
    if (std::abs(*e) >= engine::kMateBound)
      std::snprintf(label, sizeof label, "%s mates in %d", *e > 0 ? "☗" : "☖",
                    engine::kMateScore - std::abs(*e));
    else
      std::snprintf(label, sizeof label, "%+d (☗'s view)", *e);
    ImGui::ProgressBar(share, ImVec2(-1, 0), label);
    std::string line = g->engine_line_text();
    if (!line.empty()) ImGui::TextWrapped("Tsumi's line: %s", line.c_str());
  }
  if (g->is_over()) ImGui::TextColored(ImVec4(0.1f, 0.45f, 0.1f, 1), "%s", g->result().c_str());
  if (ImGui::Button("Take back")) a.take_back = true;
  if (!g->is_over()) {
    ImGui::SameLine();
    if (ImGui::Button("Resign")) a.resign = true;
    ImGui::SameLine();
    if (ImGui::Button("Analyse")) a.analyse = true;
    if (ImGui::Button("Declare (27 points)")) a.declare = true;
    ImGui::SameLine();
    if (ImGui::Button("Impasse (24 points)")) a.claim = true;
  }
  if (ImGui::Button("Leave the game")) a.leave = true;
  ImGui::TextUnformatted("Save the record (.kif or .csa):");
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Save").x - ImGui::GetStyle().FramePadding.x * 4);
  ImGui::InputText("##save", model.game_save_path.data(), model.game_save_path.size());
  ImGui::SameLine();
  if (ImGui::Button("Save")) a.save = true;
  return a;
}

}  // namespace tsumi::ui
