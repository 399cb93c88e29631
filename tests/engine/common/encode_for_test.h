// Encodes UTF-8 test text in a legacy encoding with iconv, so tests can make
// GB18030 and Big5 input from readable literals.
#ifndef CAIPAN_TESTS_ENGINE_COMMON_ENCODE_FOR_TEST_H_
#define CAIPAN_TESTS_ENGINE_COMMON_ENCODE_FOR_TEST_H_

#include <iconv.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace caipan::testing_util {

// `charset` is an iconv name such as "GB18030" or "BIG5". Throws if the text
// has a character the charset lacks (a mistake in the test).
inline std::string EncodeFromUtf8(std::string_view utf8, const char* charset) {
  iconv_t cd = iconv_open(charset, "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1))
    throw std::runtime_error("iconv_open failed");
  std::string out(utf8.size() * 2 + 16, '\0');
  char* in_ptr = const_cast<char*>(utf8.data());
  size_t in_left = utf8.size();
  char* out_ptr = out.data();
  size_t out_left = out.size();
  size_t rc = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  iconv_close(cd);
  if (rc == static_cast<size_t>(-1))
    throw std::runtime_error("cannot encode test text");
  out.resize(out.size() - out_left);
  return out;
}

}  // namespace caipan::testing_util

#endif  // CAIPAN_TESTS_ENGINE_COMMON_ENCODE_FOR_TEST_H_
