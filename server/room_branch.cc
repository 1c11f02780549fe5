// The GM's "what if" branch of a room (docs/fair-play.md "What-if branches"): the game as the
// replay has it after a step becomes the start of a new room. Only the GM may ask, as the new
// room starts from the whole table, hidden things included; the step is checked here, on the
// room's strand, and the new room is made by Rooms::branch.
#include <spdlog/spdlog.h>

#include "engine/model/branch.h"
#include "server/room.h"

namespace sandtable::server {

namespace net = boost::asio;

void Room::branch(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::BranchRequest request,
                  std::function<void(BranchPoint)> go) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, request = std::move(request), go = std::move(go)] {
    Member* m = self->member(who.get());
    if (!m) return;
    if (m->role != pb::ROLE_GM) {
      return self->send_error(*m, request_id, "BRANCH_GM_ONLY",
                              "Only the game master can branch the game: the new room starts from the whole table, hidden units included.");
    }
    std::string error;
    Replay* r = self->replay_of(*m, &error);
    if (!r) return self->send_error(*m, request_id, "REPLAY_UNAVAILABLE", "This game's replay cannot be opened: " + error);
    if (request.step() >= r->steps()) {
      return self->send_error(*m, request_id, "BRANCH_NOT_HERE",
                              "The replay has steps 0 to " + std::to_string(r->steps() - 1) + "; there is no step " +
                                  std::to_string(request.step()) + ".");
    }
    const Game& at = r->at(request.step());
    if (auto problem = branch_problem(at)) {
      return self->send_error(*m, request_id, "BRANCH_NOT_HERE", "The game cannot be branched there: " + *problem + ".");
    }
    pb::BranchOf of;
    of.set_room_id(self->info_.id);
    of.set_room_name(self->info_.name);
    of.set_step(request.step());
    of.set_at_seq(r->last_seq(request.step()));
    of.set_source_seed_hash(self->game_->state().seed_hash);
    of.set_turn(r->turn_after(request.step()));
    BranchPoint point;
    point.scenario = *at.state().scenario;  // the game's first event's, as every state's is
    point.options = branch_options(at, std::move(of));
    point.room_name = self->info_.name;
    point.host_key_hash = self->info_.host_key_hash;
    spdlog::info("room={} seq={} the GM branches from step {}", self->info_.id, self->game_->seq(), request.step());
    go(std::move(point));
  }));
}

}  // namespace sandtable::server
