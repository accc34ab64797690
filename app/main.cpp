// tsumi-trainer: the desktop program. The only part that knows GLFW and OpenGL: it opens
// the window, loads the fonts (Latin from Dear ImGui, kanji from a Debian CJK font), runs
// the frame loop, and hands input to the views and models.
//
// Options: --collections DIR (the problem collections; default: the source tree's
// problems/collections), --problem ID (open it), --sfen S (a free board).
// For tests and screenshots: --actions "open tanuki-0001; click 7g; click 7f; promote yes;
// hand P; drag 7g 7f; mouse 7g; wait; retry; hint; undo; flip; next" (one action per frame;
// drag and mouse go through the views as real pointer input, over several frames), --frames N (then exit),
// --screenshot FILE.png (saved after the last frame), --print-sfen / --print-state (the
// final position / the solving state and feedback on stdout), --size WxH.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "ui/board_model.h"
#include "ui/trainer_model.h"
#include "ui/views/board_view.h"
#include "ui/views/trainer_view.h"

namespace {

using tsumi::ui::BoardModel;

#ifndef TSUMI_COLLECTIONS_DIR
#define TSUMI_COLLECTIONS_DIR "problems/collections"
#endif

struct Args {
  std::string sfen, actions, screenshot, problem, progress;
  std::string collections = TSUMI_COLLECTIONS_DIR;
  bool print_state = false;
  int frames = 0;  // 0: run until the window closes
  bool print_sfen = false;
  int width = 1280, height = 800;
};

bool parse_args(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (k == "--print-sfen" || k == "--print-state") {
      (k == "--print-sfen" ? a.print_sfen : a.print_state) = true;
      continue;
    }
    if (!(v = value())) {
      std::fprintf(stderr, "tsumi-trainer: option %s needs a value\n", k.c_str());
      return false;
    }
    if (k == "--sfen")
      a.sfen = v;
    else if (k == "--collections")
      a.collections = v;
    else if (k == "--problem")
      a.problem = v;
    else if (k == "--progress")
      a.progress = v;
    else if (k == "--actions")
      a.actions = v;
    else if (k == "--screenshot")
      a.screenshot = v;
    else if (k == "--frames")
      a.frames = std::atoi(v);
    else if (k == "--size" && std::sscanf(v, "%dx%d", &a.width, &a.height) == 2)
      ;
    else {
      std::fprintf(stderr, "tsumi-trainer: unknown option %s\n", k.c_str());
      return false;
    }
  }
  return true;
}

// Scripted mouse input, one step per frame: where the pointer is and whether the left
// button is down. "drag 7g 7f" and "mouse 7g" (a click) go through the views exactly as a
// person's mouse would.
struct MouseStep {
  tsumi::rules::Square square;
  bool down;
};

bool parse_square(const std::string& t, tsumi::rules::Square& s) {
  if (t.size() != 2 || t[0] < '1' || t[0] > '9' || t[1] < 'a' || t[1] > 'i') return false;
  s = tsumi::rules::make_square(t[0] - '1', t[1] - 'a');
  return true;
}

// The board the user plays on: the problem's, or the free one.
BoardModel& active_board(tsumi::ui::TrainerModel& trainer, BoardModel& free_board) {
  return trainer.session() ? trainer.session()->board() : free_board;
}

