// In-process calls (see inprocess_calls.h).
#include "gateway/inprocess_calls.h"

#include "absl/synchronization/mutex.h"
#include "grpcpp/client_context.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/client_callback.h"

namespace caipan::gateway {
namespace {

grpc::ByteBuffer ToBuffer(const std::string& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

std::string FromBuffer(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string out;
  if (!buffer.Dump(&slices).ok()) return out;
  out.reserve(buffer.Length());
  for (const grpc::Slice& slice : slices) {
    out.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return out;
}

void Prepare(const CallOptions& options, grpc::ClientContext* context) {
  if (options.deadline != absl::InfiniteFuture()) {
    context->set_deadline(absl::ToChronoTime(options.deadline));
  }
  for (const auto& [key, value] : options.metadata) {
    context->AddMetadata(key, value);
  }
}

struct UnaryState {
  grpc::ClientContext context;
  grpc::ByteBuffer request;
  grpc::ByteBuffer response;
};

// The bidirectional reactor behind a StreamCall. It keeps itself alive until
// gRPC reports the call done. A hold keeps gRPC from finishing the call while
// the session may still start an operation from its own thread; it goes once
// no operation can be started any more (writes closed, reads ended) and none
// is being started. Operations are started outside the mutex: gRPC may run a
// reaction on the starting thread.
class StreamReactor
    : public StreamCall,
      public grpc::ClientBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>,
      public std::enable_shared_from_this<StreamReactor> {
 public:
  explicit StreamReactor(std::shared_ptr<StreamObserver> observer)
      : observer_(std::move(observer)) {}

  grpc::ClientContext* context() { return &context_; }

  void Start(grpc::GenericStub& stub, const std::string& method) {
    self_ = shared_from_this();
    stub.PrepareBidiStreamingCall(&context_, method, grpc::StubOptions(), this);
    AddHold();
    read_outstanding_ = true;
    StartRead(&incoming_);
    StartCall();
  }

  void Write(std::string message) override {
    {
      absl::MutexLock lock(&mu_);
      if (writes_closed_) return;
      ++starting_;
    }
    outgoing_ = ToBuffer(message);
    StartWrite(&outgoing_);
    Started();
  }

  void WritesDone() override {
    {
      absl::MutexLock lock(&mu_);
      if (writes_closed_) return;
      writes_closed_ = true;
      ++starting_;
    }
    StartWritesDone();
    Started();
  }

  void ReadNext() override {
    {
      absl::MutexLock lock(&mu_);
      if (reads_closed_ || read_outstanding_) return;
      read_outstanding_ = true;
      ++starting_;
    }
    StartRead(&incoming_);
    Started();
  }

  void Cancel() override {
    context_.TryCancel();
    bool release = false;
    {
      absl::MutexLock lock(&mu_);
      writes_closed_ = true;
      if (!read_outstanding_) reads_closed_ = true;
      release = TakeRelease();
    }
    if (release) RemoveHold();
  }

  void OnReadDone(bool ok) override {
    bool release = false;
    {
      absl::MutexLock lock(&mu_);
      read_outstanding_ = false;
      if (!ok) {
        // The call is over (its status is on the way): nothing more to send.
        reads_closed_ = true;
        writes_closed_ = true;
        release = TakeRelease();
      }
    }
    if (ok) observer_->OnMessage(FromBuffer(incoming_));
    if (release) RemoveHold();
  }

  void OnWriteDone(bool ok) override { observer_->OnWriteDone(ok); }

  void OnDone(const grpc::Status& status) override {
    observer_->OnFinished(status);
    observer_.reset();
    self_.reset();  // may delete this
  }

 private:
  // An operation has been started; the hold may go now.
  void Started() {
    bool release = false;
    {
      absl::MutexLock lock(&mu_);
      --starting_;
      release = TakeRelease();
    }
    if (release) RemoveHold();
  }

  // True once: when no operation can or is about to be started.
  bool TakeRelease() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    if (!writes_closed_ || !reads_closed_ || starting_ > 0 || released_) {
      return false;
    }
    released_ = true;
    return true;
  }

  grpc::ClientContext context_;
  grpc::ByteBuffer incoming_;
  grpc::ByteBuffer outgoing_;
  std::shared_ptr<StreamObserver> observer_;
  std::shared_ptr<StreamReactor> self_;
  absl::Mutex mu_;
  int starting_ ABSL_GUARDED_BY(mu_) = 0;
  bool read_outstanding_ ABSL_GUARDED_BY(mu_) = false;
  bool reads_closed_ ABSL_GUARDED_BY(mu_) = false;
  bool writes_closed_ ABSL_GUARDED_BY(mu_) = false;
  bool released_ ABSL_GUARDED_BY(mu_) = false;
};

}  // namespace

InProcessCalls::InProcessCalls(std::shared_ptr<grpc::Channel> channel)
    : channel_(std::move(channel)), stub_(channel_) {}

void InProcessCalls::Unary(
    const CallOptions& options, std::string request,
    std::function<void(grpc::Status, std::string)> done) {
  auto state = std::make_shared<UnaryState>();
  Prepare(options, &state->context);
  state->request = ToBuffer(request);
  stub_.UnaryCall(
      &state->context, options.method, grpc::StubOptions(), &state->request,
      &state->response, [state, done = std::move(done)](grpc::Status status) {
        std::string answer = status.ok() ? FromBuffer(state->response) : "";
        done(std::move(status), std::move(answer));
      });
}

std::shared_ptr<StreamCall> InProcessCalls::OpenStream(
    const CallOptions& options, std::shared_ptr<StreamObserver> observer) {
  auto reactor = std::make_shared<StreamReactor>(std::move(observer));
  Prepare(options, reactor->context());
  reactor->Start(stub_, options.method);
  return reactor;
}

}  // namespace caipan::gateway
