#pragma once
// Rookie Rules activation deck (RR-CARD-01..04, RR-CARD-06, RR-CMD-05, RR-SEQ-01): one card per
// unit in its side's colour, counts adjustable by the scenario, the whole deck turned once per
// card sequence and reshuffled before the next. A value type kept in game state; choosing
// the unit is the player's decision, this type only says who may still act and records it.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/cards.h"
#include "engine/core/rng.h"

namespace sandtable {

// One side's part of the deck: its units (one card each, RR-CARD-01) and the scenario's
// adjustment (RR-CARD-02: + for good leadership, - for poor communications).
struct ActivationSideSpec {
  std::string side;
  std::vector<std::string> units;
  int adjustment = 0;
};

// RR-CARD-04: a card either asks its side to pick a unit that has not acted, or is ignored
// because every unit of that colour has acted this sequence.
enum class ActivationEffect { kChooseUnit, kIgnored };

struct ActivationDraw {
  pb::Card card;
  int side;  // index into the specs: 0 = red cards, 1 = black cards
  ActivationEffect effect;
};

// Counts only: what a view may show (RR-CARD-06: the order is secret, drawn cards public).
struct ActivationSummary {
  int draw_pile = 0;
  int turned = 0;
  std::optional<pb::Card> last_turned;
  int sequence = 0;  // card sequences started so far
  bool operator==(const ActivationSummary& other) const;  // cards compared with same_card
};

class ActivationDeck {
 public:
  // Exactly two sides; side 0 gets red cards (hearts, diamonds), side 1 black (clubs, spades),
  // from as many packs as the counts need. Returns nullopt and sets *error to a sentence when the
  // specs are unusable (wrong number of sides, duplicate or empty unit ids, negative count).
  static std::optional<ActivationDeck> build(const std::vector<ActivationSideSpec>& sides, std::string* error);

  // Gathers every card, shuffles (Fisher-Yates on Pcg32::below) and starts a new card sequence:
  // no unit has acted yet (RR-SEQ-01 steps 3 and 5).
  void start_sequence(Pcg32& rng);
  // Shuffles the cards not yet turned this sequence (a what-if branch's fresh deck).
  void shuffle_draw_pile(Pcg32& rng);
  // The same with a physical deck shuffled at the table.
  void start_sequence_entered();

  // RR-CMD-05: a leader that spent its functions in the command phase counts as having acted.
  // Returns the reason when refused (unknown unit, already acted, or the sequence has begun).
  std::optional<std::string> spend_in_command_phase(const std::string& unit);

  // A unit that is out of the game: its card stays in the deck (RR-CARD-01 counts the units at
  // the start), but it is never again eligible, so its colour's cards are ignored once the
  // living units have acted (RR-CARD-04).
  void retire(const std::string& unit) { retired_.insert(unit); }
  // A unit back in the game (RR-CMD-11: a fallen leader replaced): eligible for cards again.
  void reinstate(const std::string& unit) { retired_.erase(unit); }

  // Turns the next card. nullopt when the sequence is over (every card turned) or when the last
  // card still waits for activate()/pass(). A kChooseUnit card becomes pending.
  std::optional<ActivationDraw> draw();
  // A card turned at the table: it must be in the draw pile. Returns the reason when refused.
  std::optional<std::string> draw_entered(const pb::Card& card);

  // Resolves the pending card with a unit of its side that has not acted (RR-CARD-03/-04).
  std::optional<std::string> activate(const std::string& unit);
  // Spends the pending card without acting (RR-CARD-04: extra cards may be passed).
  std::optional<std::string> pass();

  bool sequence_over() const { return draw_.empty() && !pending_; }
  const std::optional<ActivationDraw>& pending() const { return pending_; }
  // Units of a side that may still be chosen this sequence, in scenario order.
  std::vector<std::string> eligible(int side) const;
  bool acted(const std::string& unit) const { return acted_.count(unit) != 0 || retired_.count(unit) != 0; }
  int cards_of(int side) const;

  ActivationSummary public_summary() const;

  // Everything play changes, for snapshots (the sides and cards are rebuilt from the scenario).
  struct Saved {
    std::vector<pb::Card> draw;
    std::vector<pb::Card> turned;
    std::vector<std::string> acted;
    std::vector<std::string> retired;
    std::optional<pb::Card> pending;
    int sequence = 0;
  };
  Saved save() const;
  // Restores a saved deck; the reason when it does not fit this deck's cards and units.
  std::optional<std::string> restore(const Saved& saved);
  // Engine-only: the secret order. Never copy into a view.
  const std::vector<pb::Card>& draw_pile() const { return draw_; }

 private:
  ActivationDeck() = default;
  int side_of(const pb::Card& card) const;
  int side_of_unit(const std::string& unit) const;
  ActivationDraw classify(const pb::Card& card);

  std::vector<ActivationSideSpec> sides_;
  std::vector<pb::Card> all_;    // every card, in build order
  std::vector<pb::Card> draw_;   // back = top
  std::vector<pb::Card> turned_; // this sequence, in order
  std::set<std::string> acted_;
  std::set<std::string> retired_;
  std::optional<ActivationDraw> pending_;
  int sequence_ = 0;
};

}  // namespace sandtable
