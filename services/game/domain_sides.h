// The game domain's sides and the API's (v1::Side), both ways.
#ifndef CAIPAN_SERVICES_GAME_DOMAIN_SIDES_H_
#define CAIPAN_SERVICES_GAME_DOMAIN_SIDES_H_

#include "caipan/v1/common.pb.h"
#include "domain/game_board.h"

namespace caipan::services::game {

inline v1::Side ToProto(domain::Side side) {
  switch (side) {
    case domain::Side::kRed:
      return v1::SIDE_RED;
    case domain::Side::kBlack:
      return v1::SIDE_BLACK;
    case domain::Side::kWhite:
      return v1::SIDE_WHITE;
    case domain::Side::kNone:
      break;
  }
  return v1::SIDE_UNSPECIFIED;
}

inline domain::Side FromProto(v1::Side side) {
  switch (side) {
    case v1::SIDE_RED:
      return domain::Side::kRed;
    case v1::SIDE_BLACK:
      return domain::Side::kBlack;
    case v1::SIDE_WHITE:
      return domain::Side::kWhite;
    default:
      return domain::Side::kNone;
  }
}

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_DOMAIN_SIDES_H_
