// The lower-case English name of a side, for messages and explanations.
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

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_SIDE_NAME_H_
