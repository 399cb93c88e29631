// Fuzz target for whole AdjudicationService requests, from the bytes on the
// wire to the response, as the server handles them (services/raw_unary.h):
// the request parsed with ParseMessage, then CheckRequestLimits, then the
// handler, with small limits and a small position cache.
//
// The first input byte picks the method:
//   0 CheckMove, 1 ListMoves, 2 AdjudicateGame, 3 RuleOnRepetition,
//   4 GetNaturalLimitStatus: the rest is the request message;
//   5 PlayGame: the rest is a stream of PlayGameRequest messages, each
//     preceded by its length as a varint (the last one runs to the end if its
//     length is cut short), handled like services/play_game_reactor.cc does.
// Besides not crashing, it checks that
//   - an error is INVALID_ARGUMENT or RESOURCE_EXHAUSTED with a message;
//   - every error message and every string of a response is valid UTF-8;
//   - a response serialises and parses back to the same bytes;
//   - the position cache changes no answer: a unary call answers the same
//     without the cache, with it, and again with it (now a cache hit);
//   - a move check's legal flag agrees with its rejection.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "google/protobuf/arena.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "google/protobuf/reflection.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/slice.h"
#include "rpc/xiangqi_position_cache.h"
#include "services/adjudication_handlers.h"
#include "services/call_control.h"
#include "services/game_session.h"
#include "services/raw_unary.h"
#include "services/request_limits.h"
#include "services/service_options.h"

namespace {

namespace pb = ::google::protobuf;
namespace sv = ::caipan::services;
namespace v1 = ::caipan::v1;

// Most messages of one PlayGame input.
constexpr int kMaxStreamMessages = 256;

const sv::ServiceOptions& CachedOptions() {
  static const sv::ServiceOptions* options = [] {
    auto* o = new sv::ServiceOptions;
    o->max_history_plies = 64;
    o->max_record_bytes = 4096;
    o->position_cache =
        std::make_shared<caipan::rpc::XiangqiPositionCache>(size_t{1} << 20);
    return o;
  }();
  return *options;
}

const sv::ServiceOptions& UncachedOptions() {
  static const sv::ServiceOptions* options = [] {
    auto* o = new sv::ServiceOptions(CachedOptions());
    o->position_cache = nullptr;
    return o;
  }();
  return *options;
}

bool ValidUtf8(std::string_view text) {
  while (!text.empty()) {
    const size_t n = caipan::Utf8SequenceLength(text);
    if (n == 0) return false;
    text.remove_prefix(n);
  }
  return true;
}

// Every string field of `message`, nested messages included, is valid UTF-8.
bool AllStringsValid(const pb::Message& message) {
  const pb::Reflection* reflection = message.GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  reflection->ListFields(message, &fields);
  std::string scratch;
  for (const pb::FieldDescriptor* field : fields) {
    if (field->type() == pb::FieldDescriptor::TYPE_STRING) {
      if (field->is_repeated()) {
        const int n = reflection->FieldSize(message, field);
        for (int i = 0; i < n; ++i) {
          if (!ValidUtf8(reflection->GetRepeatedStringReference(message, field,
                                                                i, &scratch))) {
            return false;
          }
        }
      } else if (!ValidUtf8(reflection->GetStringReference(message, field,
                                                           &scratch))) {
        return false;
      }
    } else if (field->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      if (field->is_repeated()) {
        const int n = reflection->FieldSize(message, field);
        for (int i = 0; i < n; ++i) {
          if (!AllStringsValid(
                  reflection->GetRepeatedMessage(message, field, i))) {
            return false;
          }
        }
      } else if (!AllStringsValid(reflection->GetMessage(message, field))) {
        return false;
      }
    }
  }
  return true;
}

void CheckError(const absl::Status& status) {
  if (status.ok()) return;
  if (status.code() != absl::StatusCode::kInvalidArgument &&
      status.code() != absl::StatusCode::kResourceExhausted) {
    __builtin_trap();
  }
  if (status.message().empty()) __builtin_trap();
  // Debian's absl::string_view is not std::string_view.
  const absl::string_view message = status.message();
  if (!ValidUtf8(std::string_view(message.data(), message.size())))
    __builtin_trap();
}

// A move check's flag agrees with its rejection; a rejection has a reason.
void CheckMoveCheck(const v1::MoveCheck& check) {
  if (check.legal() != (check.rejection() == v1::MOVE_REJECTION_NONE))
    __builtin_trap();
  if (!check.legal() && check.reason().empty()) __builtin_trap();
}

// Checks a response the way the server sends it; returns its bytes.
std::string SerializeChecked(const pb::Message& response) {
  if (!AllStringsValid(response)) __builtin_trap();
  grpc::ByteBuffer bytes;
  if (!sv::SerializeMessage(response, &bytes).ok()) __builtin_trap();
  std::unique_ptr<pb::Message> back(response.New());
  if (!sv::ParseMessage(bytes, back.get()).ok()) __builtin_trap();
  std::string serialized = response.SerializeAsString();
  if (back->SerializeAsString() != serialized) __builtin_trap();
  return serialized;
}

// Properties of one kind of response.
void CheckContent(const v1::CheckMoveResponse& response) {
  CheckMoveCheck(response.check());
}
void CheckContent(const v1::PlayGameResponse& response) {
  if (response.has_check()) CheckMoveCheck(response.check());
}
template <typename Response>
void CheckContent(const Response&) {}

// One answer of a unary call: the status, and the response's bytes if OK.
struct Answer {
  absl::Status status;
  std::string response;
  bool operator==(const Answer& other) const {
    return status == other.status && response == other.response;
  }
};

// One unary call, as AnswerRaw runs it: the messages on a per-call arena.
template <typename Request, typename Response, typename Handler>
Answer Call(const grpc::ByteBuffer& request_bytes,
            const sv::ServiceOptions& options, Handler handler) {
  alignas(16) char block[8192];
  pb::ArenaOptions arena_options;
  arena_options.initial_block = block;
  arena_options.initial_block_size = sizeof(block);
  pb::Arena arena(arena_options);
  Request* request = pb::Arena::CreateMessage<Request>(&arena);
  Response* response = pb::Arena::CreateMessage<Response>(&arena);
  Answer answer;
  answer.status = sv::ParseMessage(request_bytes, request);
  if (answer.status.ok())
    answer.status = sv::CheckRequestLimits(*request, options);
  if (answer.status.ok()) {
    const sv::CallControl control;
    answer.status = handler(*request, options, control, response);
  }
  CheckError(answer.status);
  if (answer.status.ok()) {
    answer.response = SerializeChecked(*response);
    CheckContent(*response);
  }
  return answer;
}

template <typename Request, typename Response, typename Handler>
void Unary(const grpc::ByteBuffer& request_bytes, Handler handler) {
  const Answer uncached =
      Call<Request, Response>(request_bytes, UncachedOptions(), handler);
  const Answer cached =
      Call<Request, Response>(request_bytes, CachedOptions(), handler);
  const Answer again =
      Call<Request, Response>(request_bytes, CachedOptions(), handler);
  if (!(cached == uncached) || !(again == uncached)) __builtin_trap();
}

grpc::ByteBuffer ToByteBuffer(const uint8_t* data, size_t size) {
  grpc::Slice slice(data, size);
  return grpc::ByteBuffer(&slice, 1);
}

// Reads a varint length at `*pos`; false at the end of the input.
bool ReadLength(const uint8_t* data, size_t size, size_t* pos,
                uint64_t* length) {
  *length = 0;
  for (int shift = 0; shift < 64 && *pos < size; shift += 7) {
    const uint8_t b = data[(*pos)++];
    *length |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) return true;
  }
  return *pos < size;
}

