// Campaigns: sides and their members, battles as rooms, the losses one battle carries into the
// next, standings, and each member's games (docs/campaigns.md "Campaigns").
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <set>

#include "server/campaign_sides.h"
#include "server/club_call.h"
#include "server/text.h"
#include "server/tokens.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace {

constexpr std::size_t kMaxSides = 8;
constexpr int kMaxBattles = 100;
constexpr std::size_t kMaxName = 100;

// The answer a room gives on its strand, waited for on the service's thread; nullopt when the
// room does not answer (closed after an internal error) within a few seconds.
template <class T>
std::optional<T> wait_for(const std::function<void(std::function<void(T)>)>& ask) {
  auto promise = std::make_shared<std::promise<T>>();
  auto future = promise->get_future();
  ask([promise](T value) { promise->set_value(std::move(value)); });
  if (future.wait_for(std::chrono::seconds(5)) != std::future_status::ready) return std::nullopt;
  try {
    return future.get();
  } catch (const std::future_error&) {
    return std::nullopt;
  }
}

pb::CampaignSide* side_of(pb::Campaign& c, const std::string& id) {
  for (auto& s : *c.mutable_sides()) {
    if (s.id() == id) return &s;
  }
  return nullptr;
}





// A campaign's standings from its battles that are over: a win and a draw score the campaign's
// points, a loss none; each member scores what their side scored.
void add_standings(pb::Campaign& c, const std::vector<MemberRow>& members) {
  std::map<std::string, pb::Standing> sides;
  for (const auto& s : c.sides()) {
    auto& st = sides[s.id()];
    st.set_id(s.id());
    st.set_name(s.name());
  }
  for (const auto& b : c.battles()) {
    if (b.status() != "over") continue;
    for (const auto& bs : b.sides()) {
      auto it = sides.find(bs.campaign_side());
      if (it == sides.end()) continue;
      pb::Standing& st = it->second;
      st.set_played(st.played() + 1);
      if (b.winner().empty()) {
        st.set_drawn(st.drawn() + 1);
        st.set_points(st.points() + c.draw_points());
      } else if (b.winner() == bs.campaign_side()) {
        st.set_won(st.won() + 1);
        st.set_points(st.points() + c.win_points());
      } else {
        st.set_lost(st.lost() + 1);
      }
    }
  }
  std::vector<pb::Standing> ordered;
  for (auto& [id, st] : sides) ordered.push_back(st);
  const auto better = [](const pb::Standing& a, const pb::Standing& b) {
    if (a.points() != b.points()) return a.points() > b.points();
    if (a.won() != b.won()) return a.won() > b.won();
    return a.name() < b.name();
  };
  std::stable_sort(ordered.begin(), ordered.end(), better);
  for (auto& st : ordered) *c.add_sides_standing() = st;
  std::vector<pb::Standing> people;
  for (const auto& m : members) {
    const std::string side = member_side(c, m.id);
    if (side.empty()) continue;
    pb::Standing st = sides[side];
    st.set_id(m.id);
    st.set_name(m.name);
    people.push_back(st);
  }
  std::stable_sort(people.begin(), people.end(), better);
  for (auto& st : people) *c.add_members_standing() = st;
}

}  // namespace

pb::Campaign ClubService::with_standings(pb::Campaign c, const std::vector<MemberRow>& members) {
  for (auto& b : *c.mutable_battles()) {
    b.clear_waiting_for();
    b.clear_winner();
    if (b.room_id().empty()) {
      b.set_status("planned");
      continue;
    }
    auto room = rooms_.find(b.room_id());
    const auto status = room ? wait_for<RoomStatus>([&](auto done) { room->status(std::move(done)); }) : std::nullopt;
    if (!status) {
      b.set_status("unavailable");
      continue;
    }
    b.set_status(status->over ? "over" : "playing");
    b.set_turn(status->turn);
    if (status->over) b.set_winner(campaign_side_of(b, status->winner));
    for (const auto& w : status->waiting) b.add_waiting_for(campaign_side_of(b, w));
  }
  add_standings(c, members);
  return c;
}

ClubResponse ClubService::campaign(Call& call) {
  std::string club_id;
  auto c = call.store.campaign(call.query("id"), &club_id);
  if (!c || club_id != call.member->club_id) return club_error(404, "NO_SUCH_CAMPAIGN", "This club has no such campaign.");
  return club_reply(with_standings(std::move(*c), call.store.members(club_id)));
}

