// Game::save and Game::load: a game's whole state as a sandtable.v1.GameSnapshot
// (proto/sandtable/v1/snapshot.proto) and back. The shared part (GameState's own fields) is
// written here; the rule set writes its own part (RuleSet::save_state / load_state). The
// scenario is not saved: it comes from the game's GameStarted event when loading.
#include <algorithm>

#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/registry.h"
#include "engine/model/rng_save.h"

namespace sandtable {

pb::GameSnapshot Game::save() const { return snapshot_of(rules_, *state_); }

pb::GameSnapshot snapshot_of(const RuleSet& rules, const GameState& st) {
  pb::GameSnapshot s;
  s.set_ruleset(std::string(rules.id()));
  s.set_rules_version(std::string(rules.version()));
  s.set_seq(st.seq);
  save_rng(st.rng, s.mutable_rng());
  s.set_seed(st.seed);
  s.set_seed_hash(st.seed_hash);
  s.set_table_dice(st.table_dice);
  s.set_paused(st.paused);
  s.set_pause_reason(st.pause_reason);
  s.set_over(st.over);
  s.set_winner(st.winner);
  s.set_end_reason(st.end_reason);
  s.set_revealed(st.revealed);
  for (const auto& d : st.decisions) *s.add_decisions() = d;
  s.set_next_decision_id(st.next_decision_id);
  for (int d : st.gm_dice) s.add_gm_dice(d);
  for (const auto& b : st.bot_seats) s.add_bot_seats(b);
  for (const auto& r : st.rulings) *s.add_rulings() = r;
  if (st.dice_request) {
    *s.mutable_dice_request() = *st.dice_request;
    *s.mutable_dice_order() = st.dice_order;
  }
  for (const auto& t : st.dice_trusted) s.add_dice_trusted(t);
  *s.mutable_spectators() = st.spectators;
  if (!st.dice_scheme.empty()) {
    auto* m = s.mutable_dice_mix();
    m->set_scheme(st.dice_scheme);
    m->set_secret(st.secret);
    for (const auto& [seat, bytes] : st.entropy) {
      m->add_entropy_seats(seat);
      m->add_entropy(bytes);
    }
    for (const auto& side : st.entropy_from) m->add_entropy_from(side);
    m->set_sealed(st.dice_sealed);
    m->set_mix_commitment(st.mix_commitment);
    m->set_secret_shown(st.secret_shown);
    m->set_begun_by(st.begun_by);
  }
  s.set_next_ruling_id(st.next_ruling_id);
  for (const auto& side : st.sides) s.add_sides(side);
  s.set_state(rules.save_state(st));
  return s;
}

std::unique_ptr<Game> Game::load(const Registry& registry, const pb::Event& game_started,
                                 const pb::GameSnapshot& snapshot, std::string* error) {
  const auto fail = [&](const std::string& why) -> std::unique_ptr<Game> {
    if (error) *error = "the snapshot at event " + std::to_string(snapshot.seq()) + " cannot be loaded: " + why;
    return nullptr;
  };
  if (!game_started.has_game_started() || game_started.seq() != 1) {
    return fail("it must be loaded with the game's first event, GameStarted");
  }
  const auto& started = game_started.game_started();
  if (snapshot.ruleset() != started.ruleset()) {
    return fail("it was saved by the rule set '" + snapshot.ruleset() + "' but the game is played under '" +
                started.ruleset() + "'");
  }
  const RuleSet* rules = registry.find(started.ruleset());
  if (!rules) return fail("this server has no rule set '" + started.ruleset() + "'");
  if (snapshot.rules_version() != rules->version()) {
    return fail("it was saved under " + std::string(rules->title()) + " rules version '" + snapshot.rules_version() +
                "' and this server has version '" + std::string(rules->version()) + "', which might go on differently");
  }
  if (!started.rules_version().empty() && started.rules_version() != rules->version()) {
    return fail("the game was played under rules version '" + started.rules_version() + "' and this server has '" +
                std::string(rules->version()) + "'");
  }
  if (auto problem = validate_scenario(*rules, started.scenario())) return fail("the game's scenario: " + *problem);
  if (snapshot.seq() < 1) return fail("it has no sequence number");
  // Written last and never 0 by this version: without it the bytes were cut short, or come from a
  // version before rulings (the log is replayed instead).
  if (snapshot.next_ruling_id() < 1) return fail("it has no ruling counter (cut short, or from an older version)");
  if (snapshot.seed() != started.seed() || snapshot.seed_hash() != started.seed_hash() ||
      snapshot.table_dice() != started.table_dice() || snapshot.dice_mix().scheme() != started.dice_scheme() ||
      snapshot.dice_mix().secret() != started.secret()) {
    return fail("its seed or dice mode is not this game's (it belongs to another game)");
  }
  const auto& scenario_sides = started.scenario().sides();
  if (snapshot.sides_size() != scenario_sides.size() ||
      !std::equal(snapshot.sides().begin(), snapshot.sides().end(), scenario_sides.begin(),
                  [](const std::string& a, const pb::SideSetup& b) { return a == b.id(); })) {
    return fail("its sides are not the scenario's (it belongs to another game)");
  }
  const auto rng = load_rng(snapshot.rng());
  if (!rng) return fail("its generator state is not a PCG32 state");
  std::string why;
  auto state = rules->load_state(started.scenario(), snapshot.state(), &why);
  if (!state) return fail(why.empty() ? "the rule set could not read its state" : why);

  state->scenario = std::make_shared<const pb::Scenario>(started.scenario());
  state->rng = *rng;
  read_shared(snapshot, *state);
  state->branched = started.has_branch();
  return std::unique_ptr<Game>(new Game(*rules, std::move(state)));
}

void read_shared(const pb::GameSnapshot& snapshot, GameState& state) {
  state.sides.assign(snapshot.sides().begin(), snapshot.sides().end());
  state.seed = snapshot.seed();
  state.seed_hash = snapshot.seed_hash();
  state.table_dice = snapshot.table_dice();
  state.seq = snapshot.seq();
  state.paused = snapshot.paused();
  state.pause_reason = snapshot.pause_reason();
  state.over = snapshot.over();
  state.winner = snapshot.winner();
  state.end_reason = snapshot.end_reason();
  state.revealed = snapshot.revealed();
  state.decisions.assign(snapshot.decisions().begin(), snapshot.decisions().end());
  state.next_decision_id = snapshot.next_decision_id();
  state.gm_dice.assign(snapshot.gm_dice().begin(), snapshot.gm_dice().end());
  state.bot_seats.assign(snapshot.bot_seats().begin(), snapshot.bot_seats().end());
  state.rulings.assign(snapshot.rulings().begin(), snapshot.rulings().end());
  state.next_ruling_id = snapshot.next_ruling_id();
  if (snapshot.has_dice_request()) {
    state.dice_request = snapshot.dice_request();
    state.dice_order = snapshot.dice_order();
  }
  state.dice_trusted.assign(snapshot.dice_trusted().begin(), snapshot.dice_trusted().end());
  const auto& m = snapshot.dice_mix();
  state.dice_scheme = m.scheme();
  state.deck_seed = snapshot.seed();
  if (!m.scheme().empty()) {
    state.secret = m.secret();
    state.entropy.clear();
    for (int i = 0; i < m.entropy_seats_size() && i < m.entropy_size(); ++i) {
      state.entropy.emplace_back(m.entropy_seats(i), m.entropy(i));
    }
    state.entropy_from.assign(m.entropy_from().begin(), m.entropy_from().end());
    state.dice_sealed = m.sealed();
    state.mix_commitment = m.mix_commitment();
    state.secret_shown = m.secret_shown();
    state.begun_by = m.begun_by();
    state.deck_seed = m.sealed() ? deck_seed_of(dice_mix(state.secret, state.entropy)) : 0;
  }
  state.spectators = snapshot.spectators();
}

}  // namespace sandtable
