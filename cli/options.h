// Command-line option reading shared by the `tsumi` subcommands.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/huge_pages.h"

namespace tsumi::cli {

// Prints "tsumi: message" to stderr and returns the usage-error exit status.
inline int fail(const std::string& message) {
  std::cerr << "tsumi: " << message << "\n";
  return 2;
}

// Minimal option reader: flags and "--name value" pairs; the rest are positionals.
class Options {
 public:
  Options(const std::vector<std::string>& args, std::initializer_list<const char*> with_value) {
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a.rfind("--", 0) == 0) {
        bool takes = std::find_if(with_value.begin(), with_value.end(),
                                  [&](const char* n) { return a == n; }) != with_value.end();
        if (takes) {
          if (i + 1 >= args.size()) {
            error_ = "option " + a + " needs a value";
            return;
          }
          values_.emplace_back(a, args[++i]);
        } else {
          flags_.push_back(a);
        }
      } else {
        positionals_.push_back(a);
      }
    }
  }
  const std::string& error() const { return error_; }
  bool flag(const std::string& name) const { return std::count(flags_.begin(), flags_.end(), name) > 0; }
  std::optional<std::string> value(const std::string& name) const {
    for (const auto& [k, v] : values_)
      if (k == name) return v;
    return std::nullopt;
  }
  const std::vector<std::string>& positionals() const { return positionals_; }
  std::string unknown_flag(std::initializer_list<const char*> known) const {
    for (const auto& f : flags_)
      if (std::find_if(known.begin(), known.end(), [&](const char* n) { return f == n; }) == known.end())
        return f;
    return "";
  }

 private:
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::string> flags_, positionals_;
  std::string error_;
};

inline std::optional<int> parse_int(const std::string& s, int lo, int hi) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), ::isdigit)) return std::nullopt;
  int v = std::stoi(s);
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

inline std::optional<uint64_t> parse_uint64(const std::string& s) {
  if (s.empty() || s.size() > 19 || !std::all_of(s.begin(), s.end(), ::isdigit)) return std::nullopt;
  return std::stoull(s);
}

inline std::optional<double> parse_double(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || v != v) return std::nullopt;
  return v;
}

// Whether `tables` tables of `mib` MiB each fit in this machine's memory: an error message
// naming the sizes, empty when they fit (or the memory is unknown). A table the memory cannot
// hold is refused by the kernel at once, or killed as it fills.
inline std::string hash_fits_memory(size_t mib, int tables,
                                    size_t memory_mib = rules::physical_memory_mib()) {
  if (rules::tables_fit_memory(mib, tables, memory_mib)) return "";
  std::string what = tables > 1
                         ? std::to_string(tables) + " tables of " + std::to_string(mib) + " MiB (one per job)"
                         : "a table of " + std::to_string(mib) + " MiB";
  return "--hash " + std::to_string(mib) + ": " + what + " would not fit in this machine's memory (" +
         std::to_string(memory_mib) + " MiB)";
}

// --hash MIB, shared by the commands that make a transposition table: an error message,
// empty when the option is absent or fine.
inline std::string read_hash_mib(const Options& o, size_t& mib) {
  if (auto v = o.value("--hash")) {
    auto n = parse_uint64(*v);
    if (!n || *n < 1 || *n > 65536) return "--hash must be a size in MiB from 1 to 65536";
    if (auto err = hash_fits_memory(size_t(*n), 1); !err.empty()) return err;
    mib = *n;
  }
  return "";
}

}  // namespace tsumi::cli