// One scripted action; returns an error message or "".
std::string apply_action(tsumi::ui::TrainerModel& trainer, BoardModel& free_board, const std::string& action,
                         std::vector<MouseStep>& mouse_steps) {
  std::istringstream in(action);
  std::string verb, arg;
  in >> verb >> arg;
  BoardModel& model = active_board(trainer, free_board);
  tsumi::ui::SolveSession* session = trainer.session();
  if (session && session->is_thinking() && verb != "wait") return "the solver is still grading (add a wait)";
  if (verb == "drag" || verb == "mouse") {
    std::string to;
    in >> to;
    tsumi::rules::Square a = tsumi::rules::kNoSquare, b = tsumi::rules::kNoSquare;
    if (!parse_square(arg, a) || (verb == "drag" && !parse_square(to, b)))
      return verb + " needs square(s) such as 7g" + (verb == "drag" ? " 7f" : "");
    if (verb == "mouse")
      return mouse_steps.insert(mouse_steps.end(), {{a, false}, {a, true}, {a, false}}), "";
    mouse_steps.insert(mouse_steps.end(),
                       {{a, false}, {a, true}, {a, true}, {b, true}, {b, true}, {b, false}});
    return "";
  }
  if (verb == "open") return trainer.open_id(arg) ? "" : "no problem \"" + arg + "\" in the collections";
  if (verb == "next") return trainer.next(), "";
  if (verb == "wait") {
    if (session) {
      session->wait();
      session->poll();
    }
    return "";
  }
  if (verb == "retry") return session ? (session->retry(), "") : "retry needs an open problem";
  if (verb == "hint") return session ? (session->hint(), "") : "hint needs an open problem";
  if (verb == "solution") return session ? (session->show_solution(), "") : "solution needs an open problem";
  if (verb == "forward") return model.forward() ? "" : "nothing ahead";
  if (verb == "back") return model.back() ? "" : "at the start";
  if (verb == "paste") {  // the rest of the action is the text (an SFEN line)
    std::string text = action.substr(action.find("paste") + 5);
    std::string error = trainer.open_text(text);
    return error;
  }
  if (verb == "analysed") {  // wait for the solver to finish a pasted problem
    trainer.analysis().wait();
    (void)trainer.update();
    return "";
  }
  if (verb == "click") {
    if (arg.size() != 2 || arg[0] < '1' || arg[0] > '9' || arg[1] < 'a' || arg[1] > 'i')
      return "click needs a square such as 7g";
    model.click_square(tsumi::rules::make_square(arg[0] - '1', arg[1] - 'a'));
  } else if (verb == "hand") {
    const std::string letters = " PLNSBRG";
    size_t k = arg.size() == 1 ? letters.find(arg[0]) : std::string::npos;
    if (k == std::string::npos || k == 0) return "hand needs a piece letter: P L N S B R G";
    model.click_hand(tsumi::rules::PieceType(k));
  } else if (verb == "promote") {
    model.choose_promotion(arg != "no");
  } else if (verb == "undo") {
    model.undo();
  } else if (verb == "flip") {
    model.flipped = !model.flipped;
  } else {
    return "unknown action \"" + verb + "\"";
  }
  if (session) session->after_user_action();
  return "";
}

