// One unary call of a caipan service, from the request's bytes to the
// response's: the call gate (draining, authentication), parsing the request
// on a per-call arena (a body that is not the request message is
// INVALID_ARGUMENT naming the message type, where gRPC itself would answer
// UNIMPLEMENTED with no message), the per-field size limits, the handler, and
// the serialised response.
#ifndef CAIPAN_SERVICES_RAW_UNARY_H_
#define CAIPAN_SERVICES_RAW_UNARY_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/arena.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/proto_buffer_reader.h"
#include "grpcpp/support/proto_buffer_writer.h"
#include "grpcpp/support/server_callback.h"
#include "rpc/error_status.h"
#include "services/call_control.h"
#include "services/request_checks.h"
#include "services/request_limits.h"
#include "services/service_options.h"
#include "services/work_pool.h"

namespace caipan::services {

// Parses `bytes` into `message`; InvalidArgument naming the type if they are
// not one.
absl::Status ParseMessage(const grpc::ByteBuffer& bytes,
                          google::protobuf::Message* message);
// Serialises `message` into `bytes`.
grpc::Status SerializeMessage(const google::protobuf::Message& message,
                              grpc::ByteBuffer* bytes);

// Parses the request, checks its limits, runs `handler(request, options,
// control, response)` and finishes the call.
template <typename Request, typename Response, typename Handler>
void RunRaw(grpc::CallbackServerContext* context,
            const grpc::ByteBuffer* request_bytes,
            grpc::ByteBuffer* response_bytes, const ServiceOptions& options,
            Handler handler, grpc::ServerUnaryReactor* reactor) {
  // A typical request and response fit the arena's first block, on the stack.
  alignas(16) char block[8192];
  google::protobuf::ArenaOptions arena_options;
  arena_options.initial_block = block;
  arena_options.initial_block_size = sizeof(block);
  google::protobuf::Arena arena(arena_options);
  Request* request = google::protobuf::Arena::CreateMessage<Request>(&arena);
  Response* response = google::protobuf::Arena::CreateMessage<Response>(&arena);
  absl::Status status = ParseMessage(*request_bytes, request);
  // A call cancelled before its request arrived has no body to parse: it is
  // a cancellation, not a malformed request.
  if (!status.ok() && context->IsCancelled())
    status = CallControl(context).StopStatus();
  if (status.ok()) status = CheckRequestLimits(*request, options);
  if (status.ok()) {
    const CallControl control(context);
    status = handler(*request, options, control, response);
  }
  if (!status.ok()) {
    reactor->Finish(ToGrpcStatus(status));
    return;
  }
  reactor->Finish(SerializeMessage(*response, response_bytes));
}

// Requests up to this size run inline even for methods with a pool: about 300
// plies, judged in well under a millisecond, where handing the call to
// another thread would cost more than it saves.
inline constexpr size_t kInlineRequestBytes = 2048;

// Runs the call through the gate, then `handler`: inline on gRPC's callback
// thread when `pool` is null (short, bounded work) or the request is small,
// otherwise on `pool` (work that may take long), RESOURCE_EXHAUSTED when its
// queue is full.
template <typename Request, typename Response, typename Handler>
grpc::ServerUnaryReactor* AnswerRaw(grpc::CallbackServerContext* context,
                                    const grpc::ByteBuffer* request_bytes,
                                    grpc::ByteBuffer* response_bytes,
                                    const ServiceOptions& options,
                                    WorkPool* pool, Handler handler) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (options.gate != nullptr) {
    grpc::Status admitted =
        options.gate->Admit(*context, rpc::CallGate::Access::kStateless);
    if (!admitted.ok()) {
      reactor->Finish(admitted);
      return reactor;
    }
  }
  if (context->IsCancelled()) {
    reactor->Finish(rpc::ErrorStatus(grpc::StatusCode::CANCELLED,
                                     "cancelled before it started"));
    return reactor;
  }
  if (pool == nullptr || request_bytes->Length() <= kInlineRequestBytes) {
    RunRaw<Request, Response>(context, request_bytes, response_bytes, options,
                              handler, reactor);
    return reactor;
  }
  // The call, its buffers and `options` outlive the task: the call ends only
  // when the task finishes it, and the service outlives its calls.
  const bool queued = pool->Submit([=, &options] {
    RunRaw<Request, Response>(context, request_bytes, response_bytes, options,
                              handler, reactor);
  });
  if (!queued) {
    reactor->Finish(
        rpc::ErrorStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                         "the server is busy with long calls; retry later"));
  }
  return reactor;
}

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_RAW_UNARY_H_
