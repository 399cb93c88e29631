// Limits of the adjudication service, with their defaults.
#ifndef CAIPAN_SERVICES_SERVICE_OPTIONS_H_
#define CAIPAN_SERVICES_SERVICE_OPTIONS_H_

namespace caipan::services {

struct ServiceOptions {
  // Longest history (moves of a position or record, or of a PlayGame stream)
  // accepted.
  int max_history_plies = 1024;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_SERVICE_OPTIONS_H_
