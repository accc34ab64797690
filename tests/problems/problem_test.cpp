// Problems and collections: the bundled catalogue (tanuki and Zukou), its filters, the
// collection file format round trip, and conversion to and from records.
#include "problems/problem.h"

#include <gtest/gtest.h>

#include "problems/kif.h"

namespace tsumi::problems {
namespace {

std::string collections_dir() { return std::string(TSUMI_SOURCE_DIR) + "/problems/collections"; }

TEST(Catalogue, BundledCollections) {
  auto cat = Catalogue::load(collections_dir());
  ASSERT_TRUE(cat.ok()) << cat.error().message;
  ASSERT_EQ(cat->collections().size(), 2u);
  EXPECT_EQ(cat->find({"tanuki"}).size(), 1979u);
  EXPECT_EQ(cat->find({"zukou"}).size(), 100u);
  EXPECT_EQ(cat->find({}).size(), 2079u);
  // The generator's "piece box complete" flag is exactly "the defender holds the rest".
  for (const Problem* p : cat->find({"tanuki"}))
    EXPECT_EQ(p->defender_holds_rest, !p->has_tag("incomplete-piece-box")) << p->id;
  EXPECT_EQ(cat->find({"tanuki", 0, 0, {"incomplete-piece-box"}}).size(), 114u);
  for (const Problem* p : cat->find({"", 3, 3})) EXPECT_EQ(p->stated_length, 3);
  auto ten = cat->find({"zukou", 0, 0, {}, "第10番"});
  ASSERT_EQ(ten.size(), 1u);
  EXPECT_EQ(ten[0]->id, "zukou-010");
  EXPECT_EQ(ten[0]->author, "伊藤看寿");
  EXPECT_EQ(cat->find({"zukou", 0, 0, {"record-imperfect"}}).size(), 4u);
  const Problem* last = cat->by_id("zukou", "zukou-100");
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->stated_length, 611);
  EXPECT_EQ(int(last->main_line.size()), 611);
  EXPECT_NE(last->license.find("CC0"), std::string::npos);
}

TEST(Collection, WriteReadRoundTripAndRecords) {
  auto c = read_collection(collections_dir() + "/zukou.tsv");
  ASSERT_TRUE(c.ok()) << c.error().message;
  auto again = parse_collection(write_collection(*c), "memory");
  ASSERT_TRUE(again.ok()) << again.error().message;
  ASSERT_EQ(again->problems.size(), c->problems.size());
  for (size_t i = 0; i < c->problems.size(); ++i) {
    const Problem &a = c->problems[i], &b = again->problems[i];
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.sfen, b.sfen);
    EXPECT_EQ(a.main_line, b.main_line);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.title, b.title);
    // Through a KIF file and back: the same problem.
    auto kif = read_kif(write_kif(record_from_problem(a)));
    ASSERT_TRUE(kif.ok()) << kif.error().message;
    Problem k = problem_from_record(*kif, a.id);
    EXPECT_EQ(k.sfen, a.sfen);
    EXPECT_EQ(k.main_line, a.main_line);
    EXPECT_EQ(k.title, a.title);
    EXPECT_EQ(k.author, a.author);
    EXPECT_EQ(k.stated_length, a.stated_length);
  }
}

TEST(Collection, ErrorsNameLineAndColumn) {
  const std::string head = "# name: t\n";
  auto bad_sfen = parse_collection(head + "p1\t9/9/9 b - 1\t1\n", "t.tsv");
  ASSERT_FALSE(bad_sfen.ok());
  EXPECT_NE(bad_sfen.error().message.find("t.tsv: line 2: column 2"), std::string::npos)
      << bad_sfen.error().message;
  auto bad_length = parse_collection(head + "p1\t8k/9/9/9/9/9/9/9/9 b G 1\tthree\n", "t.tsv");
  ASSERT_FALSE(bad_length.ok());
  EXPECT_NE(bad_length.error().message.find("column 3"), std::string::npos);
  auto bad_line = parse_collection(head + "p1\t8k/9/9/9/9/9/9/9/9 b G 1\t1\t5e5d\n", "t.tsv");
  ASSERT_FALSE(bad_line.ok());
  EXPECT_NE(bad_line.error().message.find("column 4"), std::string::npos);
  auto no_name = parse_collection("p1\t8k/9/9/9/9/9/9/9/9 b G 1\t1\n", "t.tsv");
  ASSERT_FALSE(no_name.ok());
  EXPECT_NE(no_name.error().message.find("name"), std::string::npos);
}

}  // namespace
}  // namespace tsumi::problems
