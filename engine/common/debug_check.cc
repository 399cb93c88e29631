#include "engine/common/debug_check.h"

#include <cstdio>
#include <cstdlib>

namespace caipan::internal {

void DebugCheckFailed(const char* file, int line, const char* condition) {
  std::fprintf(stderr, "%s:%d: debug check failed: %s\n", file, line,
               condition);
  std::abort();
}

}  // namespace caipan::internal
