// caipan.v1.TournamentService (see tournament_service.h).
#include "services/tournament/tournament_service.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "services/game/game_request_checks.h"
#include "services/request_checks.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace {

using Access = rpc::CallGate::Access;

using game::kMaxNameBytes;

absl::Status CheckName(const std::string& name, const char* field) {
  if (!absl::StartsWith(name, "tournaments/") || name.size() > kMaxNameBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": expected \"tournaments/…\" (at most ",
                     kMaxNameBytes, " bytes)"));
  }
  return absl::OkStatus();
}

Done Finisher(grpc::ServerUnaryReactor* reactor) {
  return
      [reactor](absl::Status status) { reactor->Finish(ToGrpcStatus(status)); };
}

}  // namespace

TournamentService::TournamentService(TournamentRegistry* registry,
                                     std::shared_ptr<rpc::CallGate> gate)
    : registry_(registry), gate_(std::move(gate)) {}

grpc::ServerUnaryReactor* TournamentService::Refuse(
    grpc::CallbackServerContext* context, grpc::ServerUnaryReactor* reactor,
    const std::string* name, const std::string* token, const char* field) {
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok()) {
      reactor->Finish(s);
      return reactor;
    }
  }
  absl::Status status;
  if (name != nullptr) status = CheckName(*name, field);
  if (status.ok() && token != nullptr)
    status = game::CheckLength(*token, "token", game::kMaxTokenBytes);
  if (status.ok()) return nullptr;
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

template <typename Request, typename Response>
grpc::ServerUnaryReactor* TournamentService::Forward(
    grpc::CallbackServerContext* context, const Request& request,
    Response* response,
    void (TournamentRegistry::*change)(const Request&, Response*, Done)) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, &request.tournament(), &request.token()))
    return reactor;
  (registry_->*change)(request, response, Finisher(reactor));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::CreateTournament(
    grpc::CallbackServerContext* context,
    const v1::CreateTournamentRequest* request, v1::Tournament* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, nullptr, &request->token())) return reactor;
  registry_->Create(*request, response, Finisher(reactor));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::GetTournament(
    grpc::CallbackServerContext* context,
    const v1::GetTournamentRequest* request, v1::Tournament* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  const std::string& name = request->name();
  if (Refuse(context, reactor, &name, nullptr, "name")) return reactor;
  absl::StatusOr<v1::StoredTournament> state = registry_->Get(name);
  if (state.ok()) *response = state->tournament();
  reactor->Finish(ToGrpcStatus(state.status()));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::ListTournaments(
    grpc::CallbackServerContext* context,
    const v1::ListTournamentsRequest* request,
    v1::ListTournamentsResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, nullptr, nullptr)) return reactor;
  absl::Status status;
  if (request->page_token().size() > 512)
    status = absl::InvalidArgumentError("page_token: more than 512 bytes");
  if (status.ok()) status = registry_->List(*request, response);
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::AddPlayers(
    grpc::CallbackServerContext* context, const v1::AddPlayersRequest* request,
    v1::Tournament* response) {
  return Forward(context, *request, response, &TournamentRegistry::AddPlayers);
}

grpc::ServerUnaryReactor* TournamentService::SetPlayerStatus(
    grpc::CallbackServerContext* context,
    const v1::SetPlayerStatusRequest* request, v1::Tournament* response) {
  return Forward(context, *request, response,
                 &TournamentRegistry::SetPlayerStatus);
}

grpc::ServerUnaryReactor* TournamentService::PairRound(
    grpc::CallbackServerContext* context, const v1::PairRoundRequest* request,
    v1::Round* response) {
  return Forward(context, *request, response, &TournamentRegistry::PairRound);
}

grpc::ServerUnaryReactor* TournamentService::StartRound(
    grpc::CallbackServerContext* context, const v1::StartRoundRequest* request,
    v1::Round* response) {
  return Forward(context, *request, response, &TournamentRegistry::StartRound);
}

grpc::ServerUnaryReactor* TournamentService::GetRound(
    grpc::CallbackServerContext* context, const v1::GetRoundRequest* request,
    v1::Round* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, &request->tournament(), &request->token()))
    return reactor;
  // Tokens only for an arbiter; a wrong token is an error, not a quiet
  // answer without them.
  absl::Status status;
  if (!request->token().empty())
    status = registry_->CheckArbiter(request->token());
  if (status.ok()) {
    absl::StatusOr<v1::Round> round = registry_->GetRound(
        request->tournament(), request->round(), !request->token().empty());
    if (round.ok()) *response = *std::move(round);
    status = round.status();
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::RecordResult(
    grpc::CallbackServerContext* context,
    const v1::RecordResultRequest* request, v1::Round* response) {
  return Forward(context, *request, response,
                 &TournamentRegistry::RecordResult);
}

grpc::ServerUnaryReactor* TournamentService::GetStandings(
    grpc::CallbackServerContext* context,
    const v1::GetStandingsRequest* request, v1::Standings* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, &request->tournament(), nullptr)) return reactor;
  absl::StatusOr<v1::StoredTournament> state =
      registry_->Get(request->tournament());
  absl::Status status = state.status();
  if (status.ok()) {
    absl::StatusOr<v1::Standings> standings =
        ComputeStandings(*state, request->after_round(), request->tie_breaks());
    if (standings.ok()) *response = *std::move(standings);
    status = standings.status();
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::ExportTournament(
    grpc::CallbackServerContext* context,
    const v1::ExportTournamentRequest* request,
    v1::ExportTournamentResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (Refuse(context, reactor, &request->tournament(), nullptr)) return reactor;
  absl::StatusOr<v1::ExportTournamentResponse> answer =
      registry_->Export(*request);
  if (answer.ok()) *response = *std::move(answer);
  reactor->Finish(ToGrpcStatus(answer.status()));
  return reactor;
}

}  // namespace caipan::services::tournament
