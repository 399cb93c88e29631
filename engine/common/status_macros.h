// Early-return helpers for absl::Status / absl::StatusOr. A status that is
// only passed up is passed up with CAIPAN_RETURN_IF_ERROR, everywhere; an
// `if (absl::Status s = …; !s.ok())` is kept for a status that is handled
// (wrapped, logged, answered) before returning.
#ifndef CAIPAN_ENGINE_COMMON_STATUS_MACROS_H_
#define CAIPAN_ENGINE_COMMON_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define CAIPAN_CONCAT_INNER_(a, b) a##b
#define CAIPAN_CONCAT_(a, b) CAIPAN_CONCAT_INNER_(a, b)

// Returns the status from the enclosing function if `expr` is not OK.
#define CAIPAN_RETURN_IF_ERROR(expr)                 \
  do {                                               \
    ::absl::Status caipan_status_ = (expr);          \
    if (!caipan_status_.ok()) return caipan_status_; \
  } while (0)

// `CAIPAN_ASSIGN_OR_RETURN(auto x, F());` declares x from an OK StatusOr, else
// returns.
#define CAIPAN_ASSIGN_OR_RETURN(lhs, expr)                                  \
  CAIPAN_ASSIGN_OR_RETURN_IMPL_(CAIPAN_CONCAT_(caipan_statusor_, __LINE__), \
                                lhs, expr)
#define CAIPAN_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                  \
  if (!tmp.ok()) return tmp.status();                 \
  lhs = std::move(tmp).value()

#endif  // CAIPAN_ENGINE_COMMON_STATUS_MACROS_H_