ClubResponse ClubService::dashboard(Call& call) {
  const MemberRow& me = *call.member;
  pb::Dashboard out;
  *out.mutable_club() = me.gm ? *call.store.club(me.club_id) : public_club(*call.store.club(me.club_id));
  *out.mutable_me() = club_member_message(me);
  const auto members = call.store.members(me.club_id);
  for (const auto& m : members) *out.add_members() = club_member_message(m);
  for (auto& stored : call.store.campaigns(me.club_id)) {
    pb::Campaign c = with_standings(std::move(stored), members);
    const std::string mine = member_side(c, me.id);
    std::map<std::string, std::string> side_names;
    for (const auto& s : c.sides()) side_names[s.id()] = s.name();
    for (const auto& b : c.battles()) {
      if (b.room_id().empty()) continue;
      const bool plays = !mine.empty() && !scenario_side_of(b, mine).empty();
      if (!plays && !me.gm) continue;
      pb::MyGame* g = out.add_games();
      g->set_campaign_id(c.id());
      g->set_campaign_name(c.name());
      g->set_battle_id(b.id());
      g->set_battle_name(b.name());
      g->set_room_id(b.room_id());
      g->set_side(plays ? mine : "gm");
      g->set_status(b.status());
      g->set_turn(b.turn());
      for (const auto& w : b.waiting_for()) {
        g->add_waiting_for(side_names[w]);
        if (plays && w == mine) g->set_your_turn(true);
      }
    }
    *out.add_campaigns() = std::move(c);
  }
  return club_reply(out);
}

ClubResponse ClubService::create_campaign(Call& call) {
  pb::CreateCampaign req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a new campaign.");
  const std::string name = clean_name(req.name(), kMaxName);
  if (name.empty()) return club_error(400, "BAD_NAME", "Give the campaign a name.");
  if (!rooms_.registry().find(req.ruleset())) {
    return club_error(400, "UNKNOWN_RULESET", "This server has no rule set '" + req.ruleset() + "'.");
  }
  if (req.side_names_size() < 2 || static_cast<std::size_t>(req.side_names_size()) > kMaxSides) {
    return club_error(400, "BAD_SIDES", "A campaign has 2 to 8 sides.");
  }
  if (req.win_points() < 0 || req.draw_points() < 0 || req.win_points() > 100 || req.draw_points() > 100) {
    return club_error(400, "BAD_POINTS", "Points for a win or a draw are 0 to 100.");
  }
  pb::Campaign c;
  c.set_id(random_hex(8));
  c.set_name(name);
  c.set_ruleset(req.ruleset());
  c.set_win_points(req.win_points() == 0 && req.draw_points() == 0 ? 3 : req.win_points());
  c.set_draw_points(req.win_points() == 0 && req.draw_points() == 0 ? 1 : req.draw_points());
  std::set<std::string> seen;
  for (int i = 0; i < req.side_names_size(); ++i) {
    const std::string side = clean_name(req.side_names(i), kMaxName);
    if (side.empty()) return club_error(400, "BAD_SIDES", "Give every side a name.");
    if (!seen.insert(side).second) return club_error(400, "BAD_SIDES", "Two sides are called " + side + ".");
    auto* s = c.add_sides();
    s->set_id("side-" + std::to_string(i + 1));
    s->set_name(side);
  }
  call.store.put_campaign(call.member->club_id, c, unix_ms());
  spdlog::info("club={} campaign={} created", call.member->club_id, c.id());
  return club_reply(with_standings(std::move(c), call.store.members(call.member->club_id)));
}

ClubResponse ClubService::assign(Call& call) {
  pb::AssignMember req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a side for a member.");
  std::string club_id;
  auto c = call.store.campaign(req.campaign_id(), &club_id);
  if (!c || club_id != call.member->club_id) return club_error(404, "NO_SUCH_CAMPAIGN", "This club has no such campaign.");
  const auto m = call.store.member(req.member_id());
  if (!m || m->club_id != club_id) return club_error(404, "NO_SUCH_MEMBER", "There is no such member in this club.");
  if (!req.side().empty() && !side_of(*c, req.side())) return club_error(400, "NO_SUCH_SIDE", "The campaign has no such side.");
  for (auto& s : *c->mutable_sides()) {
    auto* ids = s.mutable_member_ids();
    ids->erase(std::remove(ids->begin(), ids->end(), m->id), ids->end());
  }
  const std::string was = member_side(*c, m->id);
  if (!req.side().empty()) side_of(*c, req.side())->add_member_ids(m->id);
  call.store.put_campaign(club_id, *c, unix_ms());
  // A member who changes sides keeps no seat of the old one: the links the club gave them for
  // its battles stop working (the dashboard gives the new side's).
  if (was != req.side()) {
    for (const auto& b : c->battles()) {
      const auto hash = call.store.battle_seat(b.id(), m->id);
      auto room = b.room_id().empty() || !hash || hash->empty() ? nullptr : rooms_.find(b.room_id());
      if (!room) continue;
      const auto retired = wait_for<bool>([&](auto done) { room->retire_link(*hash, std::move(done)); });
      if (retired && *retired) call.store.set_battle_seat(b.id(), m->id, "");
    }
  }
  return club_reply(with_standings(std::move(*c), call.store.members(club_id)));
}

