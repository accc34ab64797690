// The record formats: reading hand-written KIF, KI2 and CSA files (UTF-8 and Shift_JIS,
// variations, comments, "the defender holds the rest", several records per file), clear
// errors with line numbers, and round trips of every tanuki problem through each format.
#include "problems/formats.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "problems/csa.h"
#include "problems/encoding.h"
#include "problems/kif.h"
#include "problems/tsv.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::problems {
namespace {

using rules::Move;

std::string data(const std::string& name) {
  return std::string(TSUMI_SOURCE_DIR) + "/tests/problems/data/" + name;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string usi_line(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) {
    if (!s.empty()) s += ' ';
    s += rules::to_usi(m);
  }
  return s;
}

const char* kTsume3 = "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1";

void expect_tsume3(const Record& r, bool with_variation) {
  EXPECT_EQ(r.start_sfen, kTsume3);
  EXPECT_TRUE(r.defender_holds_rest);
  ASSERT_NE(r.header("作品名"), nullptr);
  EXPECT_EQ(*r.header("作品名"), "試作三手詰");
  EXPECT_EQ(usi_line(r.main_line().moves), "2b2a+ 1a2a G*2b");
  EXPECT_EQ(r.outcome, Outcome::kMate);
  if (!with_variation) return;
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[1].parent, 0);
  EXPECT_EQ(r.lines[1].start, 2);
  EXPECT_EQ(usi_line(moves_to_end_of(r, 1)), "2b2a+ 1a1b 1c2b+");
}

