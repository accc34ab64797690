// ZeroedHugeArray: the big tables' memory starts as zero bytes, keeps what is written, and
// zero() empties it again.
#include "rules/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace tsumi::rules {
namespace {

struct Slot {
  uint64_t key;
  uint32_t value;
};

TEST(ZeroedHugeArray, StartsZeroKeepsWritesAndZeroesAgain) {
  // 3 MiB and a bit: more than one huge page, not a multiple of one.
  const size_t n = (size_t(3) << 20) / sizeof(Slot) + 7;
  ZeroedHugeArray<Slot> a(n);
  ASSERT_EQ(a.size(), n);
  for (size_t i = 0; i < n; i += 4099) EXPECT_EQ(a[i].key, 0u) << i;
  EXPECT_EQ(a[n - 1].key, 0u);
  for (size_t i = 0; i < n; i += 1000) a[i] = Slot{i + 1, uint32_t(i)};
  a[n - 1] = Slot{42, 42};
  for (size_t i = 0; i < n; i += 1000) EXPECT_EQ(a[i].key, i + 1) << i;
  EXPECT_EQ(a[n - 1].value, 42u);
  // The memory is aligned for huge pages.
  EXPECT_EQ(reinterpret_cast<uintptr_t>(&a[0]) % kHugePageBytes, 0u);
  a.zero();
  ASSERT_EQ(a.size(), n);
  for (size_t i = 0; i < n; i += 1000) EXPECT_EQ(a[i].key, 0u) << i;
  EXPECT_EQ(a[n - 1].value, 0u);
}

TEST(ZeroedHugeArray, ResizesAndHandlesEmpty) {
  ZeroedHugeArray<Slot> a;
  EXPECT_EQ(a.size(), 0u);
  a.reset(10);
  a[9].value = 5;
  a.reset(20);
  EXPECT_EQ(a.size(), 20u);
  EXPECT_EQ(a[9].value, 0u);
  a.reset(0);
  EXPECT_EQ(a.size(), 0u);
}

}  // namespace
}  // namespace tsumi::rules
