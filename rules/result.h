// Result-or-error values for everything parsed from outside input.
//
// Contract: a Result holds either a value or an Error whose message says what is wrong and
// where (field, character offset, line). Parsers never throw and never return a
// half-built value: on error the value is absent.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tsumi::rules {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error e) : v_(std::move(e)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace tsumi::rules
