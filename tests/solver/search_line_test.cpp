#include "solver/search_line.h"

#include <gtest/gtest.h>

namespace tsumi::solver {
namespace {

TEST(SearchLine, FindsTheNearestIndexOfARepeatedKey) {
  SearchLine line;
  EXPECT_EQ(line.nearest(42), -1);
  auto a = line.enter(42, 0);
  auto b = line.enter(7, 1);
  auto c = line.enter(42, 2);
  EXPECT_EQ(line.nearest(42), 2);  // the later of the two
  EXPECT_EQ(line.nearest(7), 1);
  EXPECT_EQ(line.nearest(8), -1);
  line.leave(c);
  EXPECT_EQ(line.nearest(42), 0);
  line.leave(b);
  EXPECT_EQ(line.nearest(7), -1);
  line.leave(a);
  EXPECT_EQ(line.nearest(42), -1);
}

TEST(SearchLine, KeysSharingAFilterSlotAreToldApart) {
  // Same top bits (the filter's slot), different keys: the counter is not zero, the scan
  // must still compare whole keys.
  const rules::Key k1 = 0xABCD000000000001ull, k2 = 0xABCD000000000002ull;
  SearchLine line;
  auto a = line.enter(k1, 5);
  EXPECT_EQ(line.nearest(k2), -1);
  EXPECT_EQ(line.nearest(k1), 5);
  line.leave(a);
  EXPECT_EQ(line.nearest(k1), -1);
}

TEST(SearchLine, ClearForgetsEveryPosition) {
  SearchLine line;
  line.enter(1, 0);
  line.enter(2, 1);
  line.clear();
  EXPECT_EQ(line.nearest(1), -1);
  EXPECT_EQ(line.nearest(2), -1);
  line.enter(2, 0);
  EXPECT_EQ(line.nearest(2), 0);
}

}  // namespace
}  // namespace tsumi::solver
