// Perft against the published reference counts in ../shared/perft/perft_reference.tsv:
// every row within the normal test budget (the deeper rows are in perft_slow_test).
#include "rules/perft.h"

#include "test_util.h"

namespace tsumi::rules {
namespace {

struct Row {
  std::string name, sfen;
  int depth;
  uint64_t nodes;
  std::vector<std::string> detail;  // captures, promotions, checks, checkmates (may be empty)
};

std::vector<Row> reference_rows() {
  std::vector<Row> rows;
  for (auto& c : testing::read_tsv(testing::shared_path("perft/perft_reference.tsv"))) {
    if (c.size() < 4) continue;
    Row r{c[0], c[1], std::stoi(c[2]), std::stoull(c[3]), {}};
    for (size_t i = 4; i < 8 && i < c.size(); ++i) r.detail.push_back(c[i]);
    rows.push_back(r);
  }
  return rows;
}

// The normal budget: cheap rows only (hirate <= 5, matsuri <= 3, max593 <= 3, small cases).
bool in_budget(const Row& r) {
  if (r.name == "hirate") return r.depth <= 5;
  if (r.name == "matsuri") return r.depth <= 3;
  if (r.name == "max593") return r.depth <= 3;
  return true;
}

TEST(Perft, ReferenceTableIsPresent) { EXPECT_GE(reference_rows().size(), 20u); }

TEST(Perft, MatchesReferenceCountsWithinBudget) {
  int checked = 0;
  for (const Row& r : reference_rows()) {
    if (!in_budget(r)) continue;
    testing::Game g(r.sfen);
    EXPECT_EQ(perft(g.pos(), r.depth, true), r.nodes) << r.name << " depth " << r.depth;
    ++checked;
  }
  EXPECT_GE(checked, 15);
}

TEST(Perft, BulkAndFullCountingAgree) {
  // Without bulk counting every leaf is made and unmade: exercises do_move/undo_move.
  testing::Game hirate{std::string(kStartSfen)};
  EXPECT_EQ(perft(hirate.pos(), 4, false), 719731u);
  testing::Game matsuri("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
  EXPECT_EQ(perft(matsuri.pos(), 3, false), 4809015u);
}

TEST(Perft, LeafBreakdownMatchesReference) {
  // Captures, promotions, checks and checkmates per leaf move, where the table has them.
  int checked = 0;
  for (const Row& r : reference_rows()) {
    if (r.detail.size() < 4 || r.detail[0].empty()) continue;
    bool cheap = (r.name == "hirate" && r.depth <= 4) || (r.name == "max593" && r.depth <= 2);
    if (!cheap) continue;
    testing::Game g(r.sfen);
    PerftDetail d = perft_detail(g.pos(), r.depth);
    EXPECT_EQ(d.nodes, r.nodes) << r.name << " " << r.depth;
    EXPECT_EQ(d.captures, std::stoull(r.detail[0])) << r.name << " " << r.depth;
    EXPECT_EQ(d.promotions, std::stoull(r.detail[1])) << r.name << " " << r.depth;
    EXPECT_EQ(d.checks, std::stoull(r.detail[2])) << r.name << " " << r.depth;
    EXPECT_EQ(d.checkmates, std::stoull(r.detail[3])) << r.name << " " << r.depth;
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace tsumi::rules
