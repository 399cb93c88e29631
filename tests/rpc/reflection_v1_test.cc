// grpc.reflection.v1 on the caipan server: its answers carry the same
// descriptors as gRPC's own v1alpha service (asked on the same server with the
// same bytes), it follows ServerConfig::reflection, and extension queries are
// answered from the pool.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.pb.h"
#include "google/protobuf/util/message_differencer.h"
#include "grpc/reflection/v1/reflection.grpc.pb.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "gtest/gtest.h"
#include "rpc/reflection_v1_service.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

namespace pb = google::protobuf;
namespace refl = grpc::reflection::v1;

constexpr char kV1alpha[] =
    "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo";
constexpr char kV1[] =
    "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo";

class Reflection {
 public:
  explicit Reflection(bool on)
      : server_({}, 4 * 1024 * 1024, /*reflection=*/on),
        channel_(grpc::CreateChannel(absl::StrCat("127.0.0.1:", server_.port()),
                                     grpc::InsecureChannelCredentials())) {}

  // Sends `requests` on one stream of `method` and returns the answers (v1
  // and v1alpha have the same wire format, so v1 messages read both).
  grpc::Status Ask(const std::string& method,
                   const std::vector<refl::ServerReflectionRequest>& requests,
                   std::vector<refl::ServerReflectionResponse>* responses) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::seconds(10));
    // The generated stub's own call, on a path of our choosing.
    std::unique_ptr<grpc::ClientReaderWriter<refl::ServerReflectionRequest,
                                             refl::ServerReflectionResponse>>
        stream(grpc::internal::ClientReaderWriterFactory<
               refl::ServerReflectionRequest, refl::ServerReflectionResponse>::
                   Create(channel_.get(),
                          grpc::internal::RpcMethod(
                              method.c_str(),
                              grpc::internal::RpcMethod::BIDI_STREAMING),
                          &context));
    for (const auto& request : requests) {
      if (!stream->Write(request)) break;
    }
    stream->WritesDone();
    refl::ServerReflectionResponse response;
    while (stream->Read(&response)) responses->push_back(response);
    return stream->Finish();
  }

 private:
  testing::InProcessServer server_;
  std::shared_ptr<grpc::Channel> channel_;
};

refl::ServerReflectionRequest ListServices() {
  refl::ServerReflectionRequest request;
  request.set_list_services("");
  return request;
}

refl::ServerReflectionRequest Symbol(const std::string& name) {
  refl::ServerReflectionRequest request;
  request.set_host("localhost");
  request.set_file_containing_symbol(name);
  return request;
}

refl::ServerReflectionRequest File(const std::string& name) {
  refl::ServerReflectionRequest request;
  request.set_file_by_filename(name);
  return request;
}

refl::ServerReflectionRequest ExtensionNumbers(const std::string& type) {
  refl::ServerReflectionRequest request;
  request.set_all_extension_numbers_of_type(type);
  return request;
}

std::set<std::string> ServiceNames(
    const refl::ServerReflectionResponse& response) {
  std::set<std::string> names;
  for (const auto& service : response.list_services_response().service())
    names.insert(service.name());
  return names;
}

// The files of a file_descriptor_response, by name, each parsed.
std::map<std::string, pb::FileDescriptorProto> Files(
    const refl::ServerReflectionResponse& response) {
  std::map<std::string, pb::FileDescriptorProto> files;
  for (const std::string& bytes :
       response.file_descriptor_response().file_descriptor_proto()) {
    pb::FileDescriptorProto file;
    EXPECT_TRUE(file.ParseFromString(bytes));
    files[file.name()] = file;
  }
  return files;
}

