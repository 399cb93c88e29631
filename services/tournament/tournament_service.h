// caipan.v1.TournamentService on gRPC's callback API: the call gate, field
// limits and names checked, then the registry answers (changes after the
// store's commit, without holding a gRPC thread meanwhile).
#ifndef CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_SERVICE_H_
#define CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_SERVICE_H_

#include <memory>

#include "caipan/v1/tournament_service.grpc.pb.h"
#include "rpc/call_gate.h"
#include "services/tournament/tournament_registry.h"

namespace caipan::services::tournament {

class TournamentService final : public v1::TournamentService::CallbackService {
 public:
  TournamentService(TournamentRegistry* registry,
                    std::shared_ptr<rpc::CallGate> gate);

  grpc::ServerUnaryReactor* CreateTournament(
      grpc::CallbackServerContext* context,
      const v1::CreateTournamentRequest* request,
      v1::Tournament* response) override;
  grpc::ServerUnaryReactor* GetTournament(
      grpc::CallbackServerContext* context,
      const v1::GetTournamentRequest* request,
      v1::Tournament* response) override;
  grpc::ServerUnaryReactor* ListTournaments(
      grpc::CallbackServerContext* context,
      const v1::ListTournamentsRequest* request,
      v1::ListTournamentsResponse* response) override;
  grpc::ServerUnaryReactor* AddPlayers(grpc::CallbackServerContext* context,
                                       const v1::AddPlayersRequest* request,
                                       v1::Tournament* response) override;
  grpc::ServerUnaryReactor* SetPlayerStatus(
      grpc::CallbackServerContext* context,
      const v1::SetPlayerStatusRequest* request,
      v1::Tournament* response) override;
  grpc::ServerUnaryReactor* StartRound(grpc::CallbackServerContext* context,
                                       const v1::StartRoundRequest* request,
                                       v1::Round* response) override;
  grpc::ServerUnaryReactor* PairRound(grpc::CallbackServerContext* context,
                                      const v1::PairRoundRequest* request,
                                      v1::Round* response) override;
  grpc::ServerUnaryReactor* GetRound(grpc::CallbackServerContext* context,
                                     const v1::GetRoundRequest* request,
                                     v1::Round* response) override;
  grpc::ServerUnaryReactor* RecordResult(grpc::CallbackServerContext* context,
                                         const v1::RecordResultRequest* request,
                                         v1::Round* response) override;
  grpc::ServerUnaryReactor* GetStandings(grpc::CallbackServerContext* context,
                                         const v1::GetStandingsRequest* request,
                                         v1::Standings* response) override;
  grpc::ServerUnaryReactor* ExportTournament(
      grpc::CallbackServerContext* context,
      const v1::ExportTournamentRequest* request,
      v1::ExportTournamentResponse* response) override;

 private:
  // Admits the call and checks the tournament name (when `name` is given);
  // finishes the reactor and returns it on a refusal, else nullptr.
  grpc::ServerUnaryReactor* Refuse(grpc::CallbackServerContext* context,
                                   grpc::ServerUnaryReactor* reactor,
                                   const std::string* name,
                                   const std::string* token,
                                   const char* field = "tournament");

  // A change to a named tournament, answered by the registry.
  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Forward(
      grpc::CallbackServerContext* context, const Request& request,
      Response* response,
      void (TournamentRegistry::*change)(const Request&, Response*, Done));

  TournamentRegistry* registry_;
  std::shared_ptr<rpc::CallGate> gate_;
};

}  // namespace caipan::services::tournament

#endif  // CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_SERVICE_H_
