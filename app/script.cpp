#include "app/script.h"

#include "rules/handicap.h"
#include "rules/sfen.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <thread>

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
bool is_editor_verb(const std::string& verb) {
  for (const char* v : {"preset", "tool", "brush", "put", "ehand", "rest", "side", "everify", "verified",
                        "etree", "esave", "esolve", "eplay"})
    if (verb == v) return true;
  return false;
}

// The editor's actions: edit (the board's position into the editor), preset NAME, tool NAME,
// brush PIECE (SFEN letter, "+R", "g"), put SQ (a click on the board), ehand b|w LETTER N,
// rest, side b|w, everify N, verified (wait for it), etree K (show the K-th tree node),
// esave PATH, esolve, eplay, leave-editor.
bool editor_action(ui::TrainerModel& trainer, BoardModel& board, const std::string& verb,
                   std::istringstream& in, const std::string& arg, std::string* result) {
  ui::EditorModel& e = trainer.editor;
  *result = "";
  if (verb == "edit") {
    trainer.enter_editor(rules::to_sfen(board.position()));
  } else if (verb == "leave-editor") {
    trainer.leave_editor();
  } else if (is_editor_verb(verb)) {
    if (!trainer.editing) return false;
    if (verb == "preset") {
      e.preset(arg == "even"    ? ui::EditorModel::Preset::kEven
               : arg == "empty" ? ui::EditorModel::Preset::kEmpty
               : arg == "kings" ? ui::EditorModel::Preset::kTwoKings
                                : ui::EditorModel::Preset::kTsume);
    } else if (verb == "tool") {
      const char* names[] = {"place", "move", "erase", "promote", "owner"};
      for (int i = 0; i < 5; ++i)
        if (arg == names[i]) e.tool = ui::EditorModel::Tool(i);
    } else if (verb == "brush") {
      rules::Position pos;
      rules::StateInfo st;
      // The piece as an SFEN board of one piece: "+R" → a black dragon.
      // (on 9e, where every piece can move).
      auto r = rules::parse_sfen("9/9/9/9/" + arg + "8/9/9/9/9 b - 1", pos, st);
      if (!r || pos.piece_on(rules::make_square(8, 4)) == rules::kNoPiece) {
        *result = "brush needs a piece letter such as G, +R or s";
        return true;
      }
      e.brush = pos.piece_on(rules::make_square(8, 4));
      e.tool = ui::EditorModel::Tool::kPlace;
    } else if (verb == "put") {
      rules::Square sq;
      if (!parse_square(arg, sq))
        *result = "put needs a square such as 5a";
      else
        e.click(sq);
    } else if (verb == "ehand") {
      std::string letter;
      int n = 0;
      in >> letter >> n;
      const std::string letters = " PLNSBRG";
      size_t k = letter.size() == 1 ? letters.find(letter[0]) : std::string::npos;
      if (k == std::string::npos || k == 0)
        *result = "ehand needs b|w, a piece letter and a count";
      else
        e.set_hand(arg == "w" ? rules::kWhite : rules::kBlack, rules::PieceType(k), n);
    } else if (verb == "rest") {
      e.defender_holds_rest();
    } else if (verb == "side") {
      e.set_side_to_move(arg == "w" ? rules::kWhite : rules::kBlack);
    } else if (verb == "everify") {
      trainer.editor_length = std::atoi(arg.c_str());
      trainer.editor_verify();
    } else if (verb == "verified") {
      trainer.verification.wait();
      trainer.verification.poll();
    } else if (verb == "etree") {
      size_t k = size_t(std::atoi(arg.c_str()));
      if (k >= trainer.verification.tree().size())
        *result = "etree: no such node";
      else
        trainer.show_tree_line(trainer.verification.tree()[k].line);
    } else if (verb == "esave") {
      *result = trainer.save_editor_position(arg);
    } else if (verb == "esolve") {
      *result = trainer.editor_solve();
    } else {
      *result = trainer.editor_play();
    }
  } else {
    return false;
  }
  return true;
}

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
  if (std::string r; editor_action(trainer, model, verb, in, arg, &r)) return r;
  if (std::string r; game_action(trainer, model, verb, arg, &r)) return r;
  if (verb == "practice") return trainer.start_practice(std::atoi(arg.c_str()) | 1, 1), "";
  if (verb == "practiced") {  // wait for a generated problem and open it
    trainer.practice.wait_for_one();
    return trainer.next_practice() ? "" : "no practice problem";
  }
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
  if (verb == "idle") {  // the user thinks for that many seconds (the solver's worker goes on)
    const double seconds = std::atof(arg.c_str());
    if (!(seconds > 0 && seconds <= 600)) return "idle needs a number of seconds (up to 600)";
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    return "";
  }
  if (verb == "retry") return session ? (session->retry(), "") : "retry needs an open problem";
  if (verb == "hint") return session ? (session->hint(), "") : "hint needs an open problem";
  if (verb == "accept-length") {
    if (!session || !session->may_accept_proposed_length())
      return "accept-length needs a length the solver proposed, before the first move or after it was "
             "refuted";
    session->accept_proposed_length();
    return "";
  }
  if (verb == "think-longer") {
    if (!session || !session->awaiting_decision())
      return "think-longer needs a move the solver could not decide";
    session->think_longer();
    return "";
  }
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
  } else if (verb == "think-ahead") {
    if (arg != "on" && arg != "off") return "think-ahead needs on or off";
    trainer.think_ahead = arg == "on";
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
