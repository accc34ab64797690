// Memory for the big tables (the solver's and the engine's transposition tables): zero-filled
// on demand, aligned to 2 MiB and offered to the kernel for transparent huge pages.
//
// Why huge pages: a table of hundreds of MiB probed at random misses the TLB on nearly every
// probe with 4 KiB pages, and under virtualisation each miss is a two-level page walk; the
// solver's profile showed a third of its node expansion waiting on the prefetch of table
// buckets. Where huge pages are not available the memory is simply ordinary memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tsumi::rules {

inline constexpr size_t kHugePageBytes = size_t(2) << 20;

// A fixed-size array of a trivially copyable T whose bytes start as zero (an all-zero T
// must be a valid "empty" value), for the big tables. Creating or zeroing it is O(1): the
// memory comes from the kernel as zero pages and is only mapped when first written, so a
// table of gigabytes is ready at once and costs only what the search touches. Aligned to 2
// MiB and offered for transparent huge pages.
//
// Contract: reset() and the constructor throw std::bad_alloc when the memory cannot be had.
template <class T>
class ZeroedHugeArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ZeroedHugeArray() = default;
  explicit ZeroedHugeArray(size_t n) { reset(n); }
  ZeroedHugeArray(const ZeroedHugeArray&) = delete;
  ZeroedHugeArray& operator=(const ZeroedHugeArray&) = delete;
  ~ZeroedHugeArray() { release(); }

  // n zero-filled elements; the old contents are gone.
  void reset(size_t n) {
    release();
    if (n == 0) return;
    const size_t bytes = (n * sizeof(T) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
#if defined(__linux__)
    // Mapped with room to spare, then trimmed to a 2 MiB boundary at both ends.
    const size_t mapped = bytes + kHugePageBytes;
    void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    char* base = static_cast<char*>(p);
    char* aligned = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(base) + kHugePageBytes - 1) /
                                            kHugePageBytes * kHugePageBytes);
    if (aligned > base) munmap(base, size_t(aligned - base));
    const size_t tail = size_t(base + mapped - (aligned + bytes));
    if (tail) munmap(aligned + bytes, tail);
#if defined(MADV_HUGEPAGE)
    madvise(aligned, bytes, MADV_HUGEPAGE);  // a hint: no error if the kernel declines
#endif
    data_ = reinterpret_cast<T*>(aligned);
#else
    data_ = static_cast<T*>(std::calloc(1, bytes));
    if (!data_) throw std::bad_alloc();
#endif
    bytes_ = bytes;
    size_ = n;
  }
  // Every element back to zero bytes, in O(1) (the pages go back to the kernel).
  void zero() { reset(size_); }

  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }

 private:
  void release() {
    if (!data_) return;
#if defined(__linux__)
    munmap(data_, bytes_);
#else
    std::free(data_);
#endif
    data_ = nullptr;
    size_ = bytes_ = 0;
  }

  T* data_ = nullptr;
  size_t size_ = 0;
  size_t bytes_ = 0;
};

}  // namespace tsumi::rules
