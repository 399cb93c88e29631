// Channel, deadlines and error reporting for `caipan game …`.
#include "tools/caipan/game_client.h"

#include <chrono>
#include <iostream>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "rpc/status_code_name.h"
#include "tools/caipan/bounded_file.h"
#include "tools/caipan/commands.h"

namespace caipan::cli {
namespace {

std::chrono::system_clock::time_point Deadline(double seconds) {
  return std::chrono::system_clock::now() +
         std::chrono::duration_cast<std::chrono::system_clock::duration>(
             std::chrono::duration<double>(seconds));
}

}  // namespace

void FailGame(std::string_view message, int code) {
  std::cerr << "caipan: " << message << "\n";
  SetExitCode(code);
}

int ExitCodeForStatus(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
    case grpc::StatusCode::UNAUTHENTICATED:
      return 2;
    default:
      return 1;
  }
}

int GameClient::ReportRpcError(const grpc::Status& status) {
  const int code = ExitCodeForStatus(status.error_code());
  FailGame(absl::StrCat(rpc::StatusCodeName(status.error_code()), ": ",
                        status.error_message()),
           code);
  return code;
}

std::unique_ptr<GameClient> GameClient::Connect(const ConnectionArgs& args) {
  std::shared_ptr<grpc::ChannelCredentials> credentials;
  if (args.tls_ca.empty()) {
    credentials = grpc::InsecureChannelCredentials();
  } else {
    absl::StatusOr<std::string> ca =
        ReadBoundedFile("--tls-ca", args.tls_ca, {kMaxTlsCaBytes, "the limit"});
    if (!ca.ok()) {
      FailGame(std::string(ca.status().message()));
      return nullptr;
    }
    grpc::SslCredentialsOptions options;
    options.pem_root_certs = *std::move(ca);
    credentials = grpc::SslCredentials(options);
  }
  std::shared_ptr<grpc::Channel> channel =
      grpc::CreateChannel(args.server, credentials);
  return std::unique_ptr<GameClient>(new GameClient(args, std::move(channel)));
}

void GameClient::NameGame(grpc::ClientContext* context,
                          const std::string& name) {
  if (name.rfind("games/", 0) == 0) context->AddMetadata("caipan-game", name);
}

void GameClient::SetDeadline(grpc::ClientContext* context) const {
  context->set_deadline(Deadline(args_.deadline_seconds));
}

bool GameClient::WaitForConnected() {
  if (channel_->WaitForConnected(Deadline(args_.deadline_seconds))) {
    return true;
  }
  FailGame(absl::StrCat("DEADLINE_EXCEEDED: could not connect to ",
                        args_.server, " within ", args_.deadline_seconds, " s"),
           1);
  return false;
}

}  // namespace caipan::cli
