// gRPC-Web specifics: the trailers frame, base64 bodies of the -text
// variant, and the grpc-timeout header.
#ifndef CAIPAN_GATEWAY_GRPC_WEB_H_
#define CAIPAN_GATEWAY_GRPC_WEB_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "grpcpp/support/status.h"

namespace caipan::gateway {

// The trailers frame that ends a gRPC-Web answer: grpc-status, and
// grpc-message percent-encoded as gRPC does.
std::string GrpcWebTrailersFrame(const grpc::Status& status);

// Decodes a grpc-web-text body: base64, possibly several padded chunks one
// after another. InvalidArgument naming the offset of a bad character.
absl::StatusOr<std::string> DecodeGrpcWebText(absl::string_view body);

// The duration of a grpc-timeout header ("100m", "5S"), or nullopt if it is
// malformed.
std::optional<absl::Duration> ParseGrpcTimeout(absl::string_view header);

// The duration of a Connect-Timeout-Ms header (up to 10 digits), or nullopt.
std::optional<absl::Duration> ParseConnectTimeout(absl::string_view header);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_GRPC_WEB_H_
