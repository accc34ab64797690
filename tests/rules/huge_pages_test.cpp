// The big tables' storage: zero bytes until written, zero again on request, 2 MiB aligned
// when large, and owned by exactly one array.
#include "rules/huge_pages.h"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstdint>
#include <vector>

namespace tsumi::rules {
namespace {

struct Slot {
  uint64_t key;
  uint32_t a, b;
};

bool all_zero(const HugeZeroedArray<Slot>& t) {
  for (const Slot& s : t)
    if (s.key || s.a || s.b) return false;
  return true;
}

TEST(HugeZeroedArray, StartsAsZeroBytesAndIsZeroedAgain) {
  for (size_t count : {size_t(1), size_t(1000), size_t(3) << 20}) {
    HugeZeroedArray<Slot> t(count);
    ASSERT_EQ(t.size(), count);
    EXPECT_TRUE(all_zero(t)) << count;
    t[0] = Slot{1, 2, 3};
    t[count - 1] = Slot{4, 5, 6};
    t[count / 2].key = 7;
    EXPECT_EQ(t[count - 1].b, 6u);
    EXPECT_FALSE(all_zero(t));
    t.zero();
    EXPECT_TRUE(all_zero(t)) << count;
    t[count / 3].a = 9;  // written again after zero()
    EXPECT_EQ(t[count / 3].a, 9u);
  }
}

TEST(HugeZeroedArray, ALargeTableLiesOnHugePageBoundaries) {
  HugeZeroedArray<Slot> t(size_t(5) << 20);  // 80 MiB
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.begin()) % kHugePageBytes, 0u);
  HugeZeroedArray<Slot> small(10);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small.begin()) % alignof(Slot), 0u);
}

TEST(HugeZeroedArray, FaultingInKeepsTheZerosAndMakesEveryPageResident) {
  HugeZeroedArray<Slot> t(size_t(3) << 20);  // 48 MiB
  auto resident_pages = [&] {
    const size_t bytes = t.size() * sizeof(Slot);
    std::vector<unsigned char> pages((bytes + 4095) / 4096);
    if (mincore(t.begin(), bytes, pages.data()) != 0) return size_t(0);
    size_t n = 0;
    for (unsigned char p : pages) n += p & 1;
    return n;
  };
  const size_t pages = (t.size() * sizeof(Slot) + 4095) / 4096;
  EXPECT_LT(resident_pages(), pages);
  t.fault_in();
  EXPECT_EQ(resident_pages(), pages);
  EXPECT_TRUE(all_zero(t));
}

TEST(HugeZeroedArray, MovingHandsTheMemoryOver) {
  HugeZeroedArray<Slot> a(4096);
  a[17].key = 42;
  HugeZeroedArray<Slot> b(std::move(a));
  EXPECT_EQ(a.size(), 0u);
  EXPECT_EQ(a.begin(), nullptr);
  EXPECT_EQ(b.size(), 4096u);
  EXPECT_EQ(b[17].key, 42u);
  HugeZeroedArray<Slot> c(8);
  c = std::move(b);  // c's own memory is released
  EXPECT_EQ(c.size(), 4096u);
  EXPECT_EQ(c[17].key, 42u);
  a.zero();  // an empty array: nothing to do
}

TEST(HugeZeroedArray, TablesMustFitInTheMemory) {
  EXPECT_TRUE(tables_fit_memory(512, 1, 1024));
  EXPECT_TRUE(tables_fit_memory(512, 2, 1024));
  EXPECT_FALSE(tables_fit_memory(513, 2, 1024));  // USI's two tables, a batch's jobs
  EXPECT_FALSE(tables_fit_memory(2048, 1, 1024));
  EXPECT_TRUE(tables_fit_memory(2048, 1, 0));  // memory unknown: not refused
  EXPECT_GT(physical_memory_mib(), 0u);        // known on Linux
}

}  // namespace
}  // namespace tsumi::rules
