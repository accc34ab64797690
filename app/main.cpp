// tsumi-trainer: the desktop program. The only part that knows GLFW and OpenGL: it opens
// the window, loads the fonts (Latin from Dear ImGui, kanji from a Debian CJK font), runs
// the frame loop, hands input to the views and models, and keeps the settings (notation,
// labels, orientation, window size, the folder of the last opened file) between runs.
//
// Options: --collections DIR (the problem collections; default: the source tree's
// problems/collections), --problem ID (open it), --open FILE (a KIF/KI2/CSA/SFEN file),
// --sfen S (a free board), --size WxH, --scale F (the interface scale; default: the
// monitor's), --progress FILE (the progress database). A file dropped on the window opens.
// For tests and screenshots (app/script.h): --actions "open ID; click 7g; …" (one action per
// frame), --frames N (then exit), --screenshot FILE.png (after the last frame),
// --print-sfen / --print-state (the final position / the solving state on stdout),
// --frame-stats (the time each frame took to build and draw).
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "app/script.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "ui/board_model.h"
#include "ui/trainer_model.h"
#include "ui/views/board_view.h"
#include "ui/views/editor_view.h"
#include "ui/views/file_browser_view.h"
#include "ui/views/trainer_view.h"

namespace {

using tsumi::ui::BoardModel;

#ifndef TSUMI_COLLECTIONS_DIR
#define TSUMI_COLLECTIONS_DIR "problems/collections"
#endif

// The CJK font of the Debian package fonts-ipafont-gothic (or another Japanese Gothic).
const char* find_cjk_font() {
  for (const char* path : {"/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
                           "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"})
    if (FILE* f = std::fopen(path, "rb")) {
      std::fclose(f);
      return path;
    }
  return nullptr;
}

// The interface font (Dear ImGui's own, with kanji and the shogi marks merged in, so that
// Latin text keeps its glyphs) and a large font for the pieces, baked at the size they are
// drawn so that they stay sharp. Returns the piece font (null without a CJK font).
ImFont* load_fonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  ImFontConfig base;
  base.SizePixels = 16 * scale;
  io.Fonts->AddFontDefault(&base);
  const char* cjk = find_cjk_font();
  if (!cjk) {
    std::fprintf(stderr,
                 "tsumi-trainer: no CJK font found (install fonts-ipafont-gothic); kanji will not show\n");
    return nullptr;
  }
  static ImVector<ImWchar> ui_ranges, piece_ranges;  // must outlive the atlas build
  ImFontGlyphRangesBuilder ui;
  ui.AddRanges(io.Fonts->GetGlyphRangesJapanese());
  ui.AddText("☗☖▲△—…・◀");
  ui.BuildRanges(&ui_ranges);
  ImFontConfig merge;
  merge.MergeMode = true;
  io.Fonts->AddFontFromFileTTF(cjk, 18 * scale, &merge, ui_ranges.Data);
  ImFontGlyphRangesBuilder pieces;
  pieces.AddRanges(io.Fonts->GetGlyphRangesDefault());  // digits and Latin letters too
  pieces.AddText("歩香桂銀金角飛玉王と杏圭全馬龍竜成一二三四五六七八九");
  pieces.BuildRanges(&piece_ranges);
  return io.Fonts->AddFontFromFileTTF(cjk, 64 * scale, nullptr, piece_ranges.Data);
}

bool save_screenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> pixels(size_t(w) * h * 4);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(pixels.size());
  for (int y = 0; y < h; ++y)
    std::memcpy(&flipped[size_t(y) * w * 4], &pixels[size_t(h - 1 - y) * w * 4], size_t(w) * 4);
  return stbi_write_png(path.c_str(), w, h, 4, flipped.data(), w * 4) != 0;
}

// Frame times: the work of one frame (events, layout, drawing), not the wait for the display.
struct FrameTimes {
  std::vector<double> ms;
  // The first frame (fonts uploaded, the collections listed) is reported on its own.
  void print() const {
    if (ms.size() < 2) return;
    std::printf("first frame %.2f ms; ", ms.front());
    std::vector<double> sorted(ms.begin() + 1, ms.end());
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (double t : sorted) sum += t;
    std::printf("next %zu frames: mean %.2f ms, 95th percentile %.2f ms, max %.2f ms\n", sorted.size(),
                sum / double(sorted.size()), sorted[std::min(sorted.size() - 1, sorted.size() * 95 / 100)],
                sorted.back());
  }
};

