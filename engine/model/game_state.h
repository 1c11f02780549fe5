#pragma once
// The part of a game's state every rule set shares. Rule sets derive their own plain C++
// state from it (see StateBase for the clone boilerplate).
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/rng.h"
#include <optional>

#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/common.pb.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

struct GameState {
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
  // Becomes a copy of `other`, a state of the same rule set (a rewind puts an earlier state
  // back in place).
  virtual void assign_from(const GameState& other) = 0;

  // Shared, never changed after start: copying a state (once per command) must stay cheap.
  std::shared_ptr<const pb::Scenario> scenario;
  std::vector<std::string> sides;  // side ids in scenario order; also the players' seats
  Pcg32 rng;                       // advanced only by applying events (Event.rng_draws)
  std::uint64_t seed = 0;          // never put in a view; revealed by GameEnded
  std::string seed_hash;           // the published commitment (of the secret, scheme 2)
  std::uint64_t deck_seed = 0;     // the card decks' generators start from it (with their stream)
  // Scheme "sandtable-dice/2" (engine/model/dice_mix.h); dice_scheme is empty for the older
  // games of the 64-bit seed, whose dice were never waited for.
  std::string dice_scheme;
  std::string secret;                           // 32 bytes, revealed like the seed
  std::vector<std::string> entropy_from;        // sides the first roll waits for
  std::vector<std::pair<std::string, std::string>> entropy;  // (seat, bytes) as added
  bool dice_sealed = true;                      // false until the mix is final (DiceSealed)
  std::string mix_commitment;
  std::string begun_by;
  bool secret_shown = false;                    // the GM asked to see the secret (SecretShown)
  bool table_dice = false;
  std::uint64_t seq = 0;           // seq of the last applied event
  bool paused = false;
  std::string pause_reason;
  bool over = false;
  bool revealed = false;           // GameRevealed: every replay shows the whole game
  std::string winner;
  std::string end_reason;
  std::vector<pb::Decision> decisions;  // pending, oldest first
  std::uint32_t next_decision_id = 1;
  std::vector<int> gm_dice;             // the next dice the GM set (GmSetDice), used before any other
  std::vector<std::string> bot_seats;  // sides the server's bot plays (GmSeatBot), in the order set
  std::vector<pb::RulingRequest> rulings;  // asked of the GM and not yet given, oldest first
  std::uint32_t next_ruling_id = 1;
  // Table-dice rooms: an order waiting for the table's dice, and the sides trusted to enter the
  // dice of their own orders (docs/engine.md "Table dice").
  std::optional<pb::DiceRequest> dice_request;
  pb::Command dice_order;
  std::vector<std::string> dice_trusted;
  pb::SpectatorSetting spectators;  // what spectators see (docs/engine.md "Spectators")
  // A "what if" branch of another game (GameStarted.branch): its table came from that game, so
  // the rule set's opening never runs, and the decks are drawn again when its dice are sealed.
  bool branched = false;

  bool is_side(const std::string& seat) const;
  // Sides the first roll still waits for: named in entropy_from, not played by the bot, and
  // whose entropy is not yet in (empty once sealed).
  std::vector<std::string> entropy_awaited() const;
  bool bot_plays(const std::string& side) const;
  const pb::Decision* decision(std::uint32_t id) const;
};

template <class Derived>
struct StateBase : GameState {
  std::unique_ptr<GameState> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  void assign_from(const GameState& other) override {
    static_cast<Derived&>(*this) = static_cast<const Derived&>(other);
  }
};

}  // namespace sandtable

namespace sandtable {
namespace v1 { class Event; }
// The effect of an event on the shared part of the state (sequence, generator, decisions,
// pause, end). Called before the rule set applies its own part.
void apply_shared_event(GameState& state, const ::sandtable::v1::Event& event);
}  // namespace sandtable
