// Calls into the server's own services over its in-process gRPC channel, by
// method name with serialized messages: one unary call, or a stream driven by
// an observer (the gateway's HTTP and WebSocket sessions).
#ifndef CAIPAN_GATEWAY_INPROCESS_CALLS_H_
#define CAIPAN_GATEWAY_INPROCESS_CALLS_H_

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/time/time.h"
#include "grpcpp/channel.h"
#include "grpcpp/generic/generic_stub.h"
#include "grpcpp/support/status.h"

namespace caipan::gateway {

// What a call carries besides its message.
struct CallOptions {
  std::string method;  // "/caipan.v1.AdjudicationService/CheckMove"
  absl::Time deadline = absl::InfiniteFuture();
  // gRPC metadata (lower-case keys): "authorization", …
  std::vector<std::pair<std::string, std::string>> metadata;
};

// Receives a stream's answers. Called on gRPC threads, one at a time.
class StreamObserver {
 public:
  virtual ~StreamObserver() = default;
  // One answer; the stream reads the next only after ReadNext().
  virtual void OnMessage(std::string message) = 0;
  // The request passed to Write() has been sent; the next may follow.
  virtual void OnWriteDone(bool ok) = 0;
  // The call ended (always called once, last).
  virtual void OnFinished(const grpc::Status& status) = 0;
};

// One streaming call (any kind: a server-streaming method is a stream with
// one request). Thread-safe: at most one Write and one read outstanding.
class StreamCall {
 public:
  virtual ~StreamCall() = default;
  virtual void Write(std::string message) = 0;
  virtual void WritesDone() = 0;
  // Asks for the next answer (after the previous OnMessage was handled).
  virtual void ReadNext() = 0;
  // Ends the call early (the client went away).
  virtual void Cancel() = 0;
};

class InProcessCalls {
 public:
  explicit InProcessCalls(std::shared_ptr<grpc::Channel> channel);

  // A unary call; `done(status, answer)` runs once on a gRPC thread.
  void Unary(const CallOptions& options, std::string request,
             std::function<void(grpc::Status, std::string)> done);

  // Starts a streaming call whose answers go to `observer`, which must stay
  // alive until its OnFinished; the first answer is read at once.
  std::shared_ptr<StreamCall> OpenStream(
      const CallOptions& options, std::shared_ptr<StreamObserver> observer);

 private:
  std::shared_ptr<grpc::Channel> channel_;
  grpc::GenericStub stub_;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_INPROCESS_CALLS_H_
