// Message envelopes (see envelope.h).
#include "gateway/envelope.h"

#include "absl/strings/str_cat.h"

namespace caipan::gateway {

std::string WrapEnvelope(uint8_t flags, absl::string_view payload) {
  std::string out;
  out.reserve(5 + payload.size());
  const uint32_t size = static_cast<uint32_t>(payload.size());
  out.push_back(static_cast<char>(flags));
  out.push_back(static_cast<char>(size >> 24));
  out.push_back(static_cast<char>(size >> 16));
  out.push_back(static_cast<char>(size >> 8));
  out.push_back(static_cast<char>(size));
  out.append(payload.data(), payload.size());
  return out;
}

absl::StatusOr<std::vector<Envelope>> SplitEnvelopes(absl::string_view body,
                                                     size_t max_message_bytes) {
  std::vector<Envelope> envelopes;
  size_t at = 0;
  while (at < body.size()) {
    if (body.size() - at < 5) {
      return absl::InvalidArgumentError(absl::StrCat(
          "request body: truncated message envelope at byte ", at));
    }
    const auto byte = [&](size_t i) {
      return static_cast<uint32_t>(static_cast<unsigned char>(body[at + i]));
    };
    const uint32_t size =
        (byte(1) << 24) | (byte(2) << 16) | (byte(3) << 8) | byte(4);
    if (size > max_message_bytes) {
      return absl::ResourceExhaustedError(
          absl::StrCat("request body: a message of ", size,
                       " bytes is over the limit of ", max_message_bytes));
    }
    if (body.size() - at - 5 < size) {
      return absl::InvalidArgumentError(
          absl::StrCat("request body: the message at byte ", at, " says ", size,
                       " bytes but only ", body.size() - at - 5, " follow"));
    }
    Envelope envelope;
    envelope.flags = static_cast<uint8_t>(byte(0));
    envelope.payload.assign(body.data() + at + 5, size);
    envelopes.push_back(std::move(envelope));
    at += 5 + size;
  }
  return envelopes;
}

}  // namespace caipan::gateway
