#include "engine/rulesets/rookie/activation_deck.h"

#include <algorithm>

namespace sandtable {

namespace {
// RR-CARD-01 "each side is allotted a colour (e.g. red/black)": side 0 red, side 1 black.
constexpr pb::Suit kColourSuits[2][2] = {{pb::SUIT_HEARTS, pb::SUIT_DIAMONDS}, {pb::SUIT_CLUBS, pb::SUIT_SPADES}};
constexpr const char* kColourNames[2] = {"red", "black"};

bool contains(const std::vector<pb::Card>& pile, const pb::Card& card) {
  return std::any_of(pile.begin(), pile.end(), [&](const pb::Card& c) { return same_card(c, card); });
}
}  // namespace

std::optional<ActivationDeck> ActivationDeck::build(const std::vector<ActivationSideSpec>& sides,
                                                    std::string* error) {
  auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return std::optional<ActivationDeck>();
  };
  if (sides.size() != 2) {
    return fail("a Rookie Rules activation deck needs exactly two sides (red and black cards), not " +
                std::to_string(sides.size()));
  }
  std::set<std::string> seen;
  ActivationDeck deck;
  for (std::size_t s = 0; s < 2; ++s) {
    const ActivationSideSpec& spec = sides[s];
    for (const std::string& unit : spec.units) {
      if (unit.empty()) return fail("side " + spec.side + " has a unit with no id");
      if (!seen.insert(unit).second) return fail("unit " + unit + " is listed twice in the activation deck");
    }
    // RR-CARD-01 one card per unit, RR-CARD-02 plus or minus the scenario's adjustment.
    const int count = static_cast<int>(spec.units.size()) + spec.adjustment;
    if (count < 0) {
      return fail("side " + spec.side + " has " + std::to_string(spec.units.size()) +
                  " units, so its card adjustment cannot be " + std::to_string(spec.adjustment) +
                  " (it would leave fewer than no " + kColourNames[s] + " cards)");
    }
    for (int i = 0; i < count; ++i) {
      // Hearts A..K, diamonds A..K, then a further pack's hearts... (cards are told apart by colour only).
      const pb::Suit suit = kColourSuits[s][(i / 13) % 2];
      deck.all_.push_back(make_card(suit, i % 13 + 1));
    }
  }
  deck.sides_ = sides;
  deck.draw_ = deck.all_;
  return deck;
}

void ActivationDeck::start_sequence_entered() {
  draw_ = all_;
  turned_.clear();
  acted_.clear();
  pending_.reset();
  ++sequence_;
}

void ActivationDeck::shuffle_draw_pile(Pcg32& rng) { fisher_yates(draw_, rng); }

void ActivationDeck::start_sequence(Pcg32& rng) {
  start_sequence_entered();
  fisher_yates(draw_, rng);  // RR-SEQ-01 step 5: reshuffle before every card sequence
}

int ActivationDeck::side_of(const pb::Card& card) const {
  return card.suit() == pb::SUIT_HEARTS || card.suit() == pb::SUIT_DIAMONDS ? 0 : 1;
}

int ActivationDeck::side_of_unit(const std::string& unit) const {
  for (int s = 0; s < 2; ++s) {
    const auto& units = sides_[static_cast<std::size_t>(s)].units;
    if (std::find(units.begin(), units.end(), unit) != units.end()) return s;
  }
  return -1;
}

std::vector<std::string> ActivationDeck::eligible(int side) const {
  std::vector<std::string> out;
  if (side < 0 || side > 1) return out;
  for (const std::string& unit : sides_[static_cast<std::size_t>(side)].units) {
    if (!acted(unit)) out.push_back(unit);
  }
  return out;
}

int ActivationDeck::cards_of(int side) const {
  return static_cast<int>(std::count_if(all_.begin(), all_.end(), [&](const pb::Card& c) { return side_of(c) == side; }));
}

ActivationDraw ActivationDeck::classify(const pb::Card& card) {
  const int side = side_of(card);
  turned_.push_back(card);
  // RR-CARD-04: once every unit of a colour has acted, its further cards are ignored.
  const ActivationEffect effect = eligible(side).empty() ? ActivationEffect::kIgnored : ActivationEffect::kChooseUnit;
  ActivationDraw d{card, side, effect};
  if (effect == ActivationEffect::kChooseUnit) pending_ = d;
  return d;
}

