// Fuzz target for the tournament's state changes: the input is a sequence of
// requests (a tag byte, a two-byte length, then that many bytes parsed as the
// tagged request message: create, add players, set a player's status, record
// a result, pair the next round, standings, exports) applied to one stored
// tournament as the service applies them. After every step the state must
// stay consistent: both players of every game name each other with matching
// results, and its TRF export reads back.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "caipan/v1/tournament_service.pb.h"
#include "engine/tournament/entry_csv.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/trf.h"
#include "services/tournament/tournament_export.h"
#include "services/tournament/tournament_state.h"

namespace ts = ::caipan::services::tournament;
namespace tn = ::caipan::tournament;
namespace v1 = ::caipan::v1;

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "tournament_request_fuzz: %s: %s\n", what,
               detail.c_str());
  std::abort();
}

void CheckConsistent(const v1::StoredTournament& state) {
  const tn::Event event = ts::ToEngineEvent(state);
  if (absl::Status s = tn::CheckResults(event, state.rounds_size()); !s.ok())
    Fail("inconsistent results", std::string(s.message()));
  const std::string trf = ts::ExportTrf(state);
  if (absl::StatusOr<tn::TrfDocument> again = tn::ParseTrfDocument(trf);
      !again.ok())
    Fail("export does not read back", std::string(again.status().message()));
  if (state.tournament().players_size() > 0) {
    absl::StatusOr<std::vector<tn::Player>> csv =
        tn::ParseEntryCsv(ts::ExportCsv(state));
    if (!csv.ok())
      Fail("CSV does not read back", std::string(csv.status().message()));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  v1::StoredTournament state;
  bool created = false;
  size_t at = 0;
  int steps = 0;
  while (at + 3 <= size && steps++ < 64) {
    const uint8_t tag = data[at] % 7;
    const size_t length = data[at + 1] | (size_t{data[at + 2]} << 8);
    at += 3;
    const size_t take = std::min(length, size - at);
    const std::string bytes(reinterpret_cast<const char*>(data + at), take);
    at += take;
    switch (tag) {
      case 0: {
        v1::CreateTournamentRequest request;
        if (!request.ParseFromString(bytes)) break;
        absl::StatusOr<v1::StoredTournament> made =
            ts::NewTournament(request, "tournaments/fuzz", 0);
        if (made.ok()) {
          state = *std::move(made);
          created = true;
        }
        break;
      }
      case 1: {
        v1::AddPlayersRequest request;
        if (created && request.ParseFromString(bytes))
          (void)ts::AddPlayers(request, &state);
        break;
      }
      case 2: {
        v1::SetPlayerStatusRequest request;
        if (created && request.ParseFromString(bytes))
          (void)ts::SetPlayerStatus(request, &state);
        break;
      }
      case 3: {
        v1::RecordResultRequest request;
        if (created && request.ParseFromString(bytes))
          (void)ts::RecordResult(request, 1, &state);
        break;
      }
      case 4: {
        if (!created || state.tournament().players_size() > 64) break;
        const int round = state.rounds_size() + 1;
        absl::StatusOr<std::vector<tn::Pairing>> pairings =
            ts::PairNextRound(state, round);
        if (pairings.ok())
          ts::AddRound(ts::NewRound(state, round, *pairings), &state);
        break;
      }
      case 5: {
        if (!created) break;
        const int after = bytes.empty() ? 0 : static_cast<uint8_t>(bytes[0]);
        (void)ts::ComputeStandings(state, after,
                                   bytes.size() > 1 ? bytes.substr(1) : "");
        break;
      }
      case 6: {
        if (!created || state.rounds_size() == 0) break;
        (void)ts::ExportPgnRound(state, state.rounds_size(), {});
        break;
      }
    }
    if (created) CheckConsistent(state);
  }
  return 0;
}