TEST(Kif, ReadsATsumeFileWithVariationAndComments) {
  auto r = read_records(data("tsume3.kif"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  const Record& rec = r->front();
  expect_tsume3(rec, true);
  EXPECT_EQ(*rec.header("作者"), "テスト作者");
  EXPECT_EQ(*rec.header("手数"), "3");
  ASSERT_EQ(rec.comments.size(), 1u);
  EXPECT_EQ(rec.comments[0], "初手は香の成り捨て");
  EXPECT_EQ(rec.main_line().comments[0], "金を取って成る");
}

TEST(Kif, ShiftJisIsDetected) {
  auto sjis = from_utf8_to_cp932(slurp(data("tsume3.kif")));
  ASSERT_TRUE(sjis.ok()) << sjis.error().message;
  EXPECT_FALSE(is_valid_utf8(*sjis));
  auto r = parse_records(*sjis, Format::kKif);
  ASSERT_TRUE(r.ok()) << r.error().message;
  expect_tsume3(r->front(), true);
}

TEST(Ki2, ReadsMovesWithoutOrigins) {
  auto r = read_records(data("tsume3.ki2"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  expect_tsume3(r->front(), true);
}

TEST(Csa, ReadsSeveralRecordsHandicapAndTheRest) {
  auto r = read_records(data("two_records.csa"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 2u);
  expect_tsume3((*r)[0], false);
  const Record& game = (*r)[1];
  EXPECT_EQ(game.start_sfen, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(*game.header("先手"), "Sente");
  EXPECT_EQ(*game.header("棋戦"), "Test game");
  EXPECT_EQ(usi_line(game.main_line().moves), "3c3d 7g7f");
  EXPECT_EQ(game.outcome, Outcome::kResign);
}

// Every record survives a trip through every format: same start, same moves, same result.
void expect_round_trip(const Record& original, Format f) {
  std::string text = write_record(original, f);
  auto back = parse_records(text, f);
  ASSERT_TRUE(back.ok()) << format_name(f) << ": " << back.error().message << "\n" << text;
  ASSERT_EQ(back->size(), 1u);
  const Record& r = back->front();
  EXPECT_EQ(r.start_sfen, original.start_sfen) << text;
  if (f == Format::kSfen) return;  // the start position only
  EXPECT_EQ(usi_line(r.main_line().moves), usi_line(original.main_line().moves)) << text;
  if (f != Format::kUsi) {
    EXPECT_EQ(r.defender_holds_rest, original.defender_holds_rest) << text;
  }
  if (f == Format::kKif || f == Format::kKi2) {
    ASSERT_EQ(r.lines.size(), original.lines.size()) << text;
    for (size_t i = 0; i < r.lines.size(); ++i) {
      EXPECT_EQ(usi_line(moves_to_end_of(r, int(i))), usi_line(moves_to_end_of(original, int(i)))) << text;
    }
    EXPECT_EQ(r.outcome, original.outcome) << text;
  }
}

TEST(Formats, HandWrittenFilesRoundTrip) {
  for (const char* name : {"tsume3.kif", "tsume3.ki2"}) {
    auto r = read_records(data(name));
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (Format f : {Format::kKif, Format::kKi2, Format::kCsa, Format::kUsi})
      expect_round_trip(r->front(), f);
  }
}

TEST(Formats, EveryTanukiProblemRoundTripsThroughEveryFormat) {
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  ASSERT_EQ(rows.size(), 1979u);
  int n = 0;
  for (const auto& row : rows) {
    auto r = parse_sfen_line(row[0] + "\t" + row[1] + "\t" + row[2]);
    ASSERT_TRUE(r.ok()) << row[0];
    ASSERT_EQ(int(r->main_line().moves.size()), std::stoi(row[1])) << row[0];
    r.value().outcome = Outcome::kMate;
    r.value().outcome_text = "詰み";
    for (Format f : {Format::kKif, Format::kKi2, Format::kCsa, Format::kUsi, Format::kSfen})
      expect_round_trip(*r, f);
    if (::testing::Test::HasFailure()) break;
    ++n;
  }
  EXPECT_EQ(n, 1979);
}

TEST(Formats, DetectsTheFormatFromTheContent) {
  EXPECT_EQ(detect_format("x.txt", slurp(data("tsume3.kif"))), Format::kKif);
  EXPECT_EQ(detect_format("x.txt", slurp(data("tsume3.ki2"))), Format::kKi2);
  EXPECT_EQ(detect_format("x.txt", slurp(data("two_records.csa"))), Format::kCsa);
  EXPECT_EQ(detect_format("GAME.KIF", ""), Format::kKif);  // extensions in any letter case
  EXPECT_EQ(detect_format("a.Csa", ""), Format::kCsa);
  EXPECT_EQ(detect_format("x.txt", std::string(kTsume3) + "\n"), Format::kSfen);
}

// Broken files: an error with the line number and what was expected, never a crash.
void expect_error(Format f, const std::string& text, const std::string& fragment) {
  auto r = parse_records(text, f);
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_NE(r.error().message.find(fragment), std::string::npos) << r.error().message;
}

TEST(Formats, BrokenFilesNameTheLine) {
  std::string kif = slurp(data("tsume3.kif"));
  std::string bad_row = kif;
  bad_row.replace(bad_row.find(" 香 ・|二") + 1, std::string("香").size(), "X");
  expect_error(Format::kKif, bad_row, "line 11:");
  std::string bad_move = kif;
  bad_move.replace(bad_move.find("２二金打"), std::string("２二金打").size(), "２二飛打");
  expect_error(Format::kKif, bad_move, "line 26:");
  std::string bad_number = kif;
  bad_number.replace(bad_number.find("   3 ２二金打"), 4, "   5");
  expect_error(Format::kKif, bad_number, "expected move number 3");
  expect_error(Format::kKif, "手合割：九枚落ち\n", "unknown handicap");
  // A diagram cut short by the end of the file: named at the end, not on a line past it.
  expect_error(Format::kKif, kif.substr(0, kif.find("|二")) + "|二\n",
               "at the end of the file: the board diagram ends after");
  // Found by fuzzing: a 変化 line is never read as a header (it did not survive a round trip).
  expect_error(Format::kKif, "変化\t：0", "line 1: a variation before any move");
  expect_error(Format::kKif, kif + "変化 三\n", "expected \"変化：N手\"");
  expect_error(Format::kKif, kif + "\n変化：9手\n   9 ２二金打\n", "no line so far has a move 9");
  expect_error(Format::kKi2, slurp(data("tsume3.ki2")) + "▲５五飛\n", "line 22:");
  std::string csa = slurp(data("two_records.csa"));
  std::string bad_csa = csa;
  bad_csa.replace(bad_csa.find("+0022KI"), 7, "+0022HI");
  expect_error(Format::kCsa, bad_csa, "line 17:");
  expect_error(Format::kCsa, "P1 * XX\n", "P1, file 8");
  expect_error(Format::kCsa, "P1 * +XX\n", "unknown piece code");
  expect_error(Format::kCsa, "+7776FU\n", "line 1: moves before the position");
  // A record that ends without a position is named as such, at the end, not past the last line.
  expect_error(Format::kCsa, "V2.2\n' comment\n", "at the end of the file: a record without a position");
  expect_error(Format::kCsa, "V2.2\nN+sente\n/\nPI\n+\n", "line 3: a record without a position");
  expect_error(Format::kSfen, "9/9/9 b - 1\n", "line 1:");
  // A TSV row: the error is the position column's (the one with a board), by its column.
  expect_error(Format::kSfen, "id-1\t9/9/9 b - 1\t3\n", "column 2: SFEN board");
  expect_error(Format::kKif, std::string("\xff\xfe\x80\x80"), "neither UTF-8 nor Shift_JIS");
}

TEST(Tsv, TheSfenColumnIsTheFirstThatParsesElseTheOneWithABoard) {
  rules::Position pos;
  rules::StateInfo st;
  auto found = find_sfen_column({"id", "9/9/9/9/4k4/9/9/9/9 b G 1", "1"}, pos, st);
  ASSERT_TRUE(found.ok()) << found.error().message;
  EXPECT_EQ(*found, 1u);
  EXPECT_EQ(rules::to_sfen(pos), "9/9/9/9/4k4/9/9/9/9 b G 1");
  auto bad = find_sfen_column({"id", "3", "9/9/9 b - 1"}, pos, st);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message.rfind("column 3: SFEN board", 0), 0u) << bad.error().message;
  // Without a board anywhere, the first column's error; a lone column is not numbered.
  auto none = find_sfen_column({"id", "3"}, pos, st);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message.rfind("column 1: SFEN needs at least 3 fields", 0), 0u)
      << none.error().message;
  auto lone = find_sfen_column({"x y"}, pos, st);
  ASSERT_FALSE(lone.ok());
  EXPECT_EQ(lone.error().message.rfind("SFEN needs at least 3 fields", 0), 0u) << lone.error().message;
  EXPECT_EQ(find_sfen_column({}, pos, st).error().message, "no SFEN found");
}

}  // namespace
}  // namespace tsumi::problems