std::vector<std::string> split_actions(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string a;
  while (std::getline(in, a, ';'))
    if (a.find_first_not_of(' ') != std::string::npos) out.push_back(a);
  return out;
}

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
  ui.AddText("☗☖▲△—…・");
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

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!parse_args(argc, argv, args)) return 2;
  BoardModel model;
  tsumi::ui::TrainerModel trainer;
  std::string load_error;
  if (!trainer.load(args.collections, &load_error))
    std::fprintf(stderr, "tsumi-trainer: no problem collections: %s\n", load_error.c_str());
  // The progress database; without it the trainer still works, but records nothing.
  std::string progress_note;
  auto db = tsumi::problems::ProgressDb::open(
      args.progress.empty() ? tsumi::problems::ProgressDb::default_path() : args.progress);
  if (db) {
    trainer.set_progress(std::move(db).value());
  } else {
    progress_note = db.error().message + " — progress is not recorded in this session.";
    std::fprintf(stderr, "tsumi-trainer: %s\n", progress_note.c_str());
  }
  if (!args.problem.empty() && !trainer.open_id(args.problem)) {
    std::fprintf(stderr, "tsumi-trainer: --problem: no problem \"%s\"\n", args.problem.c_str());
    return 2;
  }
  if (!args.sfen.empty()) {
    std::string error;
    if (!model.reset(args.sfen, &error)) {
      std::fprintf(stderr, "tsumi-trainer: --sfen: %s\n", error.c_str());
      return 2;
    }
  }
  if (!glfwInit()) {
    std::fprintf(stderr, "tsumi-trainer: cannot initialise GLFW (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window =
      glfwCreateWindow(args.width, args.height, "Tsumi — tsume-shogi trainer", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "tsumi-trainer: cannot open a window with OpenGL 3\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(window, &xscale, &yscale);  // HiDPI
  tsumi::ui::BoardStyle style;
  style.piece_font = load_fonts(std::max(1.0f, xscale));
  style.animate = args.frames == 0;  // scripted runs take their screenshots without motion
  // Settings persist between runs (in the progress database).
  if (auto* p = trainer.progress()) {
    if (auto v = p->setting("notation"); v && *v) trainer.notation = tsumi::ui::notation_from_name(**v);
    if (auto v = p->setting("labels"); v && *v) style.western_labels = **v == "western";
  }
  ImGui::StyleColorsLight();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  std::vector<std::string> actions = split_actions(args.actions);
  size_t next_action = 0;
  std::vector<MouseStep> mouse_steps;  // scripted pointer input, consumed one per frame
  size_t next_mouse = 0;
  ImVec2 board_min(0, 0);
  float cell = 0;
  int frame = 0;
  int status = 0;
  while (!glfwWindowShouldClose(window)) {
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (next_mouse < mouse_steps.size() && cell > 0) {
      // After the backend has read the real pointer: the script's pointer wins.
      const MouseStep& m = mouse_steps[next_mouse++];
      BoardModel& b = active_board(trainer, model);
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
    if (trainer.session()) trainer.session()->poll();
    if (std::string e = trainer.update(); !e.empty()) progress_note = e;
    BoardModel& board = active_board(trainer, model);
    int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    int streak = 0;
    if (auto* p = trainer.progress())
      if (auto st = p->streak_days(now_ms)) streak = *st;
    ImGui::BeginChild("problems", ImVec2(vp->WorkSize.x * 0.28f, 0), true);
    tsumi::ui::TrainerActions act = tsumi::ui::draw_problem_panel(trainer, now_ms, streak);
    if (!progress_note.empty()) ImGui::TextColored(ImVec4(0.7f, 0.3f, 0.0f, 1), "%s", progress_note.c_str());
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("board", ImVec2(0, 0), false);
    ImGui::Text("%s to move",
                board.position().side_to_move() == tsumi::rules::kBlack ? "☗ Black" : "☖ White");
    ImGui::SameLine();
    if (ImGui::Button("Flip")) board.flipped = !board.flipped;
    ImGui::SameLine();
    if (ImGui::Button("Take back")) board.undo();
    ImGui::SameLine();
    if (ImGui::Checkbox("International labels", &style.western_labels))
      if (auto* p = trainer.progress())
        (void)p->set_setting("labels", style.western_labels ? "western" : "japanese");
    if (!board.message().empty())
      ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", board.message().c_str());
    tsumi::ui::BoardInput input = tsumi::ui::draw_board(board, style);
    board_min = input.board_min;
    cell = input.cell;
    ImGui::EndChild();
    ImGui::End();

    // The user's input, then the panel's actions (the board takes no moves while the
    // solver grades one).
    bool read_only =
        trainer.session() && (trainer.session()->is_thinking() ||
                              trainer.session()->state() == tsumi::ui::SolveSession::State::kShowingSolution);
    if (!read_only) {
      if (input.promote) board.choose_promotion(*input.promote);
      if (input.hand_piece) board.click_hand(*input.hand_piece);
      if (input.square) board.click_square(*input.square);
      if (trainer.session()) trainer.session()->after_user_action();
    }
    if (act.filter_changed) trainer.refresh();
    if (act.notation_changed)
      if (auto* p = trainer.progress())
        (void)p->set_setting("notation", tsumi::ui::notation_name(trainer.notation));
    if (act.open) trainer.open(*act.open);
    if (act.next) trainer.next();
    if (act.previous) trainer.previous();
    if (act.random && !trainer.list().empty())
      trainer.open(int(unsigned(frame) * 7919u % trainer.list().size()));
    if (act.retry && trainer.session()) trainer.session()->retry();
    if (act.hint && trainer.session()) trainer.session()->hint();
    if (act.open_pasted) (void)trainer.open_text(trainer.paste_buffer.data());
    if (auto* s = trainer.session()) {
      if (act.show_solution) s->show_solution();
      if (act.restart) s->restart();
      if (act.step == -1) s->board().back();
      if (act.step == 1) s->board().forward();
      if (act.step == -2)
        while (s->board().back()) {
        }
      if (act.step == 2)
        while (s->board().forward()) {
        }
    }
    if (act.cancel && trainer.session()) trainer.session()->cancel();

    // The screenshot frame must show the state after the last action: it is the first
    // frame drawn once every action was applied.
    const bool actions_done = next_action >= actions.size() && next_mouse >= mouse_steps.size();
    if (next_action < actions.size() && next_mouse >= mouse_steps.size()) {
      std::string error = apply_action(trainer, model, actions[next_action++], mouse_steps);
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
    ++frame;
    bool last = args.frames > 0 && frame >= args.frames && actions_done;
    if (last && !args.screenshot.empty() && !save_screenshot(args.screenshot, w, h)) {
      std::fprintf(stderr, "tsumi-trainer: cannot write %s\n", args.screenshot.c_str());
      status = 1;
    }
    glfwSwapBuffers(window);
    if (last) break;
  }
  if (args.print_sfen)
    std::printf("%s\n", tsumi::rules::to_sfen(active_board(trainer, model).position()).c_str());
  if (args.print_state && trainer.session()) {
    static const char* kStates[] = {"your-move", "thinking", "wrong", "solved", "solution"};
    std::printf("%s: %s\n", kStates[int(trainer.session()->state())], trainer.session()->feedback().c_str());
  }
  if (std::string e = trainer.finish(); !e.empty()) std::fprintf(stderr, "tsumi-trainer: %s\n", e.c_str());
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
