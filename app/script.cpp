#include "app/script.h"

#include "rules/handicap.h"
#include "rules/sfen.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace tsumi::app {

using ui::BoardModel;

bool parse_args(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    bool* flag = k == "--print-sfen"       ? &a.print_sfen
                 : k == "--print-state"    ? &a.print_state
                 : k == "--print-settings" ? &a.print_settings
                 : k == "--frame-stats"    ? &a.frame_stats
                                           : nullptr;
    if (flag) {
      *flag = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "tsumi-trainer: option %s needs a value\n", k.c_str());
      return false;
    }
    const std::string v = argv[++i];
    bool ok = true;
    if (k == "--sfen")
      a.sfen = v;
    else if (k == "--collections")
      a.collections = v;
    else if (k == "--problem")
      a.problem = v;
    else if (k == "--open")
      a.file = v;
    else if (k == "--progress")
      a.progress = v;
    else if (k == "--actions")
      a.actions = v;
    else if (k == "--screenshot")
      a.screenshot = v;
    else if (k == "--frames")
      ok = std::sscanf(v.c_str(), "%d", &a.frames) == 1 && a.frames > 0;
    else if (k == "--size")
      ok = std::sscanf(v.c_str(), "%dx%d", &a.width, &a.height) == 2 && a.width >= 320 && a.height >= 240;
    else if (k == "--scale")
      ok = std::sscanf(v.c_str(), "%f", &a.scale) == 1 && a.scale >= 0.5f && a.scale <= 4;
    else {
      std::fprintf(stderr, "tsumi-trainer: unknown option %s\n", k.c_str());
      return false;
    }
    if (!ok) {
      std::fprintf(stderr, "tsumi-trainer: bad value \"%s\" for %s\n", v.c_str(), k.c_str());
      return false;
    }
  }
  return true;
}

namespace {

bool parse_square(const std::string& t, rules::Square& s) {
  if (t.size() != 2 || t[0] < '1' || t[0] > '9' || t[1] < 'a' || t[1] > 'i') return false;
  s = rules::make_square(t[0] - '1', t[1] - 'a');
  return true;
}

// The game actions: play (from the board), play-start NAME, level N, side black|white,
// opponent engine|people, engine (wait for its move), resign, analyse, save PATH, leave.
bool game_action(ui::TrainerModel& trainer, BoardModel& board, const std::string& verb,
                 const std::string& arg, std::string* result) {
  ui::GameSession* game = trainer.game();
  *result = "";
  if (verb == "play") {
    *result = trainer.play_from(rules::to_sfen(board.position()));
  } else if (verb == "play-start") {
    auto h = rules::find_handicap(arg);
    *result = h ? trainer.play_from(std::string(rules::handicap_info(*h).sfen)) : h.error().message;
  } else if (verb == "level") {
    trainer.game_setup.level = std::atoi(arg.c_str());
  } else if (verb == "side") {
    trainer.game_setup.user = arg == "white" ? rules::kWhite : rules::kBlack;
  } else if (verb == "opponent") {
    trainer.game_setup.against_engine = arg != "people";
  } else if (verb == "engine" || verb == "resign" || verb == "analyse" || verb == "save" || verb == "leave") {
    if (!game) {
      *result = verb + " needs a game (play first)";
    } else if (verb == "engine") {
      game->wait();
      game->poll();
    } else if (verb == "resign") {
      game->resign();
    } else if (verb == "analyse") {
      game->analyse();
    } else if (verb == "save") {
      *result = game->save(arg);
    } else {
      trainer.end_game();
    }
  } else {
    return false;
  }
  return true;
}

}  // namespace

BoardModel& active_board(ui::TrainerModel& trainer, BoardModel& free_board) {
  if (trainer.game()) return trainer.game()->board();
  return trainer.session() ? trainer.session()->board() : free_board;
}

std::vector<std::string> split_actions(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string a;
  while (std::getline(in, a, ';'))
    if (a.find_first_not_of(' ') != std::string::npos) out.push_back(a);
  return out;
}

std::string apply_action(ui::TrainerModel& trainer, BoardModel& free_board, const std::string& action,
                         std::vector<MouseStep>& mouse_steps) {
  std::istringstream in(action);
  std::string verb, arg;
  in >> verb >> arg;
  BoardModel& model = active_board(trainer, free_board);
  ui::SolveSession* session = trainer.session();
  if (trainer.game()) {
    if (trainer.game()->is_thinking() && verb != "engine") return "the engine is still thinking (add engine)";
  } else if (session && session->is_thinking() && verb != "wait") {
    return "the solver is still grading (add a wait)";
  }
  if (verb == "drag" || verb == "mouse") {
    std::string to;
    in >> to;
    rules::Square a = rules::kNoSquare, b = rules::kNoSquare;
    if (!parse_square(arg, a) || (verb == "drag" && !parse_square(to, b)))
      return verb + " needs square(s) such as 7g" + (verb == "drag" ? " 7f" : "");
    if (verb == "mouse")
      return mouse_steps.insert(mouse_steps.end(), {{a, false}, {a, true}, {a, false}}), "";
    mouse_steps.insert(mouse_steps.end(),
                       {{a, false}, {a, true}, {a, true}, {b, true}, {b, true}, {b, false}});
    return "";
  }
  if (std::string r; game_action(trainer, model, verb, arg, &r)) return r;
  if (verb == "open") return trainer.open_id(arg) ? "" : "no problem \"" + arg + "\" in the collections";
  if (verb == "file") return trainer.open_file(action.substr(action.find("file") + 5));
  if (verb == "browse") {  // the "open a file" dialog, in a folder
    if (!trainer.files.open_folder(arg)) return trainer.files.error();
    trainer.files.show_requested = true;
    return "";
  }
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
  if (verb == "back" || verb == "forward" || verb == "start" || verb == "end") {
    int delta = verb == "back" ? -1 : verb == "forward" ? 1 : verb == "start" ? -2 : 2;
    if (session) return session->step(delta), "";
    return (delta < 0 ? model.back() : model.forward()) ? "" : "nothing to step to";
  }
  if (verb == "paste") return trainer.open_text(action.substr(action.find("paste") + 5));
  if (verb == "analysed") {  // wait for the solver to finish a pasted problem
    trainer.analysis().wait();
    (void)trainer.update();
    return "";
  }
  if (verb == "click") {
    rules::Square s;
    if (!parse_square(arg, s)) return "click needs a square such as 7g";
    if (trainer.game() ? !trainer.game()->accepts_moves() : session && !session->accepts_moves())
      return "the board takes no moves now";
    model.click_square(s);
  } else if (verb == "hand") {
    const std::string letters = " PLNSBRG";
    size_t k = arg.size() == 1 ? letters.find(arg[0]) : std::string::npos;
    if (k == std::string::npos || k == 0) return "hand needs a piece letter: P L N S B R G";
    model.click_hand(rules::PieceType(k));
  } else if (verb == "promote") {
    model.choose_promotion(arg != "no");
  } else if (verb == "undo") {
    if (session)
      session->take_back();
    else
      model.undo();
  } else if (verb == "flip") {
    model.flipped = !model.flipped;
    trainer.flipped = model.flipped;
  } else {
    return "unknown action \"" + verb + "\"";
  }
  if (trainer.game())
    trainer.game()->after_user_action();
  else if (session)
    session->after_user_action();
  return "";
}

}  // namespace tsumi::app
