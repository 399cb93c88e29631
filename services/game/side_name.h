// A side's name, for messages and explanations: lower-case English ("red"),
// or Chinese (红方).
#ifndef CAIPAN_SERVICES_GAME_SIDE_NAME_H_
#define CAIPAN_SERVICES_GAME_SIDE_NAME_H_

#include "caipan/v1/common.pb.h"
#include "engine/common/language.h"

namespace caipan::services::game {

inline const char* SideName(v1::Side side, Language lang = Language::kEnglish) {
  const bool zh = lang == Language::kChinese;
  switch (side) {
    case v1::SIDE_RED:
      return zh ? "红方" : "red";
    case v1::SIDE_BLACK:
      return zh ? "黑方" : "black";
    case v1::SIDE_WHITE:
      return zh ? "白方" : "white";
    default:
      return zh ? "无" : "none";
  }
}

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_SIDE_NAME_H_
