// A side's name, for messages and explanations: lower-case English, or
// Chinese.
#ifndef CAIPAN_SERVICES_GAME_SIDE_NAME_H_
#define CAIPAN_SERVICES_GAME_SIDE_NAME_H_

#include "caipan/v1/common.pb.h"

namespace caipan::services::game {

inline const char* SideName(v1::Side side) {
  switch (side) {
    case v1::SIDE_RED:
      return "red";
    case v1::SIDE_BLACK:
      return "black";
    case v1::SIDE_WHITE:
      return "white";
    default:
      return "none";
  }
}

// The same in Chinese: 红方, 黑方, 白方.
inline const char* SideNameZh(v1::Side side) {
  switch (side) {
    case v1::SIDE_RED:
      return "红方";
    case v1::SIDE_BLACK:
      return "黑方";
    case v1::SIDE_WHITE:
      return "白方";
    default:
      return "无";
  }
}

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_SIDE_NAME_H_
