// grpc.reflection.v1 answers (see reflection_v1_service.h).
#include "rpc/reflection_v1_service.h"

#include <string>

#include "absl/container/flat_hash_set.h"
#include "google/protobuf/descriptor.pb.h"

namespace caipan::rpc {
namespace {

namespace pb = google::protobuf;
using grpc::reflection::v1::ServerReflectionRequest;
using grpc::reflection::v1::ServerReflectionResponse;

void SetError(grpc::StatusCode code, const std::string& message,
              ServerReflectionResponse* response) {
  response->mutable_error_response()->set_error_code(static_cast<int>(code));
  response->mutable_error_response()->set_error_message(message);
}

// Adds `file` and, after it, every file it imports (transitively), each once:
// a client needs them all to build the file's descriptors.
void AddFileAndImports(const pb::FileDescriptor* file,
                       absl::flat_hash_set<const pb::FileDescriptor*>* added,
                       ServerReflectionResponse* response) {
  if (!added->insert(file).second) return;
  pb::FileDescriptorProto proto;
  file->CopyTo(&proto);
  proto.SerializeToString(response->mutable_file_descriptor_response()
                              ->add_file_descriptor_proto());
  for (int i = 0; i < file->dependency_count(); ++i) {
    AddFileAndImports(file->dependency(i), added, response);
  }
}

void AnswerWithFile(const pb::FileDescriptor* file,
                    ServerReflectionResponse* response) {
  absl::flat_hash_set<const pb::FileDescriptor*> added;
  AddFileAndImports(file, &added, response);
}

}  // namespace

ServerReflectionResponse ReflectionV1Service::Answer(
    const ServerReflectionRequest& request) const {
  ServerReflectionResponse response;
  response.set_valid_host(request.host());
  *response.mutable_original_request() = request;
  switch (request.message_request_case()) {
    case ServerReflectionRequest::kListServices: {
      auto* list = response.mutable_list_services_response();
      if (service_names_ != nullptr) {
        for (const std::string& name : *service_names_) {
          list->add_service()->set_name(name);
        }
      }
      break;
    }
    case ServerReflectionRequest::kFileByFilename: {
      const pb::FileDescriptor* file =
          pool_->FindFileByName(request.file_by_filename());
      if (file == nullptr) {
        SetError(grpc::StatusCode::NOT_FOUND,
                 "file not found: " + request.file_by_filename(), &response);
      } else {
        AnswerWithFile(file, &response);
      }
      break;
    }
    case ServerReflectionRequest::kFileContainingSymbol: {
      const pb::FileDescriptor* file =
          pool_->FindFileContainingSymbol(request.file_containing_symbol());
      if (file == nullptr) {
        SetError(grpc::StatusCode::NOT_FOUND,
                 "symbol not found: " + request.file_containing_symbol(),
                 &response);
      } else {
        AnswerWithFile(file, &response);
      }
      break;
    }
    case ServerReflectionRequest::kFileContainingExtension: {
      const auto& wanted = request.file_containing_extension();
      const pb::Descriptor* type =
          pool_->FindMessageTypeByName(wanted.containing_type());
      const pb::FieldDescriptor* extension =
          type == nullptr
              ? nullptr
              : pool_->FindExtensionByNumber(type, wanted.extension_number());
      if (type == nullptr) {
        SetError(grpc::StatusCode::NOT_FOUND,
                 "type not found: " + wanted.containing_type(), &response);
      } else if (extension == nullptr) {
        SetError(grpc::StatusCode::NOT_FOUND,
                 "extension not found: " + wanted.containing_type() + " " +
                     std::to_string(wanted.extension_number()),
                 &response);
      } else {
        AnswerWithFile(extension->file(), &response);
      }
      break;
    }
    case ServerReflectionRequest::kAllExtensionNumbersOfType: {
      const pb::Descriptor* type =
          pool_->FindMessageTypeByName(request.all_extension_numbers_of_type());
      if (type == nullptr) {
        SetError(grpc::StatusCode::NOT_FOUND,
                 "type not found: " + request.all_extension_numbers_of_type(),
                 &response);
        break;
      }
      std::vector<const pb::FieldDescriptor*> extensions;
      pool_->FindAllExtensions(type, &extensions);
      auto* numbers = response.mutable_all_extension_numbers_response();
      numbers->set_base_type_name(type->full_name());
      for (const pb::FieldDescriptor* extension : extensions) {
        numbers->add_extension_number(extension->number());
      }
      break;
    }
    case ServerReflectionRequest::MESSAGE_REQUEST_NOT_SET:
      SetError(grpc::StatusCode::UNIMPLEMENTED,
               "the request names no reflection query", &response);
      break;
  }
  return response;
}

grpc::Status ReflectionV1Service::ServerReflectionInfo(
    grpc::ServerContext* context,
    grpc::ServerReaderWriter<ServerReflectionResponse, ServerReflectionRequest>*
        stream) {
  ServerReflectionRequest request;
  while (stream->Read(&request)) {
    if (context->IsCancelled()) {
      return grpc::Status(grpc::StatusCode::CANCELLED, "cancelled");
    }
    if (!stream->Write(Answer(request))) break;
  }
  return grpc::Status::OK;
}

}  // namespace caipan::rpc