ClubResponse ClubService::add_battle(Call& call) {
  pb::AddBattle req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a new battle.");
  std::string club_id;
  auto c = call.store.campaign(req.campaign_id(), &club_id);
  if (!c || club_id != call.member->club_id) return club_error(404, "NO_SUCH_CAMPAIGN", "This club has no such campaign.");
  if (c->battles_size() >= kMaxBattles) return club_error(409, "CAMPAIGN_FULL", "A campaign has at most 100 battles.");
  const pb::Scenario* scenario = rooms_.builtin(req.scenario_id());
  if (!scenario) return club_error(400, "UNKNOWN_SCENARIO", "There is no built-in scenario '" + req.scenario_id() + "'.");
  if (scenario->ruleset() != c->ruleset()) {
    return club_error(400, "OTHER_RULESET", scenario->name() + " is not a scenario of this campaign's rule set.");
  }
  if (!req.follows().empty() && !battle_in(*c, req.follows())) {
    return club_error(400, "NO_SUCH_BATTLE", "The battle it follows is not one of this campaign's.");
  }
  pb::Battle b;
  b.set_id(random_hex(8));
  b.set_name(clean_name(req.name(), kMaxName).empty() ? scenario->name() : clean_name(req.name(), kMaxName));
  b.set_scenario_id(scenario->id());
  b.set_scenario_name(scenario->name());
  b.set_follows(req.follows());
  if (req.sides_size() == 0) {
    if (scenario->sides_size() > c->sides_size()) {
      return club_error(400, "BAD_SIDES", scenario->name() + " has more sides than the campaign.");
    }
    for (int i = 0; i < scenario->sides_size(); ++i) {
      auto* s = b.add_sides();
      s->set_scenario_side(scenario->sides(i).id());
      s->set_campaign_side(c->sides(i).id());
    }
  } else {
    std::set<std::string> scenario_sides, campaign_sides;
    for (const auto& s : req.sides()) {
      const bool known = std::any_of(scenario->sides().begin(), scenario->sides().end(),
                                     [&](const auto& x) { return x.id() == s.scenario_side(); });
      if (!known || !side_of(*c, s.campaign_side())) {
        return club_error(400, "BAD_SIDES", "Each scenario side must be played by one of the campaign's sides.");
      }
      if (!scenario_sides.insert(s.scenario_side()).second || !campaign_sides.insert(s.campaign_side()).second) {
        return club_error(400, "BAD_SIDES", "A side can play only once in a battle.");
      }
      *b.add_sides() = s;
    }
    if (static_cast<int>(scenario_sides.size()) != scenario->sides_size()) {
      return club_error(400, "BAD_SIDES", "Say which campaign side plays each of the scenario's sides.");
    }
  }
  b.set_status("planned");
  *c->add_battles() = b;
  call.store.put_campaign(club_id, *c, unix_ms());
  return club_reply(with_standings(std::move(*c), call.store.members(club_id)));
}

