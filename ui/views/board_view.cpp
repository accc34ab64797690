#include "ui/views/board_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "rules/kif_move.h"

namespace tsumi::ui {

using namespace rules;

namespace {

const char* kKanji[kPieceTypeNb] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                    "玉", "と", "杏", "圭", "全", "馬", "龍"};
const char* kLatin[kPieceTypeNb] = {"",  "P",  "L",  "N",  "S",  "B",  "R", "G",
                                    "K", "+P", "+L", "+N", "+S", "+B", "+R"};
const char* kRankKanji[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

constexpr ImU32 kWood = IM_COL32(222, 184, 122, 255);
constexpr ImU32 kLine = IM_COL32(60, 40, 20, 255);
constexpr ImU32 kPieceFace = IM_COL32(250, 228, 180, 255);
constexpr ImU32 kPieceEdge = IM_COL32(120, 85, 40, 255);
constexpr ImU32 kInk = IM_COL32(20, 20, 20, 255);
constexpr ImU32 kRedInk = IM_COL32(190, 20, 20, 255);
constexpr ImU32 kLastMove = IM_COL32(255, 210, 90, 140);
constexpr ImU32 kSelected = IM_COL32(90, 200, 90, 150);
constexpr ImU32 kTarget = IM_COL32(40, 140, 40, 170);
constexpr ImU32 kCheck = IM_COL32(230, 40, 40, 150);
constexpr ImU32 kHint = IM_COL32(70, 120, 230, 140);

// Rotates the vertices added since `first` by 180° around c (gote's pieces face down).
void rotate_half_turn(ImDrawList* dl, int first, ImVec2 c) {
  for (int i = first; i < dl->VtxBuffer.Size; ++i) {
    ImVec2& p = dl->VtxBuffer[i].pos;
    p = ImVec2(2 * c.x - p.x, 2 * c.y - p.y);
  }
}

// A wedge-shaped piece (a pentagon pointing to the opponent) with its name.
void draw_piece(ImDrawList* dl, ImFont* font, ImVec2 center, float size, PieceType pt, Color c,
                bool western) {
  int first = dl->VtxBuffer.Size;
  float w = size * 0.82f, h = size * 0.9f;
  ImVec2 pts[5] = {{center.x, center.y - h / 2},
                   {center.x + w * 0.40f, center.y - h * 0.30f},
                   {center.x + w / 2, center.y + h / 2},
                   {center.x - w / 2, center.y + h / 2},
                   {center.x - w * 0.40f, center.y - h * 0.30f}};
  dl->AddConvexPolyFilled(pts, 5, kPieceFace);
  dl->AddPolyline(pts, 5, kPieceEdge, ImDrawFlags_Closed, std::max(1.0f, size / 40));
  const char* name = western ? kLatin[pt] : kKanji[pt];
  float font_size = size * (western ? 0.5f : 0.62f);
  ImVec2 text = font->CalcTextSizeA(font_size, FLT_MAX, 0, name);
  dl->AddText(font, font_size, ImVec2(center.x - text.x / 2, center.y - text.y / 2 + h * 0.06f),
              is_promoted(pt) ? kRedInk : kInk, name);
  if (c == kWhite) rotate_half_turn(dl, first, center);
}

// One piece stand: the pieces of a hand, largest first, with counts.
std::optional<PieceType> draw_stand(ImDrawList* dl, ImFont* font, ImVec2 origin, float cell, Hand hand,
                                    Color c, bool clickable, const std::optional<Selection>& sel,
                                    bool western, PieceType hint = kNoPieceType) {
  std::optional<PieceType> clicked;
  dl->AddRectFilled(origin, ImVec2(origin.x + cell * 1.6f, origin.y + cell * 7.4f),
                    IM_COL32(200, 160, 100, 255), 6);
  float y = origin.y + cell * 0.2f;
  for (PieceType pt : {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn}) {
    int n = hand.count(pt);
    if (!n) continue;
    ImVec2 center(origin.x + cell * 0.6f, y + cell / 2);
    bool selected = sel && sel->from_hand && sel->hand_type == pt && clickable;
    if (selected || (clickable && hint == pt))
      dl->AddRectFilled(ImVec2(center.x - cell / 2, y), ImVec2(center.x + cell / 2, y + cell),
                        selected ? kSelected : kHint, 4);
    draw_piece(dl, font, center, cell, pt, c, western);
    if (n > 1) {
      std::string count = std::to_string(n);
      dl->AddText(font, cell * 0.42f, ImVec2(center.x + cell * 0.5f, y + cell * 0.45f), kInk, count.c_str());
    }
    if (clickable && ImGui::IsMouseClicked(0) &&
        ImGui::IsMouseHoveringRect(ImVec2(center.x - cell / 2, y), ImVec2(center.x + cell / 2, y + cell)))
      clicked = pt;
    y += cell * 1.02f;
  }
  return clicked;
}

}  // namespace

BoardInput draw_board(const BoardModel& model, const BoardStyle& style) {
  BoardInput input;
  const Position& pos = model.position();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 top_left = ImGui::GetCursorScreenPos();
  // Board of 9 cells plus two stands of 1.8 cells and a margin for the labels.
  float cell = std::max(16.0f, std::min(avail.x / 13.4f, avail.y / 10.0f));
  ImVec2 board(top_left.x + cell * 2.0f, top_left.y + cell * 0.6f);
  input.board_min = board;
  input.cell = cell;
  auto square_at = [&](int col, int row) {  // screen column/row → square
    int file0 = model.flipped ? col : 8 - col, rank0 = model.flipped ? 8 - row : row;
    return make_square(file0, rank0);
  };
  auto cell_min = [&](Square s) {
    int col = model.flipped ? file_of(s) : 8 - file_of(s), row = model.flipped ? 8 - rank_of(s) : rank_of(s);
    return ImVec2(board.x + col * cell, board.y + row * cell);
  };

  dl->AddRectFilled(ImVec2(board.x - cell * 0.1f, board.y - cell * 0.1f),
                    ImVec2(board.x + cell * 9.1f, board.y + cell * 9.1f), kWood, 4);
  // Highlights under the pieces.
  Move last = model.last_move();
  if (!last.is_none()) {
    ImVec2 a = cell_min(last.to());
    dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), kLastMove);
  }
  if (auto sel = model.selection(); sel && !sel->from_hand) {
    ImVec2 a = cell_min(sel->square);
    dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), kSelected);
  }
  for (Square h : {model.hint_from, model.hint_to})
    if (h != kNoSquare) {
      ImVec2 a = cell_min(h);
      dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), kHint);
    }
  if (pos.in_check() && pos.king_square(pos.side_to_move()) != kNoSquare) {
    ImVec2 a = cell_min(pos.king_square(pos.side_to_move()));
    dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), kCheck);
  }
  for (int i = 0; i <= 9; ++i) {
    float t = std::max(1.0f, cell / 36);
    dl->AddLine(ImVec2(board.x + i * cell, board.y), ImVec2(board.x + i * cell, board.y + 9 * cell), kLine,
                t);
    dl->AddLine(ImVec2(board.x, board.y + i * cell), ImVec2(board.x + 9 * cell, board.y + i * cell), kLine,
                t);
  }
  for (int i : {3, 6})
    for (int j : {3, 6})
      dl->AddCircleFilled(ImVec2(board.x + i * cell, board.y + j * cell), cell / 14, kLine);
  // Coordinates: files along the top, ranks down the right side.
  ImFont* font = style.piece_font ? style.piece_font : ImGui::GetFont();
  for (int col = 0; col < 9; ++col) {
    std::string f = std::to_string(file_of(square_at(col, 0)) + 1);
    dl->AddText(font, cell * 0.4f, ImVec2(board.x + col * cell + cell * 0.42f, board.y - cell * 0.55f), kInk,
                f.c_str());
  }
  for (int row = 0; row < 9; ++row) {
    int rank0 = rank_of(square_at(0, row));
    std::string r = style.western_labels ? std::string(1, char('a' + rank0)) : kRankKanji[rank0];
    dl->AddText(font, cell * 0.4f, ImVec2(board.x + 9.2f * cell, board.y + row * cell + cell * 0.3f), kInk,
                r.c_str());
  }
  // A new move slides into place (0.25 s): from its origin, or from the stand for a drop.
  // When a move was first seen is kept in ImGui's per-window storage.
  ImGuiStorage* anim = ImGui::GetStateStorage();
  const ImGuiID serial_id = ImGui::GetID("serial"), since_id = ImGui::GetID("since");
  const float now = float(ImGui::GetTime());
  if (anim->GetInt(serial_id, -1) != int(model.serial())) {
    anim->SetInt(serial_id, int(model.serial()));
    anim->SetFloat(since_id, now);
  }
  const float progress = std::min(1.0f, (now - anim->GetFloat(since_id, 0)) / 0.25f);
  const Move moving = style.animate && progress < 1 ? last : Move::none();
  // Pieces, then the legal destinations on top.
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = pos.piece_on(Square(s));
    if (p == kNoPiece) continue;
    if (!moving.is_none() && moving.to() == Square(s)) {
      ImVec2 to = cell_min(Square(s));
      ImVec2 from = moving.is_drop()
                        ? ImVec2(color_of(p) == (model.flipped ? kWhite : kBlack) ? board.x + cell * 10.2f
                                                                                  : board.x - cell * 1.5f,
                                 board.y + cell * 4)
                        : cell_min(moving.from());
      ImVec2 at(from.x + (to.x - from.x) * progress + cell / 2,
                from.y + (to.y - from.y) * progress + cell / 2);
      Color facing = model.flipped ? ~color_of(p) : color_of(p);
      draw_piece(ImGui::GetForegroundDrawList(), font, at, cell * 0.94f, type_of(p), facing,
                 style.western_labels);
      continue;
    }
    ImVec2 a = cell_min(Square(s));
    Color facing = model.flipped ? ~color_of(p) : color_of(p);
    draw_piece(dl, font, ImVec2(a.x + cell / 2, a.y + cell / 2), cell * 0.94f, type_of(p), facing,
               style.western_labels);
  }
  for (Square t : model.targets()) {
    ImVec2 a = cell_min(t);
    dl->AddCircleFilled(ImVec2(a.x + cell / 2, a.y + cell / 2), cell / 7, kTarget);
  }
  // Stands: the player at the bottom on the right, the other on the left.
  Color bottom = model.flipped ? kWhite : kBlack;
  auto sel = model.selection();
  auto right =
      draw_stand(dl, font, ImVec2(board.x + cell * 9.7f, board.y + cell * 1.6f), cell, pos.hand(bottom),
                 bottom, pos.side_to_move() == bottom, sel, style.western_labels, model.hint_hand);
  auto left = draw_stand(dl, font, ImVec2(top_left.x, board.y), cell, pos.hand(~bottom),
                         model.flipped ? kBlack : kWhite, pos.side_to_move() == ~bottom, sel,
                         style.western_labels, model.hint_hand);
  if (right) input.hand_piece = right;
  if (left) input.hand_piece = left;

  // Clicks and drags. A press selects (as a click does); releasing the button over another
  // square after dragging is a second click there, so drag-and-drop and click-click make
  // the same moves. Where the press happened is kept in ImGui's per-window storage.
  auto square_under_mouse = [&]() -> std::optional<Square> {
    ImVec2 m = ImGui::GetMousePos();
    int col = int(std::floor((m.x - board.x) / cell)), row = int(std::floor((m.y - board.y) / cell));
    if (col >= 0 && col < 9 && row >= 0 && row < 9) return square_at(col, row);
    return std::nullopt;
  };
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID press_id = ImGui::GetID("press");  // square index, kPressHand, or kPressNone
  constexpr int kPressNone = -1, kPressHand = -2;
  if (input.hand_piece) storage->SetInt(press_id, kPressHand);
  ImGui::InvisibleButton("board", ImVec2(cell * 11.6f, cell * 9.8f));
  if (ImGui::IsItemClicked(0)) {
    input.square = square_under_mouse();
    storage->SetInt(press_id, input.square ? int(*input.square) : kPressNone);
  }
  int pressed = storage->GetInt(press_id, kPressNone);
  if (pressed != kPressNone && ImGui::IsMouseDragging(0) && model.selection()) {
    // The piece follows the cursor while it is dragged.
    const Selection& sel = *model.selection();
    PieceType pt = sel.from_hand ? sel.hand_type : type_of(pos.piece_on(sel.square));
    Color facing = model.flipped ? ~pos.side_to_move() : pos.side_to_move();
    if (pt != kNoPieceType)
      draw_piece(ImGui::GetForegroundDrawList(), font, ImGui::GetMousePos(), cell * 0.94f, pt, facing,
                 style.western_labels);
  }
  if (pressed != kPressNone && ImGui::IsMouseReleased(0)) {
    storage->SetInt(press_id, kPressNone);
    auto released = square_under_mouse();
    if (released && int(*released) != pressed && model.selection()) input.square = released;
  }
  // The promotion question: always asked when promotion is optional.
  if (model.pending_promotion()) ImGui::OpenPopup("promotion");
  if (ImGui::BeginPopupModal("promotion", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    if (!model.pending_promotion()) ImGui::CloseCurrentPopup();  // answered elsewhere (script, take back)
    ImGui::TextUnformatted("Promote?  成りますか");
    if (ImGui::Button("成 Promote", ImVec2(cell * 2.4f, cell))) {
      input.promote = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("不成 Decline", ImVec2(cell * 2.4f, cell))) {
      input.promote = false;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return input;
}

}  // namespace tsumi::ui