// Files dropped on the window, collected by the GLFW callback, opened by the frame loop.
struct DroppedFiles {
  std::vector<std::string> paths;
};

void on_drop(GLFWwindow* window, int count, const char** paths) {
  auto* dropped = static_cast<DroppedFiles*>(glfwGetWindowUserPointer(window));
  for (int i = 0; i < count; ++i) dropped->paths.emplace_back(paths[i]);
}

// The settings as last saved; compared each frame, so that a change made anywhere (a button,
// a combo, a scripted action) is saved once.
struct Settings {
  std::string notation, labels, flipped, think_ahead;
  bool operator==(const Settings&) const = default;
};

Settings current_settings(const tsumi::ui::TrainerModel& trainer, const tsumi::ui::BoardStyle& style) {
  return Settings{tsumi::ui::notation_name(trainer.notation), style.western_labels ? "western" : "japanese",
                  trainer.flipped ? "yes" : "no", trainer.think_ahead ? "yes" : "no"};
}

void save_settings(tsumi::ui::TrainerModel& trainer, const Settings& s) {
  if (auto* p = trainer.progress()) {
    (void)p->set_setting("notation", s.notation);
    (void)p->set_setting("labels", s.labels);
    (void)p->set_setting("flipped", s.flipped);
    (void)p->set_setting("think_ahead", s.think_ahead);
  }
}

// The settings kept in the progress database between runs.
void load_settings(tsumi::ui::TrainerModel& trainer, tsumi::ui::BoardStyle& style, tsumi::app::Args& args) {
  auto* p = trainer.progress();
  if (!p) return;
  if (auto v = p->setting("notation"); v && *v) trainer.notation = tsumi::ui::notation_from_name(**v);
  if (auto v = p->setting("labels"); v && *v) style.western_labels = **v == "western";
  if (auto v = p->setting("flipped"); v && *v) trainer.flipped = **v == "yes";
  if (auto v = p->setting("think_ahead"); v && *v) trainer.think_ahead = **v == "yes";
  if (auto v = p->setting("open_folder"); v && *v) trainer.files.open_folder(**v);
  if (auto v = p->setting("window"); v && *v && args.width == 0) {
    int w = 0, h = 0;
    if (std::sscanf((**v).c_str(), "%dx%d", &w, &h) == 2 && w >= 320 && h >= 240)
      args.width = w, args.height = h;
  }
}

}  // namespace

// The editor panel's actions.
void apply_editor_actions(tsumi::ui::TrainerModel& trainer, const tsumi::ui::EditorActions& a) {
  if (a.solve) (void)trainer.editor_solve();
  if (a.play) (void)trainer.editor_play();
  if (a.verify) trainer.editor_verify();
  if (a.stop) trainer.verification.cancel();
  if (a.save) {
    std::string e = trainer.save_editor_position(trainer.editor_save_path.data());
    trainer.set_note(e.empty() ? std::string("Saved ") + trainer.editor_save_path.data() : e);
  }
  if (a.show_line) trainer.show_tree_line(*a.show_line);
  if (a.back_to_editing) trainer.tree_view.reset();
  if (a.leave) trainer.leave_editor();
}

// The game panels' actions (take back is handled with the board's button).
void apply_game_actions(tsumi::ui::TrainerModel& trainer, const tsumi::ui::GameActions& a) {
  if (a.play_from) (void)trainer.play_from(*a.play_from);
  tsumi::ui::GameSession* g = trainer.game();
  if (!g) return;
  if (a.cancel) g->cancel();
  if (a.resign) g->resign();
  if (a.declare) trainer.set_note(g->declare());
  if (a.claim) trainer.set_note(g->claim_impasse());
  if (a.analyse) g->analyse();
  if (a.save) {
    std::string e = g->save(trainer.game_save_path.data());
    trainer.set_note(e.empty() ? std::string("Saved ") + trainer.game_save_path.data() : e);
  }
  if (a.leave) trainer.end_game();
}

