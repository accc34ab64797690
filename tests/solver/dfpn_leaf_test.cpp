// The last plies (dfpn_leaf.cpp): an attacker's node with one ply left, and a defender's
// with two, are decided in one visit, without table entries for the nodes below. Checked
// against the rules alone: a search within 1, 3 and 5 plies proves exactly when the
// brute-force search of solver_test_util.h finds a mate, on positions along the tanuki main
// lines.
#include <vector>

#include "solver/dfpn.h"

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

// Attacker-to-move positions along the main lines of every `step`-th tanuki row.
std::vector<std::string> positions_on_main_lines(size_t step) {
  std::vector<std::string> out;
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  for (size_t i = 0; i < rows.size(); i += step) {
    testing::Game g(rows[i][0]);
    auto moves = testing::split_words(rows[i][2]);
    for (size_t k = 0; k < moves.size(); ++k) {
      if (k % 2 == 0) out.push_back(to_sfen(g.pos()));
      g.play_usi(moves[k]);
    }
  }
  return out;
}

void expect_agrees_with_brute_force(const std::vector<std::string>& sfens, int depth) {
  int proven = 0, disproven = 0;
  TranspositionTable tt(8);
  for (const std::string& sfen : sfens) {
    testing::Game g(sfen);
    tt.new_generation();
    DfpnSearch search(tt, SearchLimits{});
    SearchOutcome o = search.search(g.pos(), depth);
    bool mate = testing::naive_mate_within(g.pos(), depth);
    ASSERT_EQ(o, mate ? SearchOutcome::kProven : SearchOutcome::kDisproven) << sfen << " within " << depth;
    if (mate) {
      EXPECT_LE(search.length(), depth) << sfen;
      ++proven;
    } else {
      ++disproven;
    }
  }
  // Both answers occur (the last attacker move of each line mates in one, earlier ones not).
  EXPECT_GT(proven, 10);
  EXPECT_GT(disproven, 10);
}

TEST(DfpnLeaf, OnePlyAgreesWithTheRules) { expect_agrees_with_brute_force(positions_on_main_lines(5), 1); }

TEST(DfpnLeaf, ThreeAndFivePliesAgreeWithBruteForce) {
  expect_agrees_with_brute_force(positions_on_main_lines(23), 3);
  expect_agrees_with_brute_force(positions_on_main_lines(97), 5);
}

