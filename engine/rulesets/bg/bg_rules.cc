// The Battleground rule set: dispatch of commands, answers and events to the areas.
#include "engine/rulesets/bg/bg_rules.h"

#include <algorithm>

#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_bot.h"
#include "engine/model/game_words.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_setup.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/model/rejection.h"

namespace sandtable {

namespace bg {

std::string_view Battleground::id() const { return "battleground"; }
std::string_view Battleground::title() const { return "Battleground: WWII small-unit actions (card-driven, free table)"; }
// Bump when the same scenario, seed and orders would give other events (GameStarted records it).
std::string_view Battleground::version() const { return "bg-5"; }

std::optional<std::string> Battleground::validate(const pb::Scenario& scenario) const {
  return validate_scenario(scenario);
}

std::unique_ptr<GameState> Battleground::initial(const pb::Scenario& scenario) const {
  return initial_state(scenario);
}

void Battleground::start(Context& ctx) const {
  auto& st = static_cast<BgState&>(ctx.state());
  pb::BgEvent e;
  auto* o = e.mutable_game_opened();
  o->set_axis_side(side_id(st, st.axis()));
  o->set_allied_side(side_id(st, st.allied()));
  o->set_deck_size(54);
  emit_bg(ctx, e);
  try {
    settle(ctx, st);
  } catch (const Rejected&) {
    // Table dice / physical deck: the opening rolls come with the first command.
    if (!st.table_dice) throw;
  }
}

namespace {

// Runs the order's handler (Battleground::handle has checked the seat and the names).
void dispatch(Context& ctx, BgState& st, int side, const pb::BgCommand& c) {
  // BG-ART-08 / BG-EX-12: a fire mission is resolved before the card's own action goes on.
  if (const int owing = side_owing_aim(st); owing >= 0 && c.body_case() != pb::BgCommand::kCallFire &&
                                            c.body_case() != pb::BgCommand::kPlanStrike) {
    reject("BG_FIRE_MISSION_FIRST", "BG-ART-08",
           "A fire mission waits for " + side_id(st, owing) + "'s aim points; the game goes on once it has landed.");
  }
  // BG-PRIS-01: new prisoners' guards are chosen before anything else happens.
  if (const Unit* g = guards_owed(st); g && c.body_case() != pb::BgCommand::kPrisoners && c.body_case() != pb::BgCommand::kPlanStrike) {
    reject("BG_GUARDS_FIRST", "BG-PRIS-01",
           "The guards of the prisoners in " + g->id + " are chosen first, by " + side_name(st, side_id(st, g->side)) +
               "; the game goes on once they are chosen.");
  }
  switch (c.body_case()) {
    case pb::BgCommand::kDrawCard: do_draw_card(ctx, st, side, c.draw_card()); break;
    case pb::BgCommand::kEndAction: do_end_action(ctx, st, side); break;
    case pb::BgCommand::kMove:
      if (skirmish(st)) {
        do_move(ctx, st, side, c.move());
        bgs_after_action(ctx, st, c.move().unit_id(), false, true);  // BGM-RF-03 (b), BGM-SFO-01..03
        break;
      }
      if (!rally_instead_of_move(ctx, st, side, c.move().unit_id())) do_move(ctx, st, side, c.move());  // BG-MOR-04
      break;
    case pb::BgCommand::kMount: do_mount(ctx, st, side, c.mount()); break;
    case pb::BgCommand::kDismount: do_dismount(ctx, st, side, c.dismount()); break;
    case pb::BgCommand::kCavalry: do_cavalry(ctx, st, side, c.cavalry()); break;
    case pb::BgCommand::kVehicleMove: do_vehicle_move(ctx, st, side, c.vehicle_move()); break;
    case pb::BgCommand::kShoot:
      if (skirmish(st)) {
        do_bgs_shoot(ctx, st, side, c.shoot());  // BGM-SA-01
        bgs_after_action(ctx, st, c.shoot().unit_id(), true, false);  // BGM-RF-03 (a) after its effects (RF-04)
        break;
      }
      if (auto r = check_no_execution(st, side, c.shoot())) refuse(*r);  // BG-PRIS-02
      do_shoot_order(ctx, st, side, c.shoot());
      break;
    case pb::BgCommand::kCharge:
      if (skirmish(st)) reject("BGM_ASSAULT_INSTEAD", "BGM-ASLT-01", "In the skirmish a unit closes in with moves, then assaults (Assault).");
      if (!rally_instead_of_move(ctx, st, side, c.charge().unit_id())) do_charge(ctx, st, side, c.charge());  // BG-MOR-04
      break;
    case pb::BgCommand::kFlee: do_flee(ctx, st, side, c.flee()); break;
    case pb::BgCommand::kMeleeOrder: do_melee_order(ctx, st, side, c.melee_order()); break;
    case pb::BgCommand::kMeleeFight: do_melee_fight(ctx, st, side, c.melee_fight()); break;
    case pb::BgCommand::kPrisoners: do_prisoners(ctx, st, side, c.prisoners()); break;
    case pb::BgCommand::kSurrender: do_surrender(ctx, st, side, c.surrender()); break;
    case pb::BgCommand::kHeal: do_heal(ctx, st, side, c.heal()); break;
    case pb::BgCommand::kClearMines: do_clear_mines(ctx, st, side, c.clear_mines()); break;
    case pb::BgCommand::kCallFire: do_call_fire(ctx, st, side, c.call_fire()); break;
    case pb::BgCommand::kLaySmoke: do_lay_smoke(ctx, st, side, c.lay_smoke()); break;
    case pb::BgCommand::kLaunchFlare: do_launch_flare(ctx, st, side, c.launch_flare()); break;
    case pb::BgCommand::kPlanStrike: do_plan_strike(ctx, st, side, c.plan_strike()); break;
    case pb::BgCommand::kDispute: do_dispute(ctx, st, side, c.dispute()); break;  // BG-GEN-02
    case pb::BgCommand::kUnjam:  // BGM-GEN-05
      if (skirmish(st)) {
        do_bgs_unjam(ctx, st, side, c.unjam());
        bgs_after_action(ctx, st, c.unjam().unit_id(), false, false);
      } else {
        do_unjam(ctx, st, side, c.unjam());
      }
      break;
    case pb::BgCommand::kStance:
    case pb::BgCommand::kReact:
    case pb::BgCommand::kAssault:
      if (!skirmish(st)) reject("BGM_SKIRMISH_ONLY", "GAP-BGM-GEN-01", "That order belongs to the skirmish (bg.mods = skirmish).");
      if (c.has_stance()) do_bgs_stance(ctx, st, side, c.stance());
      if (c.has_react()) do_bgs_react(ctx, st, side, c.react());
      if (c.has_assault()) do_bgs_assault(ctx, st, side, c.assault());
      // A completed action an enemy may answer (BGM-SFO-01/02); going on reaction fire is not one.
      if (c.has_stance()) bgs_after_action(ctx, st, c.stance().unit_id(), false, false);
      if (c.has_assault()) bgs_after_action(ctx, st, c.assault().unit_id(), false, false);
      break;
    case pb::BgCommand::kProceed:
      if (!needs_card(st)) {
        reject("BG_NOTHING_TO_ROLL", "BG-SEQ-01", "The game is not waiting for dice or a card; it waits for an order.");
      }
      break;
    default:
      reject("EMPTY_COMMAND", "GEN", "The Battleground order is empty.");
  }
}

}  // namespace

void Battleground::handle(Context& ctx, const pb::Command& command) const {
  auto& st = static_cast<BgState&>(ctx.state());
  if (!carries<pb::BgCommand>(command)) reject("WRONG_RULESET", "GEN", "That order is not a Battleground order.");
  const int side = st.side_index(command.seat());
  if (side < 0) reject("UNKNOWN_SEAT", "GEN", "There is no side called '" + command.seat() + "'.");
  pb::BgCommand c = payload_of<pb::BgCommand>(command);
  // BG-UNIT-09/10, BG-MINE-02, BG-ART-01: an order naming what this side may not know (what its
  // view does not show) is answered exactly as the same order naming nothing: each such name is
  // replaced by one that names nothing before any check runs, and a refusal gets the name back
  // as given (bg_unseen.cc). The GM gives no orders (Game refuses them) and would know all.
  const std::vector<StandIn> stand_ins = replace_unknown_names(st, Seer{side, false}, c);
  try {
    dispatch(ctx, st, side, c);
    settle(ctx, st);
  } catch (const Rejected& r) {
    if (stand_ins.empty()) throw;
    reject(r.rejection().code(), r.rejection().rule_id(), with_names_given(r.rejection().message(), stand_ins));
  }
}

void Battleground::answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const {
  auto& st = static_cast<BgState&>(ctx.state());
  answer_decision(ctx, st, decision, choice);
  settle(ctx, st);
}

// BG-ART-01: a scheduled strike is written down whenever its side likes; BG-GEN-02: either
// player may ask for a roll-off at any moment.
bool Battleground::any_time(const pb::Command& command) const {
  if (!carries<pb::BgCommand>(command)) return false;
  const auto body = payload_of<pb::BgCommand>(command).body_case();
  return body == pb::BgCommand::kPlanStrike || body == pb::BgCommand::kDispute;
}

int Battleground::turn_number(const GameState& state) const { return static_cast<const BgState&>(state).turn; }

std::vector<std::string> Battleground::waiting_for(const GameState& state) const {
  return waiting_seats(static_cast<const BgState&>(state));
}

std::unique_ptr<Bot> Battleground::make_bot() const { return make_bg_smart_bot(); }

bool Battleground::reveals(const pb::Event& event) const {
  if (!carries<pb::BgEvent>(event)) return false;
  const auto e = payload_of<pb::BgEvent>(event);
  return e.has_card_drawn() || e.has_artillery_card() || e.has_minefield_revealed() || e.has_revealed();
}

// A viewer's copy of GameStarted's scenario holds what its view shows at the start (Game has
// removed the other sides' secret terrain): the other side's hidden set-up units (BG-UNIT-09)
// and reinforcements (BG-UNIT-10: entry points may be secret) go, as do its scheduled strikes
// (BG-ART-01, secret until they land); a dummy minefield is a minefield to all but its owner
// (BG-MINE-02: dummies cannot be told from real ones until entered). Spectators see what no
// side hides; the GM's copy is not redacted (Game).
void Battleground::redact_scenario(pb::Scenario& scenario, const std::string& viewer) const {
  auto side_of = [&](const std::string& id) {
    for (int i = 0; i < scenario.sides_size(); ++i) {
      if (scenario.sides(i).id() == id) return i;
    }
    return -1;
  };
  const Seer seer{side_of(viewer), false};
  // The unit as it starts, as far as knows_unit asks: its side, on the table or not, hidden.
  auto known = [&](const pb::UnitSetup& u, const std::string& side, bool on_table) {
    Unit probe;
    probe.side = side_of(side);
    probe.on_table = on_table;
    probe.hidden = std::find(u.attributes().begin(), u.attributes().end(), "hidden") != u.attributes().end();
    return knows_unit(probe, seer);
  };
  for (auto& side : *scenario.mutable_sides()) {
    auto* units = side.mutable_units();
    for (int i = units->size() - 1; i >= 0; --i) {
      if (!known(units->Get(i), side.id(), true)) units->DeleteSubrange(i, 1);
    }
  }
  auto* reinforcements = scenario.mutable_reinforcements();
  for (int i = reinforcements->size() - 1; i >= 0; --i) {
    if (!known(reinforcements->Get(i).unit(), reinforcements->Get(i).side(), false)) reinforcements->DeleteSubrange(i, 1);
  }
  for (auto& t : *scenario.mutable_terrain()) {
    if (t.kind() == "dummy_minefield" && t.owner() != viewer) t.set_kind("minefield");
  }
  if (!carries<pb::BgScenario>(scenario)) return;
  pb::BgScenario extra = payload_of<pb::BgScenario>(scenario);
  auto* strikes = extra.mutable_strikes();
  for (int i = strikes->size() - 1; i >= 0; --i) {
    if (strikes->Get(i).side() != viewer) strikes->DeleteSubrange(i, 1);
  }
  scenario.mutable_extra()->PackFrom(extra);
}

}  // namespace bg

std::unique_ptr<RuleSet> make_battleground() { return std::make_unique<bg::Battleground>(); }

}  // namespace sandtable
