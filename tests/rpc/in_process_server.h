// Test fixture support: an AdjudicationService served in-process on a free
// loopback port, and a stub connected to it.
#ifndef CAIPAN_TESTS_RPC_IN_PROCESS_SERVER_H_
#define CAIPAN_TESTS_RPC_IN_PROCESS_SERVER_H_

#include <memory>

#include "caipan/v1/adjudication_service.grpc.pb.h"
#include "rpc/server.h"
#include "services/adjudication_service.h"

namespace caipan::testing {

// Default service options with a short history limit and no position cache.
inline services::ServiceOptions WithHistoryLimit(int plies) {
  services::ServiceOptions options;
  options.max_history_plies = plies;
  return options;
}

class InProcessServer {
 public:
  explicit InProcessServer(services::ServiceOptions options = {},
                           int max_message_bytes = 4 * 1024 * 1024,
                           bool reflection = true);
  ~InProcessServer();

  v1::AdjudicationService::Stub& stub() { return *stub_; }
  int port() const { return server_->port(); }

 private:
  services::AdjudicationService service_;
  std::unique_ptr<rpc::Server> server_;
  std::unique_ptr<v1::AdjudicationService::Stub> stub_;
};

}  // namespace caipan::testing

#endif  // CAIPAN_TESTS_RPC_IN_PROCESS_SERVER_H_