int main(int argc, char** argv) {
  tsumi::app::Args args;
  args.collections = TSUMI_COLLECTIONS_DIR;
  if (!tsumi::app::parse_args(argc, argv, args)) return 2;
  BoardModel model;
  tsumi::ui::TrainerModel trainer;
  std::string load_error;
  if (!trainer.load(args.collections, &load_error))
    std::fprintf(stderr, "tsumi-trainer: no problem collections: %s\n", load_error.c_str());
  // The progress database; without it the trainer still works, but records nothing.
  std::string progress_note;
  std::string solving_shown;  // the pasted position on show while the solver finds its length
  auto db = tsumi::problems::ProgressDb::open(
      args.progress.empty() ? tsumi::problems::ProgressDb::default_path() : args.progress);
  if (db) {
    trainer.set_progress(std::move(db).value());
  } else {
    progress_note = db.error().message + " — progress is not recorded in this session.";
    std::fprintf(stderr, "tsumi-trainer: %s\n", progress_note.c_str());
  }
  tsumi::ui::BoardStyle style;
  load_settings(trainer, style, args);
  if (args.width == 0) args.width = 1280, args.height = 800;
  if (!args.problem.empty() && !trainer.open_id(args.problem)) {
    std::fprintf(stderr, "tsumi-trainer: --problem: no problem \"%s\"\n", args.problem.c_str());
    return 2;
  }
  if (!args.file.empty())
    if (std::string e = trainer.open_file(args.file); !e.empty()) {
      std::fprintf(stderr, "tsumi-trainer: --open: %s\n", e.c_str());
      return 2;
    }
  if (!args.sfen.empty()) {
    std::string error;
    if (!model.reset(args.sfen, &error)) {
      std::fprintf(stderr, "tsumi-trainer: --sfen: %s\n", error.c_str());
      return 2;
    }
  }
  model.flipped = trainer.flipped;
  if (!glfwInit()) {
    std::fprintf(stderr, "tsumi-trainer: cannot initialise GLFW (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // HiDPI: the window grows with the content scale
  GLFWwindow* window =
      glfwCreateWindow(args.width, args.height, "Tsumi — tsume-shogi trainer", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "tsumi-trainer: cannot open a window with OpenGL 3\n");
    glfwTerminate();
    return 1;
  }
  DroppedFiles dropped;
  glfwSetWindowUserPointer(window, &dropped);
  glfwSetDropCallback(window, on_drop);
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  // HiDPI: text and every size of the interface follow the monitor's content scale (or --scale).
  float scale = args.scale;
  if (scale == 0) {
    float xscale = 1, yscale = 1;
    glfwGetWindowContentScale(window, &xscale, &yscale);
    scale = std::max(1.0f, xscale);
  }
  style.piece_font = load_fonts(scale);
  style.animate = args.frames == 0;  // scripted runs take their screenshots without motion
  ImGui::StyleColorsLight();
  // Input boxes and check boxes a shade darker than the panels, so that they show.
  ImGui::GetStyle().Colors[ImGuiCol_FrameBg] = ImVec4(0.87f, 0.85f, 0.80f, 1);
  ImGui::GetStyle().Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.84f, 0.92f, 1);
  ImGui::GetStyle().ScaleAllSizes(scale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  std::vector<std::string> actions = tsumi::app::split_actions(args.actions);
  size_t next_action = 0;
  std::vector<tsumi::app::MouseStep> mouse_steps;  // scripted pointer input, consumed one per frame
  size_t next_mouse = 0;
  ImVec2 board_min(0, 0);
  float cell = 0;
  int frame = 0;
  int status = 0;
  FrameTimes times;
  Settings saved = current_settings(trainer, style);
  auto save = [&](const char* key, const std::string& value) {
    if (auto* p = trainer.progress()) (void)p->set_setting(key, value);
  };
  while (!glfwWindowShouldClose(window)) {
    glfwPollEvents();
    const auto frame_start = std::chrono::steady_clock::now();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (next_mouse < mouse_steps.size() && cell > 0) {
      // After the backend has read the real pointer: the script's pointer wins.
      const tsumi::app::MouseStep& m = mouse_steps[next_mouse++];
      BoardModel& b = tsumi::app::active_board(trainer, model);
      int col = b.flipped ? tsumi::rules::file_of(m.square) : 8 - tsumi::rules::file_of(m.square);
      int row = b.flipped ? 8 - tsumi::rules::rank_of(m.square) : tsumi::rules::rank_of(m.square);
      ImGuiIO& io = ImGui::GetIO();
      io.MousePos = ImVec2(board_min.x + (col + 0.5f) * cell, board_min.y + (row + 0.5f) * cell);
      io.MouseDown[0] = m.down;
    }
    ImGui::NewFrame();

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    ImGui::Begin(
        "Tsumi", nullptr,
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus);
    // The problem's session thinks ahead only while it is on show: not beside a game's engine.
    if (trainer.session())
      trainer.session()->poll(trainer.think_ahead && !trainer.game() && !trainer.editing);
    if (trainer.game()) trainer.game()->poll();
    trainer.verification.poll();
    if (std::string e = trainer.update(); !e.empty()) progress_note = e;
    // A pasted problem without a stated length is solved before it opens: its position is
    // on show meanwhile, not whatever the free board held.
    if (!trainer.analysis().running()) {
      solving_shown.clear();
    } else if (!trainer.session() && !trainer.game() && solving_shown != trainer.analysis().sfen()) {
      solving_shown = trainer.analysis().sfen();
      model.reset(solving_shown);
    }
    BoardModel& board = tsumi::app::active_board(trainer, model);
    int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    int streak = 0;
    if (auto* p = trainer.progress())
      if (auto st = p->streak_days(now_ms)) streak = *st;
    ImGui::BeginChild("problems", ImVec2(vp->WorkSize.x * 0.28f, 0), true);
    tsumi::ui::TrainerActions act;
    tsumi::ui::EditorActions edit;
    if (trainer.editing)
      edit = tsumi::ui::draw_editor_panel(trainer);
    else
      act = tsumi::ui::draw_problem_panel(trainer, now_ms, streak, tsumi::rules::to_sfen(board.position()));
    if (!progress_note.empty()) ImGui::TextColored(ImVec4(0.7f, 0.3f, 0.0f, 1), "%s", progress_note.c_str());
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("board", ImVec2(0, 0), false);
    // In the editor its board is shown (or a line of its solution tree).
    const BoardModel& shown =
        trainer.editing ? (trainer.tree_view ? *trainer.tree_view : trainer.editor.display()) : board;
    ImGui::Text("%s to move",
                shown.position().side_to_move() == tsumi::rules::kBlack ? "☗ Black" : "☖ White");
    ImGui::SameLine();
    bool flip = ImGui::Button("Flip");
    ImGui::SameLine();
    bool take_back = ImGui::Button("Take back");
    ImGui::SameLine();
    bool editor = ImGui::Button(trainer.editing ? "Leave the editor" : "Board editor");
    ImGui::SameLine();
    ImGui::Checkbox("International labels", &style.western_labels);
    ImGui::SameLine();
    ImGui::Checkbox("Think ahead", &trainer.think_ahead);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "While you think, the solver works on the position, so that your move is graded sooner.");
    if (!board.message().empty())
      ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", board.message().c_str());
    tsumi::ui::BoardInput input = tsumi::ui::draw_board(shown, style);
    board_min = input.board_min;
    cell = input.cell;
    ImGui::EndChild();
    ImGui::End();

    // The user's input, then the panel's actions (while solving, the board takes moves only
    // when it is the user's turn: not while the solver grades, nor on the defender's move).
    tsumi::ui::SolveSession* session = trainer.session();
    tsumi::ui::GameSession* game = trainer.game();
    if (trainer.editing) {
      if (input.square && !trainer.tree_view) trainer.editor.click(*input.square);
    } else if (game ? game->accepts_moves() : !session || session->accepts_moves()) {
      if (input.promote) board.choose_promotion(*input.promote);
      if (input.hand_piece) board.click_hand(*input.hand_piece);
      if (input.square) board.click_square(*input.square);
      if (game)
        game->after_user_action();
      else if (session)
        session->after_user_action();
    }
    if (flip) board.flipped = trainer.flipped = !board.flipped;
    if (take_back || act.game.take_back) {
      if (game)
        game->take_back();
      else if (session)
        session->take_back();
      else
        board.undo();
    }
    apply_game_actions(trainer, act.game);
    if (editor) {
      if (trainer.editing)
        trainer.leave_editor();
      else
        trainer.enter_editor(tsumi::rules::to_sfen(board.position()));
    }
    apply_editor_actions(trainer, edit);
    if (act.filter_changed) trainer.refresh();
    if (act.open) trainer.open(*act.open);
    if (act.next) trainer.next();
    if (act.previous) trainer.previous();
    if (act.random && !trainer.list().empty())
      trainer.open(int(unsigned(frame) * 7919u % trainer.list().size()));
    if (act.open_pasted) (void)trainer.open_text(trainer.paste_buffer.data());
    if (act.practice_start) trainer.start_practice(*act.practice_start, uint64_t(now_ms));
    if (act.practice_stop) trainer.practice.stop();
    if (act.practice_next) (void)trainer.next_practice();
    if (act.open_file) dropped.paths.push_back(*act.open_file);
    for (const std::string& path : dropped.paths)
      if (trainer.open_file(path).empty()) {  // the dialog starts next time where this file was
        trainer.files.open_folder(std::filesystem::path(path).parent_path().string());
        save("open_folder", trainer.files.folder());
      }
    dropped.paths.clear();
    if (auto* s = trainer.session()) {
      if (act.retry) s->retry();
      if (act.hint) s->hint();
      if (act.think_longer) s->think_longer();
      if (act.accept_length) s->accept_proposed_length();
      if (act.show_solution) s->show_solution();
      if (act.restart) s->restart();
      if (act.step) s->step(act.step);
      if (act.cancel) s->cancel();
    }

    if (Settings now = current_settings(trainer, style); !(now == saved)) {
      save_settings(trainer, now);
      saved = now;
    }

    // The screenshot frame must show the state after the last action: it is the first
    // frame drawn once every action was applied.
    const bool actions_done = next_action >= actions.size() && next_mouse >= mouse_steps.size();
    if (next_action < actions.size() && next_mouse >= mouse_steps.size()) {
      std::string error = tsumi::app::apply_action(trainer, model, actions[next_action++], mouse_steps);
      if (!error.empty()) {
        std::fprintf(stderr, "tsumi-trainer: action %zu: %s\n", next_action, error.c_str());
        status = 2;
        break;
      }
    }

    ImGui::Render();
    int w, h;
    glfwGetFramebufferSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.93f, 0.91f, 0.86f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glFinish();  // the drawing counts in the frame time, not only its submission
    times.ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frame_start).count());
    ++frame;
    bool last = args.frames > 0 && frame >= args.frames && actions_done;
    if (last && !args.screenshot.empty() && !save_screenshot(args.screenshot, w, h)) {
      std::fprintf(stderr, "tsumi-trainer: cannot write %s\n", args.screenshot.c_str());
      status = 1;
    }
    glfwSwapBuffers(window);
    if (last) break;
  }
  if (args.frame_stats) times.print();
  if (args.print_sfen)
    std::printf("%s\n", tsumi::rules::to_sfen(tsumi::app::active_board(trainer, model).position()).c_str());
  if (args.print_state && trainer.editing) {
    std::vector<std::string> problems = trainer.editor.problems();
    std::printf("editor: %s\n", problems.empty() ? trainer.editor.sfen().c_str() : problems.front().c_str());
    if (const auto& r = trainer.verification.result())
      std::printf("verified: %s, %zu findings, %zu tree nodes\n", r->sound ? "sound" : "not sound",
                  r->findings.size(), trainer.verification.tree().size());
  } else if (args.print_state && trainer.game()) {
    tsumi::ui::GameSession* g = trainer.game();
    std::printf("game: %s\n", g->is_over()
                                  ? g->result().c_str()
                                  : (std::to_string(g->board().moves().size()) + " moves, on").c_str());
  } else if (args.print_state && trainer.session()) {
    static const char* kStates[] = {"your-move", "thinking", "wrong", "solved", "solution", "reviewing"};
    std::printf("%s: %s\n", kStates[int(trainer.session()->state())], trainer.session()->feedback().c_str());
  }
  if (args.frames == 0) {  // a person's run: the window size is a setting (scripted runs leave it)
    int w = 0, h = 0;
    glfwGetWindowSize(window, &w, &h);
    if (w >= 320 && h >= 240) save("window", std::to_string(w) + "x" + std::to_string(h));
  }
  if (args.print_settings) {
    Settings now = current_settings(trainer, style);
    int w = 0, h = 0;
    glfwGetWindowSize(window, &w, &h);
    std::printf("notation=%s labels=%s flipped=%s think_ahead=%s window=%dx%d\n", now.notation.c_str(),
                now.labels.c_str(), now.flipped.c_str(), now.think_ahead.c_str(), w, h);
  }
  if (std::string e = trainer.finish(); !e.empty()) std::fprintf(stderr, "tsumi-trainer: %s\n", e.c_str());
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