TEST(DfpnLeaf, TheChecksOfTheLastPlyGetNoEntries) {
  // Rows whose first position has no mate in one: the search within one ply disproves it,
  // and the defender's positions after its checks were never stored.
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  int checked = 0;
  for (size_t i = 0; i < rows.size() && checked < 20; i += 13) {
    if (std::stoi(rows[i][1]) < 3) continue;
    testing::Game g(rows[i][0]);
    TranspositionTable tt(4);
    DfpnSearch search(tt, SearchLimits{});
    ASSERT_EQ(search.search(g.pos(), 1), SearchOutcome::kDisproven) << rows[i][0];
    EXPECT_TRUE(search.depth_limited());
    const Color attacker = g.pos().side_to_move();
    TTProbe root = tt.probe(g.pos().board_key(), g.pos().hand(attacker), 1, 0);
    EXPECT_EQ(root.kind, EntryKind::kDisproven) << rows[i][0];
    for (Move m : MoveList<kChecks>(g.pos())) {
      TTProbe p = tt.probe(g.pos().board_key_after(m), g.pos().hand_after(m), 0, 0);
      EXPECT_EQ(p.kind, EntryKind::kEmpty) << rows[i][0] << " " << to_usi(m);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 20);
}

TEST(DfpnLeaf, TheAttackersNodesBelowADefendersNodeWithTwoPliesLeftGetNoEntries) {
  // Rows with no mate in three: the search within three plies disproves the first position,
  // and the defender's nodes after its checks (two plies left) were decided without storing
  // the attacker's positions after their moves. At least one of those was stored itself.
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  int checked = 0, stored = 0, unlimited = 0;
  for (size_t i = 0; i < rows.size() && checked < 100; i += 7) {
    if (std::stoi(rows[i][1]) < 5) continue;
    testing::Game g(rows[i][0]);
    TranspositionTable tt(4);
    DfpnSearch search(tt, SearchLimits{});
    ASSERT_EQ(search.search(g.pos(), 3), SearchOutcome::kDisproven) << rows[i][0];
    const Color attacker = g.pos().side_to_move();
    for (Move check : MoveList<kChecks>(g.pos())) {
      StateInfo st;
      g.pos().do_move(check, st);
      TTProbe node = tt.probe(g.pos().board_key(), g.pos().hand(attacker), 2, 0);
      stored += node.kind == EntryKind::kDisproven || node.kind == EntryKind::kProven;
      bool leaves_no_check = false;
      for (Move m : MoveList<kLegal>(g.pos())) {
        TTProbe p = tt.probe(g.pos().board_key_after(m), g.pos().hand(attacker), 1, 0);
        EXPECT_EQ(p.kind, EntryKind::kEmpty) << rows[i][0] << " " << to_usi(check) << " " << to_usi(m);
        StateInfo st2;
        g.pos().do_move(m, st2);
        leaves_no_check |= MoveList<kChecks>(g.pos()).size() == 0;
        g.pos().undo_move(m);
      }
      // A defence after which the attacker has no check at all refutes the node however
      // deep: that disproof is the one stored.
      if (node.kind == EntryKind::kDisproven && leaves_no_check) {
        EXPECT_EQ(tt.probe(g.pos().board_key(), g.pos().hand(attacker), 99, 0).kind, EntryKind::kDisproven)
            << rows[i][0] << " " << to_usi(check);
        ++unlimited;
      }
      g.pos().undo_move(check);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 100);
  EXPECT_GT(stored, 100);
  EXPECT_GT(unlimited, 2);
}

TEST(DfpnLeaf, TheRoutinesAnswerAsTheOrdinarySearchInBothConventions) {
  // The standard convention has no brute-force oracle (its futility questions are searches
  // themselves): the same searches with the last plies searched as ordinary nodes decide.
  int proven = 0, disproven = 0;
  for (Convention convention : {Convention::kStandard, Convention::kStrict}) {
    for (const std::string& sfen : positions_on_main_lines(13)) {
      for (int depth : {3, 5}) {
        testing::Game g(sfen);
        TranspositionTable with_tt(4), without_tt(4);
        DfpnSearch with(with_tt, SearchLimits{}, {}, convention);
        DfpnSearch without(without_tt, SearchLimits{}, {}, convention);
        without.set_leaf_routines(false);
        const SearchOutcome o = with.search(g.pos(), depth);
        ASSERT_EQ(o, without.search(g.pos(), depth)) << sfen << " within " << depth;
        proven += o == SearchOutcome::kProven;
        disproven += o == SearchOutcome::kDisproven;
      }
    }
  }
  EXPECT_GT(proven, 50);
  EXPECT_GT(disproven, 50);
}

TEST(DfpnLeaf, StandardProvesWheneverStrictDoes) {
  // Fewer defences count in the standard convention: a strict mate within d plies is a
  // standard one too, never longer.
  TranspositionTable strict_tt(8), standard_tt(8);
  int proven = 0;
  for (const std::string& sfen : positions_on_main_lines(11)) {
    for (int depth : {1, 3}) {
      testing::Game g(sfen);
      strict_tt.new_generation();
      standard_tt.new_generation();
      DfpnSearch strict(strict_tt, SearchLimits{});
      DfpnSearch standard(standard_tt, SearchLimits{}, {}, Convention::kStandard);
      if (strict.search(g.pos(), depth) != SearchOutcome::kProven) continue;
      ASSERT_EQ(standard.search(g.pos(), depth), SearchOutcome::kProven) << sfen << " within " << depth;
      EXPECT_LE(standard.length(), strict.length()) << sfen;
      ++proven;
    }
  }
  EXPECT_GT(proven, 100);
}

}  // namespace
}  // namespace tsumi::solver
