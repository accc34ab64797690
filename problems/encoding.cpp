#include "problems/encoding.h"

#include <iconv.h>

#include <cerrno>

namespace tsumi::problems {

using rules::make_error;
using rules::Result;

bool is_valid_utf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    unsigned char c = s[i];
    size_t extra;
    if (c < 0x80)
      extra = 0;
    else if (c >= 0xC2 && c <= 0xDF)
      extra = 1;
    else if ((c & 0xF0) == 0xE0)
      extra = 2;
    else if (c >= 0xF0 && c <= 0xF4)
      extra = 3;
    else
      return false;
    if (n - i <= extra) return false;  // truncated sequence
    for (size_t k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += extra + 1;
  }
  return true;
}

namespace {

// One iconv conversion of the whole text; the error names the byte offset.
Result<std::string> convert(std::string_view in, const char* from, const char* to) {
  iconv_t cd = iconv_open(to, from);
  if (cd == iconv_t(-1)) return make_error(std::string("no converter from ") + from + " to " + to);
  std::string out(in.size() * 2 + 16, '\0');
  char* src = const_cast<char*>(in.data());
  size_t src_left = in.size();
  char* dst = out.data();
  size_t dst_left = out.size();
  while (src_left > 0) {
    size_t r = iconv(cd, &src, &src_left, &dst, &dst_left);
    if (r != size_t(-1)) break;
    if (errno == E2BIG) {
      size_t used = size_t(dst - out.data());
      out.resize(out.size() * 2);
      dst = out.data() + used;
      dst_left = out.size() - used;
      continue;
    }
    size_t offset = size_t(src - in.data());
    iconv_close(cd);
    return make_error(std::string("byte ") + std::to_string(offset + 1) + " is not valid " + from);
  }
  iconv_close(cd);
  out.resize(size_t(dst - out.data()));
  return out;
}

}  // namespace

Result<std::string> to_utf8(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  if (is_valid_utf8(bytes)) return std::string(bytes);
  auto r = convert(bytes, "CP932", "UTF-8");
  if (!r) return make_error("the file is neither UTF-8 nor Shift_JIS: " + r.error().message);
  return r;
}

Result<std::string> from_utf8_to_cp932(std::string_view utf8) { return convert(utf8, "UTF-8", "CP932"); }

}  // namespace tsumi::problems
