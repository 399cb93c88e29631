// JSON <-> binary for one message type (see json_transcoder.h). Both
// directions go straight between JSON text and the wire bytes through one
// type resolver over the generated descriptors, with no message object in
// between (protobuf's message-level JSON functions parse and serialize once
// more on top of that).
#include "gateway/json_transcoder.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "gateway/json_syntax.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver_util.h"

namespace caipan::gateway {
namespace {

namespace pb = google::protobuf;

constexpr absl::string_view kTypeUrlPrefix = "type.googleapis.com";

pb::util::TypeResolver* Resolver() {
  static pb::util::TypeResolver* resolver =
      pb::util::NewTypeResolverForDescriptorPool(
          std::string(kTypeUrlPrefix), pb::DescriptorPool::generated_pool());
  return resolver;
}

std::string TypeUrl(const pb::Message& prototype) {
  return absl::StrCat(kTypeUrlPrefix, "/", prototype.GetTypeName());
}

}  // namespace

absl::StatusOr<std::string> JsonToBinary(const pb::Message& prototype,
                                         absl::string_view json) {
  if (absl::Status syntax = CheckJsonSyntax(json); !syntax.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("request body is not a ", prototype.GetTypeName(),
                     " in JSON: ", syntax.message()));
  }
  pb::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  std::string binary;
  auto status = pb::util::JsonToBinaryString(
      Resolver(), TypeUrl(prototype), std::string(json), &binary, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "request body is not a ", prototype.GetTypeName(),
        " in JSON: ", Utf8Excerpt(status.message().as_string(), 256)));
  }
  return binary;
}

absl::StatusOr<std::string> BinaryToJson(const pb::Message& prototype,
                                         absl::string_view binary) {
  std::string json;
  auto status = pb::util::BinaryToJsonString(Resolver(), TypeUrl(prototype),
                                             std::string(binary), &json);
  if (!status.ok()) {
    return absl::InternalError(
        absl::StrCat("the answer is not a ", prototype.GetTypeName(), ": ",
                     Utf8Excerpt(status.message().as_string(), 256)));
  }
  return json;
}

}  // namespace caipan::gateway
