// The storage of the big tables (the solver's and the engine's transposition tables): an
// array of zero bytes taken from the kernel, offered to it for transparent huge pages.
//
// Why huge pages: a table of hundreds of MiB probed at random misses the TLB on nearly every
// probe with 4 KiB pages, and under virtualisation each miss is a two-level page walk; the
// solver's profile showed a third of its node expansion waiting on the prefetch of table
// buckets. Where huge pages are not available the memory is simply ordinary memory.
//
// Why zero bytes from the kernel, untouched: a table filled at construction cost its whole
// size in page faults and zeroing before the first node (1.5 s for 512 MiB on the project's
// machine, 4.8 s for 2 GiB; 0.2 s for every solve() with the default 64 MiB, which the
// trainer runs for each move it grades). Mapped anonymous memory reads as zero and a page
// is only faulted in when first written, so an easy problem touches a few pages of its
// table, and a hard one pays as it fills it.
//
// Contract: T is trivially copyable and all-zero bytes are a valid, empty T (the tables'
// "empty entry"). The array starts all zero; zero() makes it so again (on Linux by handing
// the pages back, which costs no pass over them). Construction throws std::bad_alloc when
// the memory cannot be had.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace tsumi::rules {

inline constexpr size_t kHugePageBytes = size_t(2) << 20;

// The machine's physical memory in MiB (0 when unknown). The commands that take a table
// size from the user check it against this before they allocate: a table larger than the
// memory is either refused by the kernel or killed as it fills.
inline size_t physical_memory_mib() {
#if defined(__linux__)
  const long pages = sysconf(_SC_PHYS_PAGES), page_bytes = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_bytes > 0) return (size_t(pages) * size_t(page_bytes)) >> 20;
#endif
  return 0;
}

// Whether `tables` tables of `mib` MiB each fit in `memory_mib` (the machine's by default;
// true when unknown).
inline bool tables_fit_memory(size_t mib, int tables, size_t memory_mib = physical_memory_mib()) {
  return memory_mib == 0 || mib * size_t(tables) <= memory_mib;
}

template <class T>
class HugeZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  HugeZeroedArray() = default;
  explicit HugeZeroedArray(size_t count) : count_(count), bytes_(round_up(count * sizeof(T))) {
    if (count_ == 0) return;
#if defined(__linux__)
    // Huge pages need 2 MiB alignment: map a little more and hand back the ends.
    const size_t slack = bytes_ >= kHugePageBytes ? kHugePageBytes : 0;
    void* p = mmap(nullptr, bytes_ + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    char* start = static_cast<char*>(p);
    if (slack) {
      const size_t head =
          (kHugePageBytes - reinterpret_cast<size_t>(start) % kHugePageBytes) % kHugePageBytes;
      if (head) munmap(start, head);
      if (slack - head) munmap(start + head + bytes_, slack - head);
      start += head;
#if defined(MADV_HUGEPAGE)
      madvise(start, bytes_, MADV_HUGEPAGE);  // a hint: no error if the kernel declines
#endif
    }
    data_ = reinterpret_cast<T*>(start);
#else
    data_ = static_cast<T*>(std::calloc(1, bytes_));
    if (!data_) throw std::bad_alloc();
#endif
  }
  ~HugeZeroedArray() { release(); }
  HugeZeroedArray(const HugeZeroedArray&) = delete;
  HugeZeroedArray& operator=(const HugeZeroedArray&) = delete;
  HugeZeroedArray(HugeZeroedArray&& o) noexcept { *this = std::move(o); }
  HugeZeroedArray& operator=(HugeZeroedArray&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      count_ = std::exchange(o.count_, 0);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }

  size_t size() const { return count_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + count_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + count_; }

  // Faults every page in now (a write of a zero byte to each; the contents stay zero), so
  // that the first writes of a search do not wait while the kernel zeroes their pages (on
  // the project's virtual machine up to 70 ms for one 2 MiB page the first time, which a
  // stop request then waits for): for a caller with a moment to spare before the work
  // starts, as USI's isready.
  void fault_in() {
    volatile char* bytes = reinterpret_cast<volatile char*>(data_);
    for (size_t offset = 0; data_ && offset < bytes_; offset += 4096) bytes[offset] = 0;
  }

  // All zero bytes again.
  void zero() {
    if (!data_) return;
#if defined(__linux__)
    // Private anonymous pages handed back read as zero and are faulted in anew when written.
    if (madvise(data_, bytes_, MADV_DONTNEED) == 0) return;
#endif
    std::memset(static_cast<void*>(data_), 0, bytes_);
  }

 private:
  // Whole pages (whole huge pages for a big table).
  static size_t round_up(size_t bytes) {
    const size_t unit = bytes >= kHugePageBytes ? kHugePageBytes : 4096;
    return (bytes + unit - 1) / unit * unit;
  }
  void release() {
    if (!data_) return;
#if defined(__linux__)
    munmap(data_, bytes_);
#else
    std::free(data_);
#endif
    data_ = nullptr;
  }

  T* data_ = nullptr;
  size_t count_ = 0;
  size_t bytes_ = 0;
};

}  // namespace tsumi::rules