ClubResponse ClubService::open_battle(Call& call) {
  pb::OpenBattle req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a battle to open.");
  const std::string club_id = call.member->club_id;
  const auto members = call.store.members(club_id);
  for (auto& stored : call.store.campaigns(club_id)) {
    const pb::Battle* found = battle_in(stored, req.battle_id());
    if (!found) continue;
    pb::Campaign c = with_standings(stored, members);
    const pb::Battle& b = *battle_in(c, req.battle_id());
    if (!b.room_id().empty()) return club_error(409, "BATTLE_OPEN", b.name() + " has its room already.");
    std::shared_ptr<Room> before;
    std::map<std::string, std::string> carried_sides;  // the battle before's side -> this one's
    std::string reason;
    if (!b.follows().empty()) {
      const pb::Battle* prev = battle_in(c, b.follows());
      if (!prev || prev->status() != "over") {
        return club_error(409, "PREVIOUS_NOT_OVER",
                          "Finish " + (prev ? prev->name() : std::string("the battle before")) + " first: " + b.name() +
                              " starts with what it leaves.");
      }
      before = rooms_.find(prev->room_id());
      if (!before) return club_error(409, "PREVIOUS_NOT_OVER", "The room of " + prev->name() + " is not available.");
      for (const auto& s : prev->sides()) {
        const std::string here = scenario_side_of(b, s.campaign_side());
        if (!here.empty()) carried_sides[s.scenario_side()] = here;
      }
      reason = "Campaign \"" + c.name() + "\": what \"" + prev->name() + "\" left";
    }
    std::vector<CarriedUnit> carried;
    const auto prepare = [&](Game& next) -> std::vector<CarriedOrder> {
      if (!before) return {};
      auto got = wait_for<CarryOver>([&](auto done) {
        before->with_game([&next, &carried_sides, &reason, done](const Game& finished) {
          done(carry_over(finished, next, carried_sides, reason));
        });
      });
      if (!got) throw std::runtime_error("the battle before did not answer");
      carried = got->units;
      return std::move(got->orders);
    };
    const std::string origin = "campaign:" + c.id() + ":" + b.id();
    const auto created = wait_for<pb::Envelope>([&](auto done) {
      rooms_.create_battle(b.scenario_id(), c.name() + ": " + b.name(), origin, prepare, std::move(done));
    });
    if (!created) return club_error(500, "STORAGE_ERROR", "The battle's room could not be made just now; try again.");
    if (created->has_error()) return club_error(400, created->error().code(), created->error().message());
    // The stored campaign, with this battle's room and what it carried.
    for (auto& sb : *stored.mutable_battles()) {
      if (sb.id() != b.id()) continue;
      sb.set_room_id(created->room_created().room_id());
      sb.clear_carried();
      for (const auto& u : carried) {
        auto* cu = sb.add_carried();
        cu->set_unit_id(u.unit_id);
        cu->set_name(u.name);
        cu->set_side(u.side);
        cu->set_before(u.before);
        cu->set_after(u.refused.empty() ? u.after : u.before);
        cu->set_removed(u.removed && u.refused.empty());
      }
    }
    call.store.put_campaign(club_id, stored, unix_ms());
    if (const pb::Battle* opened = battle_in(stored, b.id())) watch(club_id, c.id(), *opened);
    spdlog::info("club={} campaign={} battle={} opened as room={}", club_id, c.id(), b.id(), created->room_created().room_id());
    return club_reply(with_standings(std::move(stored), members));
  }
  return club_error(404, "NO_SUCH_BATTLE", "This club has no such battle.");
}

ClubResponse ClubService::join_battle(Call& call) {
  pb::JoinBattle req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a battle to join.");
  const MemberRow& me = *call.member;
  for (const auto& c : call.store.campaigns(me.club_id)) {
    const pb::Battle* b = battle_in(c, req.battle_id());
    if (!b) continue;
    if (b->room_id().empty()) return club_error(409, "BATTLE_NOT_OPEN", b->name() + " has not begun: the GM opens it.");
    auto room = rooms_.find(b->room_id());
    if (!room) return club_error(409, "ROOM_UNAVAILABLE", "The room of " + b->name() + " is not available just now.");
    std::string seat = me.gm ? "gm" : scenario_side_of(*b, member_side(c, me.id));
    if (seat.empty()) seat = "spectator";  // a member who does not fight this battle watches it
    const auto replaced = call.store.battle_seat(b->id(), me.id).value_or("");
    struct Issued {
      std::string token, error;
    };
    const auto issued = wait_for<Issued>([&](auto done) {
      room->issue_link(seat, replaced, [done](const std::string& token, const std::string& error) { done(Issued{token, error}); });
    });
    if (!issued || issued->token.empty()) {
      return club_error(500, "STORAGE_ERROR", issued ? issued->error : "The room did not answer; try again.");
    }
    call.store.set_battle_seat(b->id(), me.id, token_hash(issued->token));
    pb::BattleSeat out;
    out.set_battle_id(b->id());
    out.set_room_id(b->room_id());
    out.set_seat(seat);
    out.set_url(rooms_.base_url() + "/?room=" + b->room_id() + "&token=" + issued->token);
    return club_reply(out);
  }
  return club_error(404, "NO_SUCH_BATTLE", "This club has no such battle.");
}

}  // namespace sandtable::server
