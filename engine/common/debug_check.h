// Debug checks of the engine's invariants. CAIPAN_DCHECK(condition) aborts
// with the file, line and condition when the condition is false, in builds
// with CAIPAN_DEBUG_CHECKS defined (Debug builds and the sanitizer build CI
// runs); elsewhere it compiles to nothing, so it may sit on the hottest paths.
// The condition must have no side effects.
//
// Example:
//   CAIPAN_DCHECK(size_ < kCapacity);
//   CAIPAN_DCHECK(CheckInvariants().ok());
#ifndef CAIPAN_ENGINE_COMMON_DEBUG_CHECK_H_
#define CAIPAN_ENGINE_COMMON_DEBUG_CHECK_H_

namespace caipan::internal {

// Prints "file:line: debug check failed: condition" and aborts.
[[noreturn]] void DebugCheckFailed(const char* file, int line,
                                   const char* condition);

}  // namespace caipan::internal

#ifdef CAIPAN_DEBUG_CHECKS
#define CAIPAN_DCHECK(condition)                                            \
  do {                                                                      \
    if (!(condition)) {                                                     \
      ::caipan::internal::DebugCheckFailed(__FILE__, __LINE__, #condition); \
    }                                                                       \
  } while (false)
#else
// Still compiled (so it cannot rot), never evaluated.
#define CAIPAN_DCHECK(condition)    \
  do {                              \
    if (false) {                    \
      static_cast<void>(condition); \
    }                               \
  } while (false)
#endif

#endif  // CAIPAN_ENGINE_COMMON_DEBUG_CHECK_H_
