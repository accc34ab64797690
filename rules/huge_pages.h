// An allocator for the big tables (the solver's and the engine's transposition tables):
// blocks of 2 MiB or more are aligned to 2 MiB and offered to the kernel for transparent
// huge pages.
//
// Why: a table of hundreds of MiB probed at random misses the TLB on nearly every probe
// with 4 KiB pages, and under virtualisation each miss is a two-level page walk; the
// solver's profile showed a third of its node expansion waiting on the prefetch of table
// buckets. Where huge pages are not available the memory is simply ordinary memory.
//
// Contract: a standard allocator (usable with std::vector); allocate throws std::bad_alloc
// when the memory cannot be had, like std::allocator.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tsumi::rules {

inline constexpr size_t kHugePageBytes = size_t(2) << 20;

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(size_t n) {
    size_t bytes = n * sizeof(T);
    const bool huge = bytes >= kHugePageBytes;
    const size_t align = huge ? kHugePageBytes : 64;
    bytes = (bytes + align - 1) / align * align;  // aligned_alloc wants a multiple of the alignment
    void* p = std::aligned_alloc(align, bytes);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: no error if the kernel declines
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t) { std::free(p); }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

}  // namespace tsumi::rules
