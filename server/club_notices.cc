// "Your turn" notices (docs/campaigns.md "Notices"): a campaign battle's room says when its game
// waits on a side with nobody at the table (once per side and turn, Room::on_waiting); the club's
// webhook then gets who is awaited, where and in which turn, as generic JSON or as a Discord
// message. Built on the service's thread, sent by Webhooks on its own: a room never waits.
#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include "server/campaign_sides.h"
#include "server/club_call.h"

namespace sandtable::server {

namespace {

std::string json_of(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(m, &out, options);
  return out;
}

std::string names(const google::protobuf::RepeatedPtrField<std::string>& people) {
  std::string out;
  for (int i = 0; i < people.size(); ++i) out += (i == 0 ? "" : i + 1 == people.size() ? " and " : ", ") + people[i];
  return out;
}

}  // namespace

ClubResponse ClubService::set_webhook(Call& call) {
  pb::SetWebhook req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a webhook.");
  const std::string kind = req.kind().empty() ? "json" : req.kind();
  if (kind != "json" && kind != "discord") return club_error(400, "BAD_WEBHOOK", "A webhook is of kind json or discord.");
  std::string why;
  if (!req.url().empty() && !parse_webhook_url(req.url(), &why)) return club_error(400, "BAD_WEBHOOK", why);
  call.store.set_webhook(call.member->club_id, req.url(), kind);
  const pb::Club club = *call.store.club(call.member->club_id);
  if (req.test() && !req.url().empty()) {
    pb::YourTurnNotice n;
    n.set_event("test");
    n.set_text("Sandtable: notices of " + club.name() + " come here.");
    send_notice(club, std::move(n));
  }
  return club_reply(club);
}

void ClubService::watch_rooms() {
  queue_.submit([this] {
    std::lock_guard lock(handle_mu_);
    try {
      for (const auto& [club_id, campaign] : store_->all_campaigns()) {
        for (const auto& b : campaign.battles()) {
          if (!b.room_id().empty()) watch(club_id, campaign.id(), b);
        }
      }
    } catch (const std::exception& e) {
      spdlog::error("clubs: the campaigns' rooms could not be watched: {}", e.what());
    }
  });
}

void ClubService::watch(const std::string& club_id, const std::string& campaign_id, const pb::Battle& battle) {
  auto room = rooms_.find(battle.room_id());
  if (!room) return;
  room->on_waiting([this, club_id, campaign_id, battle_id = battle.id()](const std::string& side, int turn) {
    // On the room's strand: the work goes to the service's thread.
    queue_.submit([this, club_id, campaign_id, battle_id, side, turn] {
      std::lock_guard lock(handle_mu_);
      try {
        notice(club_id, campaign_id, battle_id, side, turn);
      } catch (const std::exception& e) {
        spdlog::error("club={} a notice could not be made: {}", club_id, e.what());
      }
    });
  });
}

void ClubService::notice(const std::string& club_id, const std::string& campaign_id, const std::string& battle_id,
                         const std::string& side, int turn) {
  const auto club = store_->club(club_id);
  std::string owner;
  const auto campaign = store_->campaign(campaign_id, &owner);
  if (!club || !campaign || club->webhook_url().empty()) return;
  const pb::Battle* b = battle_in(*campaign, battle_id);
  if (!b) return;
  const std::string cside = campaign_side_of(*b, side);
  pb::YourTurnNotice n;
  n.set_event("your_turn");
  n.set_campaign_id(campaign->id());
  n.set_campaign_name(campaign->name());
  n.set_battle_id(b->id());
  n.set_battle_name(b->name());
  n.set_room_id(b->room_id());
  n.set_side_id(cside);
  n.set_turn(turn);
  for (const auto& s : campaign->sides()) {
    if (s.id() != cside) continue;
    n.set_side_name(s.name());
    for (const auto& id : s.member_ids()) {
      if (auto m = store_->member(id)) n.add_members(m->name);
    }
  }
  const std::string who = n.members().empty() ? n.side_name() : names(n.members());
  n.set_text(who + ": it is your turn in " + b->name() + " (" + campaign->name() + ")" +
             (turn > 0 ? ", turn " + std::to_string(turn) : "") + ".");
  send_notice(*club, std::move(n));
}

void ClubService::send_notice(const pb::Club& club, pb::YourTurnNotice n) {
  const std::string page = rooms_.base_url() + "/?club=" + club.id();
  n.set_url(page);
  *n.mutable_club() = public_club(club);
  if (club.webhook_kind() == "discord") {
    pb::DiscordMessage d;
    d.set_content(n.text() + " " + page);
    return webhooks_.send(club.webhook_url(), json_of(d));
  }
  webhooks_.send(club.webhook_url(), json_of(n));
}

}  // namespace sandtable::server
