// Request and response messages of unary calls allocated on a protobuf arena
// whose first block lives in the holder itself, so parsing a request (e.g. a
// 100-move history) and building the response need no per-field heap
// allocation, and everything is freed at once.
#ifndef CAIPAN_SERVICES_ARENA_ALLOCATOR_H_
#define CAIPAN_SERVICES_ARENA_ALLOCATOR_H_

#include "google/protobuf/arena.h"
#include "grpcpp/support/message_allocator.h"

namespace caipan::services {

template <typename Request, typename Response>
class ArenaAllocator : public grpc::MessageAllocator<Request, Response> {
 public:
  grpc::MessageHolder<Request, Response>* AllocateMessages() override {
    return new Holder();
  }

 private:
  class Holder : public grpc::MessageHolder<Request, Response> {
   public:
    Holder() : arena_(Options(block_)) {
      this->set_request(
          google::protobuf::Arena::CreateMessage<Request>(&arena_));
      this->set_response(
          google::protobuf::Arena::CreateMessage<Response>(&arena_));
    }
    void Release() override { delete this; }

   private:
    static google::protobuf::ArenaOptions Options(char* block) {
      google::protobuf::ArenaOptions options;
      options.initial_block = block;
      options.initial_block_size = sizeof(block_);
      return options;
    }

    // Room for a typical request and response; larger ones spill to the heap.
    alignas(16) char block_[8192];
    google::protobuf::Arena arena_;
  };
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_ARENA_ALLOCATOR_H_
