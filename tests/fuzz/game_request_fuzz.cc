// Fuzz target for the live-game request handlers: the input is a sequence of
// requests (a tag byte, a length byte, then that many bytes parsed as the
// tagged request message) played against one server-side game registry on
// the in-memory store and a manual clock. The first request creates the game;
// later ones are aimed at it, with the name and a player's or the arbiter's
// token filled in when the input asks for it. Every request must be answered
// exactly once, and the game's committed events must stay contiguous.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/synchronization/notification.h"
#include "services/game/game_registry.h"
#include "services/game/time_source.h"
#include "store/game_store.h"

namespace game = ::caipan::services::game;
namespace v1 = ::caipan::v1;

namespace {

constexpr char kArbiterToken[] = "fuzz-arbiter-token-0123456789";

struct World {
  World()
      : store(caipan::store::NewMemoryStore()),
        arbiters(std::vector<std::string>{kArbiterToken}) {
    context.store = store.get();
    context.time = &time;
    context.arbiters = &arbiters;
    context.max_events = 64;
    context.max_plies = 64;
    registry =
        std::make_unique<game::GameRegistry>(context, 8, std::string(32, 'k'));
  }
  ~World() {
    registry->Shutdown();
    store->Close();
  }
  std::unique_ptr<caipan::store::GameStore> store;
  game::ManualTimeSource time;
  caipan::rpc::TokenAuthenticator arbiters;
  game::GameContext context;
  std::unique_ptr<game::GameRegistry> registry;
};

// Waits for an operation's answer (the store answers on its own thread).
class Answer {
 public:
  game::Done done() {
    return [this](absl::Status s) {
      status_ = s;
      ready_.Notify();
    };
  }
  absl::Status Wait() {
    ready_.WaitForNotification();
    return status_;
  }

 private:
  absl::Notification ready_;
  absl::Status status_;
};

template <typename Request>
void Aim(uint8_t flags, const std::string& name,
         const v1::CreateGameResponse& created, Request* request) {
  if (flags & 1) request->set_name(name);
  if constexpr (requires { request->token(); }) {
    switch ((flags >> 1) & 3) {
      case 1:
        if (created.tokens_size() > 0)
          request->set_token(created.tokens(0).token());
        break;
      case 2:
        if (created.tokens_size() > 1)
          request->set_token(created.tokens(1).token());
        break;
      case 3:
        request->set_token(kArbiterToken);
        break;
      default:
        break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  World world;
  v1::CreateGameResponse created;
  std::string name;
  size_t i = 0;
  while (i + 2 <= size) {
    const uint8_t tag = data[i];
    const size_t length = data[i + 1];
    i += 2;
    const std::string body(reinterpret_cast<const char*>(data) + i,
                           std::min(length, size - i));
    i += body.size();
    const uint8_t flags = tag >> 4;
    if (name.empty()) {
      v1::CreateGameRequest request;
      if (!request.ParseFromString(body)) continue;
      Answer answer;
      world.registry->Create(request, game::Creator{"fuzz", "fuzz"}, &created,
                             answer.done());
      if (answer.Wait().ok()) name = created.game().name();
      continue;
    }
    if ((tag & 15) == 15) {
      world.time.Advance(static_cast<int64_t>(length) * 1000);
      continue;
    }
    auto found = world.registry->Find(flags & 1 ? name : body);
    if (!found.ok()) continue;
    game::LiveGame& g = **found;
    Answer answer;
    auto run = [&](auto request, auto* response, auto method) {
      if (!request.ParseFromString(body)) return false;
      Aim(flags, name, created, &request);
      (g.*method)(request, response, answer.done());
      return true;
    };
    v1::Game game_response;
    v1::SubmitMoveResponse move_response;
    v1::ClaimDrawResponse claim_response;
    bool sent = false;
    switch ((tag & 15) % 13) {
      case 0:
        sent = run(v1::SubmitMoveRequest(), &move_response,
                   &game::LiveGame::SubmitMove);
        break;
      case 1:
        sent =
            run(v1::ResignRequest(), &game_response, &game::LiveGame::Resign);
        break;
      case 2:
        sent = run(v1::OfferDrawRequest(), &game_response,
                   &game::LiveGame::OfferDraw);
        break;
      case 3:
        sent = run(v1::RespondToDrawOfferRequest(), &game_response,
                   &game::LiveGame::RespondToDrawOffer);
        break;
      case 4:
        sent = run(v1::ClaimDrawRequest(), &claim_response,
                   &game::LiveGame::ClaimDraw);
        break;
      case 5:
        sent = run(v1::RecordFoulRequest(), &game_response,
                   &game::LiveGame::RecordFoul);
        break;
      case 6:
        sent = run(v1::SetResultRequest(), &game_response,
                   &game::LiveGame::SetResult);
        break;
      case 7:
        sent = run(v1::PauseClocksRequest(), &game_response,
                   &game::LiveGame::PauseClocks);
        break;
      case 8:
        sent = run(v1::ResumeClocksRequest(), &game_response,
                   &game::LiveGame::ResumeClocks);
        break;
      case 9:
        sent = run(v1::AdjustClockRequest(), &game_response,
                   &game::LiveGame::AdjustClock);
        break;
      case 10:
        sent = run(v1::RequestTakebackRequest(), &game_response,
                   &game::LiveGame::RequestTakeback);
        break;
      case 11:
        sent = run(v1::RespondToTakebackRequest(), &game_response,
                   &game::LiveGame::RespondToTakeback);
        break;
      default:
        sent = run(v1::AbortGameRequest(), &game_response,
                   &game::LiveGame::AbortGame);
        break;
    }
    // A refusal is an answer like any other here; only a crash is a finding.
    if (sent) answer.Wait().IgnoreError();
  }
  if (!name.empty()) {
    auto found = world.registry->Find(name);
    if (!found.ok()) __builtin_trap();
    bool over = false;
    const auto events = (*found)->EventsAfter(0, 1 << 20, &over);
    for (size_t k = 0; k < events.size(); ++k) {
      if (events[k].sequence() != static_cast<int64_t>(k) + 1) __builtin_trap();
    }
  }
  return 0;
}