TEST(ReflectionV1Test, AnswersLikeV1alphaOnTheSameServer) {
  Reflection server(/*on=*/true);
  const std::vector<refl::ServerReflectionRequest> requests = {
      ListServices(),
      Symbol("caipan.v1.AdjudicationService"),
      Symbol("caipan.v1.GomokuRuleOptions"),
      File("caipan/v1/xiangqi.proto"),
      ExtensionNumbers("caipan.v1.CheckMoveRequest"),
      Symbol("caipan.v1.NoSuchThing"),
      File("no/such/file.proto"),
      ExtensionNumbers("caipan.v1.NoSuchMessage"),
  };
  // v1 answers them all on one stream. gRPC 1.51's v1alpha gets one stream
  // per request: on a shared stream it does not clear its response between
  // requests, so later file answers also carry the files of earlier ones
  // (grpc/grpc#18009).
  std::vector<refl::ServerReflectionResponse> v1;
  std::vector<refl::ServerReflectionResponse> v1alpha;
  ASSERT_TRUE(server.Ask(kV1, requests, &v1).ok());
  for (const auto& request : requests) {
    ASSERT_TRUE(server.Ask(kV1alpha, {request}, &v1alpha).ok());
  }
  ASSERT_EQ(v1.size(), requests.size());
  ASSERT_EQ(v1alpha.size(), requests.size());

  EXPECT_EQ(ServiceNames(v1[0]), ServiceNames(v1alpha[0]));
  EXPECT_TRUE(ServiceNames(v1[0]).contains("caipan.v1.AdjudicationService"));
  EXPECT_TRUE(
      ServiceNames(v1[0]).contains("grpc.reflection.v1.ServerReflection"));
  EXPECT_TRUE(
      ServiceNames(v1[0]).contains("grpc.reflection.v1alpha.ServerReflection"));

  for (int i = 1; i <= 3; ++i) {
    SCOPED_TRACE(requests[i].DebugString());
    const auto files = Files(v1[i]);
    const auto expected = Files(v1alpha[i]);
    ASSERT_FALSE(files.empty());
    ASSERT_EQ(files.size(), expected.size());
    for (const auto& [name, file] : expected) {
      ASSERT_TRUE(files.contains(name)) << name;
      EXPECT_TRUE(pb::util::MessageDifferencer::Equals(files.at(name), file))
          << name;
    }
    EXPECT_EQ(v1[i].valid_host(), requests[i].host());
    EXPECT_TRUE(pb::util::MessageDifferencer::Equals(v1[i].original_request(),
                                                     requests[i]));
  }
  // The service's file comes first, then what it imports.
  pb::FileDescriptorProto first;
  ASSERT_TRUE(first.ParseFromString(
      v1[1].file_descriptor_response().file_descriptor_proto(0)));
  EXPECT_EQ(first.name(), "caipan/v1/adjudication_service.proto");
  EXPECT_TRUE(Files(v1[1]).contains("caipan/v1/common.proto"));

  EXPECT_EQ(v1[4].all_extension_numbers_response().base_type_name(),
            "caipan.v1.CheckMoveRequest");
  EXPECT_TRUE(pb::util::MessageDifferencer::Equals(
      v1[4].all_extension_numbers_response(),
      v1alpha[4].all_extension_numbers_response()));
  for (int i = 5; i <= 7; ++i) {
    SCOPED_TRACE(requests[i].DebugString());
    ASSERT_TRUE(v1[i].has_error_response());
    EXPECT_EQ(v1[i].error_response().error_code(),
              static_cast<int>(grpc::StatusCode::NOT_FOUND));
    EXPECT_EQ(v1[i].error_response().error_code(),
              v1alpha[i].error_response().error_code());
  }
}

