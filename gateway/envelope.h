// The 5-byte message envelope that Connect streaming and gRPC-Web share: a
// flags byte, a big-endian 32-bit length, then the message.
#ifndef CAIPAN_GATEWAY_ENVELOPE_H_
#define CAIPAN_GATEWAY_ENVELOPE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace caipan::gateway {

// Flag bits: compressed payload; Connect's end-of-stream message; gRPC-Web's
// trailers frame.
inline constexpr uint8_t kEnvelopeCompressed = 0x01;
inline constexpr uint8_t kEnvelopeConnectEnd = 0x02;
inline constexpr uint8_t kEnvelopeGrpcWebTrailers = 0x80;

struct Envelope {
  uint8_t flags = 0;
  std::string payload;
};

// `payload` behind its envelope.
std::string WrapEnvelope(uint8_t flags, absl::string_view payload);

// The envelopes `body` holds, in order. InvalidArgument for a truncated body
// (naming the byte offset), ResourceExhausted for a message longer than
// `max_message_bytes`.
absl::StatusOr<std::vector<Envelope>> SplitEnvelopes(absl::string_view body,
                                                     size_t max_message_bytes);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_ENVELOPE_H_
