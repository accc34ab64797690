// tsumi-trainer: the desktop program. The only part that knows GLFW and OpenGL: it opens
// the window, loads the fonts (Latin from Dear ImGui, kanji from a Debian CJK font), runs
// the frame loop, and hands input to the views and models.
//
// For tests and screenshots: --sfen S (start position), --actions "click 7g; click 7f;
// promote yes; hand P; undo; flip" (one action per frame), --frames N (then exit),
// --screenshot FILE.png (saved after the last frame), --print-sfen (the final position on
// stdout), --size WxH.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "ui/board_model.h"
#include "ui/views/board_view.h"

namespace {

using tsumi::ui::BoardModel;

struct Args {
  std::string sfen, actions, screenshot;
  int frames = 0;  // 0: run until the window closes
  bool print_sfen = false;
  int width = 1280, height = 800;
};

bool parse_args(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (k == "--print-sfen") {
      a.print_sfen = true;
      continue;
    }
    if (!(v = value())) {
      std::fprintf(stderr, "tsumi-trainer: option %s needs a value\n", k.c_str());
      return false;
    }
    if (k == "--sfen")
      a.sfen = v;
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

// One scripted action; returns an error message or "".
std::string apply_action(BoardModel& model, const std::string& action) {
  std::istringstream in(action);
  std::string verb, arg;
  in >> verb >> arg;
  if (verb == "click") {
    if (arg.size() != 2 || arg[0] < '1' || arg[0] > '9' || arg[1] < 'a' || arg[1] > 'i')
      return "click needs a square such as 7g";
    model.click_square(tsumi::rules::make_square(arg[0] - '1', arg[1] - 'a'));
    return "";
  }
  if (verb == "hand") {
    const std::string letters = " PLNSBRG";
    size_t k = arg.size() == 1 ? letters.find(arg[0]) : std::string::npos;
    if (k == std::string::npos || k == 0) return "hand needs a piece letter: P L N S B R G";
    model.click_hand(tsumi::rules::PieceType(k));
    return "";
  }
  if (verb == "promote") {
    model.choose_promotion(arg != "no");
    return "";
  }
  if (verb == "undo") return model.undo(), "";
  if (verb == "flip") return model.flipped = !model.flipped, "";
  return "unknown action \"" + verb + "\"";
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
  ImGui::StyleColorsLight();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  std::vector<std::string> actions = split_actions(args.actions);
  size_t next_action = 0;
  int frame = 0;
  int status = 0;
  while (!glfwWindowShouldClose(window)) {
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    ImGui::Begin(
        "Tsumi", nullptr,
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::Text("Tsumi  —  %s to move",
                model.position().side_to_move() == tsumi::rules::kBlack ? "☗ Black" : "☖ White");
    ImGui::SameLine();
    if (ImGui::Button("Flip")) model.flipped = !model.flipped;
    ImGui::SameLine();
    if (ImGui::Button("Take back")) model.undo();
    ImGui::SameLine();
    ImGui::Checkbox("International labels", &style.western_labels);
    if (!model.message().empty())
      ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", model.message().c_str());
    tsumi::ui::BoardInput input = tsumi::ui::draw_board(model, style);
    if (input.promote) model.choose_promotion(*input.promote);
    if (input.hand_piece) model.click_hand(*input.hand_piece);
    if (input.square) model.click_square(*input.square);
    ImGui::End();

    if (next_action < actions.size()) {
      std::string error = apply_action(model, actions[next_action++]);
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
    bool last = args.frames > 0 && frame >= args.frames && next_action >= actions.size();
    if (last && !args.screenshot.empty() && !save_screenshot(args.screenshot, w, h)) {
      std::fprintf(stderr, "tsumi-trainer: cannot write %s\n", args.screenshot.c_str());
      status = 1;
    }
    glfwSwapBuffers(window);
    if (last) break;
  }
  if (args.print_sfen) std::printf("%s\n", tsumi::rules::to_sfen(model.position()).c_str());
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