TEST(ReflectionV1Test, DescriptorsBuildTheServiceForAClient) {
  Reflection server(/*on=*/true);
  std::vector<refl::ServerReflectionResponse> answers;
  ASSERT_TRUE(
      server.Ask(kV1, {Symbol("caipan.v1.AdjudicationService")}, &answers)
          .ok());
  ASSERT_EQ(answers.size(), 1u);
  // A client's pool, each file built once the files it imports are.
  pb::DescriptorPool pool;
  // adjudication_service.proto, common, gomoku, xiangqi and the
  // google/protobuf/empty.proto that gomoku imports.
  auto files = Files(answers[0]);
  ASSERT_EQ(files.size(), 5u);
  while (!files.empty()) {
    auto ready = std::find_if(files.begin(), files.end(), [&](const auto& f) {
      for (const std::string& import : f.second.dependency()) {
        if (pool.FindFileByName(import) == nullptr) return false;
      }
      return true;
    });
    ASSERT_NE(ready, files.end()) << "an import is missing from the answer";
    ASSERT_NE(pool.BuildFile(ready->second), nullptr) << ready->first;
    files.erase(ready);
  }
  const pb::ServiceDescriptor* service =
      pool.FindServiceByName("caipan.v1.AdjudicationService");
  ASSERT_NE(service, nullptr);
  const pb::MethodDescriptor* play = service->FindMethodByName("PlayGame");
  ASSERT_NE(play, nullptr);
  EXPECT_TRUE(play->client_streaming());
  EXPECT_TRUE(play->server_streaming());
  EXPECT_NE(service->FindMethodByName("CheckMove"), nullptr);
}

TEST(ReflectionV1Test, OffMeansUnimplementedForBothVersions) {
  Reflection server(/*on=*/false);
  for (const char* method : {kV1, kV1alpha}) {
    std::vector<refl::ServerReflectionResponse> answers;
    grpc::Status status = server.Ask(method, {ListServices()}, &answers);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNIMPLEMENTED) << method;
    EXPECT_TRUE(answers.empty());
  }
}

// The extension queries, on a pool that has an extension (the generated pool
// of the server has none).
TEST(ReflectionV1Test, AnswersExtensionQueriesFromItsPool) {
  pb::DescriptorPool pool(pb::DescriptorPool::generated_pool());
  pb::FileDescriptorProto file;
  file.set_name("test/ext.proto");
  file.set_package("test");
  file.set_syntax("proto2");
  file.add_dependency("google/protobuf/descriptor.proto");
  pb::FieldDescriptorProto* extension = file.add_extension();
  extension->set_name("arbiter_note");
  extension->set_number(51234);
  extension->set_label(pb::FieldDescriptorProto::LABEL_OPTIONAL);
  extension->set_type(pb::FieldDescriptorProto::TYPE_STRING);
  extension->set_extendee(".google.protobuf.FieldOptions");
  ASSERT_NE(pool.BuildFile(file), nullptr);
  rpc::ReflectionV1Service service(&pool);

  refl::ServerReflectionRequest request;
  request.mutable_file_containing_extension()->set_containing_type(
      "google.protobuf.FieldOptions");
  request.mutable_file_containing_extension()->set_extension_number(51234);
  refl::ServerReflectionResponse found = service.Answer(request);
  const auto files = Files(found);
  ASSERT_EQ(found.file_descriptor_response().file_descriptor_proto_size(), 2);
  EXPECT_TRUE(files.contains("test/ext.proto"));
  EXPECT_TRUE(files.contains("google/protobuf/descriptor.proto"));

  request.mutable_file_containing_extension()->set_extension_number(51235);
  EXPECT_EQ(service.Answer(request).error_response().error_code(),
            static_cast<int>(grpc::StatusCode::NOT_FOUND));

  refl::ServerReflectionResponse numbers =
      service.Answer(ExtensionNumbers("google.protobuf.FieldOptions"));
  EXPECT_EQ(numbers.all_extension_numbers_response().base_type_name(),
            "google.protobuf.FieldOptions");
  EXPECT_EQ(
      std::vector<int>(
          numbers.all_extension_numbers_response().extension_number().begin(),
          numbers.all_extension_numbers_response().extension_number().end()),
      std::vector<int>({51234}));

  EXPECT_EQ(service.Answer(refl::ServerReflectionRequest())
                .error_response()
                .error_code(),
            static_cast<int>(grpc::StatusCode::UNIMPLEMENTED));
}

}  // namespace
}  // namespace caipan
