// WebSocket frames (see ws_frames.h).
#include "gateway/ws_frames.h"

#include "absl/strings/str_cat.h"
#include "gateway/connect_error.h"
#include "gateway/json_syntax.h"
#include "gateway/json_transcoder.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"

namespace caipan::gateway {

namespace pb = google::protobuf;

absl::StatusOr<ClientFrame> ReadClientFrame(
    absl::string_view text, const pb::Message& request_prototype) {
  // The frame is read as a generic JSON object first, then its "message"
  // as the method's request type.
  if (absl::Status syntax = CheckJsonSyntax(text); !syntax.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("frame: ", syntax.message()));
  }
  pb::Struct frame;
  pb::util::JsonParseOptions options;
  auto parsed = pb::util::JsonStringToMessage(
      pb::StringPiece(text.data(), text.size()), &frame, options);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "frame is not a JSON object: ", parsed.message().as_string()));
  }
  const auto& fields = frame.fields();
  if (fields.size() != 1 ||
      (!fields.contains("message") && !fields.contains("end"))) {
    return absl::InvalidArgumentError(
        "frame must be {\"message\": {...}} or {\"end\": {}}");
  }
  ClientFrame out;
  if (fields.contains("end")) return out;
  const pb::Value& message = fields.at("message");
  if (!message.has_struct_value()) {
    return absl::InvalidArgumentError("frame: \"message\" must be an object");
  }
  std::string json;
  auto printed = pb::util::MessageToJsonString(message.struct_value(), &json);
  if (!printed.ok()) {
    return absl::InvalidArgumentError(printed.message().as_string());
  }
  absl::StatusOr<std::string> request = JsonToBinary(request_prototype, json);
  if (!request.ok()) return request.status();
  out.is_message = true;
  out.request = *std::move(request);
  return out;
}

absl::StatusOr<std::string> MessageFrame(
    absl::string_view response, const pb::Message& response_prototype) {
  absl::StatusOr<std::string> json = BinaryToJson(response_prototype, response);
  if (!json.ok()) return json.status();
  return absl::StrCat("{\"message\":", *json, "}");
}

std::string EndFrame(const grpc::Status& status) {
  if (status.ok()) return "{\"end\":{}}";
  return absl::StrCat("{\"end\":{\"error\":", ConnectErrorJson(status), "}}");
}

}  // namespace caipan::gateway
