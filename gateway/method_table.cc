// Method lookup from the generated descriptor pool (see method_table.h).
#include "gateway/method_table.h"

#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"

namespace caipan::gateway {

namespace pb = google::protobuf;

absl::StatusOr<MethodTable> MethodTable::ForServices(
    const std::vector<std::string>& service_names) {
  MethodTable table;
  const pb::DescriptorPool* pool = pb::DescriptorPool::generated_pool();
  pb::MessageFactory* factory = pb::MessageFactory::generated_factory();
  for (const std::string& name : service_names) {
    const pb::ServiceDescriptor* service = pool->FindServiceByName(name);
    if (service == nullptr) {
      return absl::NotFoundError(
          absl::StrCat("service ", name, " is not linked into the server"));
    }
    for (int i = 0; i < service->method_count(); ++i) {
      const pb::MethodDescriptor* method = service->method(i);
      GatewayMethod entry;
      entry.path = absl::StrCat("/", service->full_name(), "/", method->name());
      if (method->client_streaming()) {
        entry.kind = MethodKind::kClientStreaming;
      } else if (method->server_streaming()) {
        entry.kind = MethodKind::kServerStreaming;
      } else {
        entry.kind = MethodKind::kUnary;
      }
      entry.request_prototype = factory->GetPrototype(method->input_type());
      entry.response_prototype = factory->GetPrototype(method->output_type());
      table.methods_.emplace(entry.path, std::move(entry));
    }
  }
  return table;
}

const GatewayMethod* MethodTable::Find(absl::string_view path) const {
  auto it = methods_.find(path);
  return it == methods_.end() ? nullptr : &it->second;
}

}  // namespace caipan::gateway
