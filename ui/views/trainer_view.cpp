#include "ui/views/trainer_view.h"

#include <imgui.h>

#include "ui/stats.h"
#include "ui/views/file_browser_view.h"

#include <cfloat>
#include <cstdio>
#include <string>
#include <vector>

namespace tsumi::ui {

TrainerActions draw_problem_panel(TrainerModel& model, int64_t now_ms, int streak, const std::string& here) {
  TrainerActions a;
  // Browser: collection, length range, text search.
  const auto& collections = model.catalogue().collections();
  std::string current = model.filter.collection.empty() ? "all collections" : model.filter.collection;
  if (ImGui::BeginCombo("collection", current.c_str())) {
    if (ImGui::Selectable("all collections", model.filter.collection.empty())) {
      model.filter.collection.clear();
      a.filter_changed = true;
    }
    for (const auto& c : collections)
      if (ImGui::Selectable(c.name.c_str(), model.filter.collection == c.name)) {
        model.filter.collection = c.name;
        a.filter_changed = true;
      }
    ImGui::EndCombo();
  }
  int range[2] = {model.filter.min_length, model.filter.max_length};
  if (ImGui::InputInt2("plies min/max", range)) {
    model.filter.min_length = std::max(0, range[0]);
    model.filter.max_length = std::max(0, range[1]);
    a.filter_changed = true;
  }
  const char* statuses[] = {"all", "unseen", "solved", "failed", "due for review"};
  int st = int(model.status);
  if (ImGui::Combo("show", &st, statuses, 5)) {
    model.status = TrainerModel::Status(st);
    a.filter_changed = true;
  }
  // Tags (of the chosen collection), with how many problems carry each.
  std::string tag = model.filter.tags.empty() ? "any tag" : model.filter.tags.front();
  if (ImGui::BeginCombo("tag", tag.c_str())) {
    if (ImGui::Selectable("any tag", model.filter.tags.empty())) {
      model.filter.tags.clear();
      a.filter_changed = true;
    }
    for (const auto& [name, count] : model.catalogue().tags(model.filter.collection)) {
      std::string label = name + "  (" + std::to_string(count) + ")";
      if (ImGui::Selectable(label.c_str(), tag == name)) {
        model.filter.tags = {name};
        a.filter_changed = true;
      }
    }
    ImGui::EndCombo();
  }
  char search[64];
  std::snprintf(search, sizeof search, "%s", model.filter.text.c_str());
  if (ImGui::InputText("search", search, sizeof search)) {
    model.filter.text = search;
    a.filter_changed = true;
  }
  ImGui::Text("%zu problems", model.list().size());
  if (ImGui::BeginListBox("##problems", ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * 12))) {
    ImGuiListClipper clipper;
    clipper.Begin(int(model.list().size()));
    while (clipper.Step())
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const problems::Problem& p = *model.list()[size_t(i)];
        char label[160];
        std::snprintf(label, sizeof label, "%s  (%d %s)  %s", p.id.c_str(), p.stated_length,
                      p.stated_length == 1 ? "ply" : "plies", p.title.c_str());
        if (ImGui::Selectable(label, i == model.current())) a.open = i;
      }
    ImGui::EndListBox();
  }
  if (ImGui::Button("< Previous")) a.previous = true;
  ImGui::SameLine();
  if (ImGui::Button("Next >")) a.next = true;
  ImGui::SameLine();
  if (ImGui::Button("Random")) a.random = true;

  // Statistics from the progress database: solve times and accuracy by length.
  if (model.progress() && ImGui::CollapsingHeader("Statistics")) {
    if (auto attempts = model.progress()->attempts()) {
      Stats st = compute_stats(*attempts, model.catalogue());
      ImGui::Text("%d attempts, %d solved", st.attempts, st.solved);
      if (!st.solve_seconds.empty())
        ImGui::PlotLines("solve time (s)", st.solve_seconds.data(), int(st.solve_seconds.size()), 0, nullptr,
                         0, FLT_MAX, ImVec2(ImGui::GetContentRegionAvail().x * 0.6f, 60));
      std::vector<float> accuracy;
      std::string lengths;
      for (const auto& [length, counts] : st.by_length) {
        accuracy.push_back(float(counts.first) / float(counts.second));
        lengths += (lengths.empty() ? "" : " ") + std::to_string(length);
      }
      if (!accuracy.empty()) {
        ImGui::PlotHistogram("accuracy", accuracy.data(), int(accuracy.size()), 0, nullptr, 0, 1,
                             ImVec2(ImGui::GetContentRegionAvail().x * 0.6f, 60));
        ImGui::TextWrapped("by length (plies): %s", lengths.c_str());
      }
    }
  }

  // Paste a problem (SFEN, KIF, KI2, CSA) to open or solve it.
  ImGui::InputTextMultiline("##paste", model.paste_buffer.data(), model.paste_buffer.size(),
                            ImVec2(-1, ImGui::GetTextLineHeight() * 3));
  if (ImGui::Button("Open pasted problem")) a.open_pasted = true;
  ImGui::SameLine();
  if (ImGui::Button("Open file…") || model.files.show_requested) {
    model.files.show_requested = false;
    open_file_dialog(model.files);
  }
  if (auto path = draw_file_dialog(model.files)) a.open_file = *path;
  if (model.analysis().running()) {
    const char* spinner = "|/-\\";
    // On a line of its own: beside the buttons it ran off the panel, the nodes unseen.
    ImGui::Text("%c solving…  %llu nodes", spinner[int(ImGui::GetTime() * 8) % 4],
                static_cast<unsigned long long>(model.analysis().nodes()));
    if (ImGui::Button("Stop solving")) model.analysis().cancel();
  }
  if (!model.note().empty()) ImGui::TextWrapped("%s", model.note().c_str());

  ImGui::Separator();
  if (model.game()) {
    a.game = draw_game_panel(model);
    return a;
  }
  a.game = draw_game_setup(model, here);
  // Endless practice: generated problems of the chosen length.
  if (ImGui::CollapsingHeader("Endless practice",
                              model.practice.running() ? ImGuiTreeNodeFlags_DefaultOpen : 0)) {
    int length = model.practice_length;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::SliderInt("plies", &length, 1, 11)) model.practice_length = length | 1;
    ImGui::SameLine();
    if (!model.practice.running()) {
      if (ImGui::Button("Start")) a.practice_start = model.practice_length;
    } else {
      if (ImGui::Button("Stop")) a.practice_stop = true;
      ImGui::Text("%zu ready (mate in %d), %llu generated", model.practice.ready(), model.practice.length(),
                  static_cast<unsigned long long>(model.practice.generated()));
      if (model.practice.ready() < Practice::kAhead) {
        const char* spinner = "|/-\\";
        ImGui::SameLine();
        ImGui::Text("%c", spinner[int(ImGui::GetTime() * 8) % 4]);
      }
      ImGui::BeginDisabled(model.practice.ready() == 0);
      if (ImGui::Button("Next practice problem")) a.practice_next = true;
      ImGui::EndDisabled();
    }
  }
  const problems::Problem* p = model.problem();
  SolveSession* s = model.session();
  if (!p || !s) {
    ImGui::TextWrapped("Choose a problem.");
    return a;
  }
  if (s->length() == p->stated_length || p->stated_length <= 0)
    ImGui::Text("%s  —  mate in %d", p->id.c_str(), s->length());
  else  // a flawed record, solved at the solver's length
    ImGui::Text("%s  —  mate in %d (stated %d)", p->id.c_str(), s->length(), p->stated_length);
  if (!p->title.empty() || !p->author.empty())
    ImGui::TextWrapped("%s  %s", p->title.c_str(), p->author.c_str());
  int64_t seconds = std::max<int64_t>(0, (now_ms - model.started_ms()) / 1000);
  ImGui::Text("%d plies left   %02lld:%02lld   streak %d day%s", std::max(0, s->plies_left()),
              static_cast<long long>(seconds / 60), static_cast<long long>(seconds % 60), streak,
              streak == 1 ? "" : "s");
  if (s->is_thinking()) {
    const char* spinner = "|/-\\";
    ImGui::Text("%c Grading your move…  %llu nodes", spinner[int(ImGui::GetTime() * 8) % 4],
                static_cast<unsigned long long>(s->nodes()));
    if (ImGui::Button("Stop")) a.cancel = true;
  } else if (s->thinking_ahead_busy()) {
    // Quietly: the user waits for nothing, but may wonder what keeps a core busy (the
    // "Think ahead" box turns it off).
    ImGui::TextDisabled("thinking ahead…  %llu nodes", static_cast<unsigned long long>(s->nodes()));
  }
  ImVec4 colour = s->state() == SolveSession::State::kWrong    ? ImVec4(0.8f, 0.1f, 0.1f, 1)
                  : s->state() == SolveSession::State::kSolved ? ImVec4(0.1f, 0.55f, 0.1f, 1)
                                                               : ImVec4(0.1f, 0.1f, 0.1f, 1);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", s->feedback().c_str());
  ImGui::PopStyleColor();
  if (s->state() == SolveSession::State::kWrong && ImGui::Button("Take back and retry")) a.retry = true;
  if (s->may_accept_proposed_length()) {
    char label[64];
    std::snprintf(label, sizeof label, "Solve it as a mate in %d", s->proposed_length());
    if (ImGui::Button(label)) a.accept_length = true;
  }
  if (s->awaiting_decision()) {
    if (ImGui::Button("Think longer")) a.think_longer = true;
  } else if (s->state() == SolveSession::State::kYourMove) {
    static const char* kHintLabels[] = {"Hint: which piece?", "Hint: where to?", "Hint: play it"};
    if (ImGui::Button(kHintLabels[std::min(s->hint_level(), 2)])) a.hint = true;
    if (s->hints_used()) {
      ImGui::SameLine();
      ImGui::Text("(%d hint%s)", s->hints_used(), s->hints_used() == 1 ? "" : "s");
    }
  }

  // Step controls: through the solution when shown, else through the attempt.
  if (!s->is_thinking() && (!s->board().moves().empty() || s->board().can_forward())) {
    if (ImGui::Button("|<")) a.step = -2;
    ImGui::SameLine();
    if (ImGui::Button("<")) a.step = -1;
    ImGui::SameLine();
    if (ImGui::Button(">")) a.step = 1;
    ImGui::SameLine();
    if (ImGui::Button(">|")) a.step = 2;
    ImGui::SameLine();
  }
  if (s->state() == SolveSession::State::kShowingSolution) {
    if (ImGui::Button("Try again")) a.restart = true;
  } else if (s->state() != SolveSession::State::kThinking) {
    if (ImGui::Button("Show solution")) a.show_solution = true;
  }
  // A new message (a grade, a flawed record's offer) with its buttons past the panel's
  // bottom edge: scrolled into sight, once, so that the user may still scroll away.
  if (model.feedback_shown != s->feedback()) {
    if (!ImGui::IsItemVisible()) ImGui::SetScrollHereY(1.0f);
    model.feedback_shown = s->feedback();
  }

  // The moves so far, in the chosen notation.
  ImGui::Separator();
  const char* names[] = {"日本式 (Japanese)", "Western", "USI"};
  int n = int(model.notation);
  if (ImGui::Combo("notation", &n, names, 3)) model.notation = Notation(n);
  // The moves played, then (greyed) the ones stepped back over.
  const size_t played = s->board().moves().size();
  const std::vector<std::string> lines = move_texts(s->board(), model.notation, true);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i < played)
      ImGui::TextUnformatted(lines[i].c_str());
    else
      ImGui::TextDisabled("%s", lines[i].c_str());
  }
  return a;
}

}  // namespace tsumi::ui
