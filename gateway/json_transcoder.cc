// JSON <-> binary for one message type (see json_transcoder.h).
#include "gateway/json_transcoder.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "gateway/json_syntax.h"
#include "google/protobuf/util/json_util.h"

namespace caipan::gateway {

namespace pb = google::protobuf;

absl::StatusOr<std::string> JsonToBinary(const pb::Message& prototype,
                                         absl::string_view json) {
  if (absl::Status syntax = CheckJsonSyntax(json); !syntax.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("request body is not a ", prototype.GetTypeName(),
                     " in JSON: ", syntax.message()));
  }
  std::unique_ptr<pb::Message> message(prototype.New());
  pb::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  auto status = pb::util::JsonStringToMessage(
      pb::StringPiece(json.data(), json.size()), message.get(), options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "request body is not a ", prototype.GetTypeName(),
        " in JSON: ", Utf8Excerpt(status.message().as_string(), 256)));
  }
  return message->SerializeAsString();
}

absl::StatusOr<std::string> BinaryToJson(const pb::Message& prototype,
                                         absl::string_view binary) {
  std::unique_ptr<pb::Message> message(prototype.New());
  if (!message->ParseFromArray(binary.data(),
                               static_cast<int>(binary.size()))) {
    return absl::InternalError(
        absl::StrCat("the answer is not a ", prototype.GetTypeName()));
  }
  std::string json;
  auto status = pb::util::MessageToJsonString(*message, &json);
  if (!status.ok()) {
    return absl::InternalError(status.message().as_string());
  }
  return json;
}

}  // namespace caipan::gateway