// One PlayGame message on the stream, as PlayGameReactor::Handle runs it.
absl::Status PlayOne(const grpc::ByteBuffer& bytes,
                     const sv::ServiceOptions& options,
                     std::unique_ptr<sv::GameSession>* session,
                     v1::PlayGameResponse* response) {
  v1::PlayGameRequest request;
  CAIPAN_RETURN_IF_ERROR(sv::ParseMessage(bytes, &request));
  CAIPAN_RETURN_IF_ERROR(sv::CheckRequestLimits(request, options));
  return sv::HandlePlayGameMessage(request, options, session, response);
}

void PlayGame(const uint8_t* data, size_t size) {
  const sv::ServiceOptions& options = CachedOptions();
  std::unique_ptr<sv::GameSession> session;
  int previous_ply = -1;
  size_t pos = 0;
  for (int i = 0; i < kMaxStreamMessages && pos < size; ++i) {
    uint64_t length = 0;
    if (!ReadLength(data, size, &pos, &length)) break;
    if (length > size - pos) length = size - pos;
    const grpc::ByteBuffer bytes = ToByteBuffer(data + pos, length);
    pos += length;
    v1::PlayGameResponse response;
    const absl::Status status = PlayOne(bytes, options, &session, &response);
    CheckError(status);
    if (!status.ok()) return;  // the stream ends
    SerializeChecked(response);
    CheckContent(response);
    // Plies never go back; a move played (legal, or a gomoku stone on a
    // forbidden point, which loses) adds exactly one.
    if (response.ply() < 0 || response.ply() > options.max_history_plies)
      __builtin_trap();
    if (previous_ply >= 0) {
      const v1::MoveCheck& check = response.check();
      const bool played =
          check.legal() || check.rejection() == v1::MOVE_REJECTION_FORBIDDEN;
      const int expected = previous_ply + (played ? 1 : 0);
      if (response.ply() != expected) __builtin_trap();
    }
    previous_ply = response.ply();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t method = data[0];
  ++data;
  --size;
  if (method % 6 == 5) {
    PlayGame(data, size);
    return 0;
  }
  const grpc::ByteBuffer bytes = ToByteBuffer(data, size);
  switch (method % 6) {
    case 0:
      Unary<v1::CheckMoveRequest, v1::CheckMoveResponse>(bytes,
                                                         sv::HandleCheckMove);
      break;
    case 1:
      Unary<v1::ListMovesRequest, v1::ListMovesResponse>(bytes,
                                                         sv::HandleListMoves);
      break;
    case 2:
      Unary<v1::AdjudicateGameRequest, v1::AdjudicateGameResponse>(
          bytes, sv::HandleAdjudicateGame);
      break;
    case 3:
      Unary<v1::RuleOnRepetitionRequest, v1::RuleOnRepetitionResponse>(
          bytes, sv::HandleRuleOnRepetition);
      break;
    default:
      Unary<v1::GetNaturalLimitStatusRequest,
            v1::GetNaturalLimitStatusResponse>(bytes,
                                               sv::HandleGetNaturalLimitStatus);
      break;
  }
  return 0;
}