std::optional<ActivationDraw> ActivationDeck::draw() {
  if (pending_ || draw_.empty()) return std::nullopt;
  const pb::Card card = draw_.back();
  draw_.pop_back();
  return classify(card);
}

std::optional<std::string> ActivationDeck::draw_entered(const pb::Card& card) {
  if (pending_) return "the " + card_name(pending_->card) + " still waits for a unit to act or a pass";
  if (!card_valid(card) || is_joker(card)) return "the activation deck has no jokers or unknown cards";
  const auto it = std::find_if(draw_.begin(), draw_.end(), [&](const pb::Card& c) { return same_card(c, card); });
  if (it == draw_.end()) {
    if (contains(all_, card)) return "the " + card_name(card) + " has already been turned this card sequence";
    return "the " + card_name(card) + " is not in this game's activation deck";
  }
  draw_.erase(it);
  classify(card);
  return std::nullopt;
}

std::optional<std::string> ActivationDeck::activate(const std::string& unit) {
  if (!pending_) return "no activation card is waiting for a unit";
  const int side = side_of_unit(unit);
  if (side < 0) return "there is no unit " + unit + " in the activation deck";
  const std::string& owner = sides_[static_cast<std::size_t>(pending_->side)].side;
  if (side != pending_->side) {
    return "the " + card_name(pending_->card) + " is a " + kColourNames[pending_->side] + " card: it activates a unit of " +
           owner + ", and " + unit + " is not one";
  }
  // RR-CARD-03: no unit acts twice in one card sequence.
  if (acted(unit)) return unit + " has already acted in this card sequence";
  acted_.insert(unit);
  pending_.reset();
  return std::nullopt;
}

std::optional<std::string> ActivationDeck::pass() {
  if (!pending_) return "no activation card is waiting to be passed";
  pending_.reset();
  return std::nullopt;
}

std::optional<std::string> ActivationDeck::spend_in_command_phase(const std::string& unit) {
  if (sequence_ == 0 || !turned_.empty()) {
    return "a leader can only spend its functions in the command phase, before the card sequence begins";
  }
  if (side_of_unit(unit) < 0) return "there is no unit " + unit + " in the activation deck";
  if (acted(unit)) return unit + " has already spent its activation in this card sequence";
  acted_.insert(unit);
  return std::nullopt;
}

bool ActivationSummary::operator==(const ActivationSummary& o) const {
  return draw_pile == o.draw_pile && turned == o.turned && same_card(last_turned, o.last_turned) &&
         sequence == o.sequence;
}

ActivationSummary ActivationDeck::public_summary() const {
  ActivationSummary s;
  s.draw_pile = static_cast<int>(draw_.size());
  s.turned = static_cast<int>(turned_.size());
  if (!turned_.empty()) s.last_turned = turned_.back();
  s.sequence = sequence_;
  return s;
}

ActivationDeck::Saved ActivationDeck::save() const {
  Saved out;
  out.draw = draw_;
  out.turned = turned_;
  out.acted.assign(acted_.begin(), acted_.end());
  out.retired.assign(retired_.begin(), retired_.end());
  if (pending_) out.pending = pending_->card;
  out.sequence = sequence_;
  return out;
}

std::optional<std::string> ActivationDeck::restore(const Saved& saved) {
  if (saved.draw.size() + saved.turned.size() != all_.size()) return "the saved deck does not hold this game's cards";
  for (const auto& c : saved.draw) {
    if (!contains(all_, c)) return "the saved deck holds a card this game does not have";
  }
  for (const auto& c : saved.turned) {
    if (!contains(all_, c)) return "the saved deck holds a card this game does not have";
  }
  for (const auto* units : {&saved.acted, &saved.retired}) {
    for (const auto& u : *units) {
      if (side_of_unit(u) < 0) return "the saved deck names a unit this game does not have";
    }
  }
  draw_ = saved.draw;
  turned_ = saved.turned;
  acted_ = std::set<std::string>(saved.acted.begin(), saved.acted.end());
  retired_ = std::set<std::string>(saved.retired.begin(), saved.retired.end());
  pending_.reset();
  if (saved.pending) pending_ = ActivationDraw{*saved.pending, side_of(*saved.pending), ActivationEffect::kChooseUnit};
  sequence_ = saved.sequence;
  return std::nullopt;
}

}  // namespace sandtable
