#include "engine/model/game_words.h"

#include "engine/core/dice.h"
#include "engine/core/sha256.h"

namespace sandtable {

std::string side_name(const GameState& state, const std::string& side) {
  if (side == "gm") return "The game master";
  for (const auto& s : state.scenario->sides()) {
    if (s.id() == side) return s.name().empty() ? side : s.name();
  }
  return side;
}

std::string side_possessive(const GameState& state, const std::string& side) {
  const std::string name = side_name(state, side);
  return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

std::optional<std::string> shared_event_text(const GameState& state, const pb::Event& event, const std::string& viewer) {
  switch (event.body_case()) {
    case pb::Event::kGameStarted: {
      const auto& s = event.game_started();
      if (s.has_branch()) {
        const auto& b = s.branch();
        return "What if: this game goes on from " +
               (b.step() == 0 ? std::string("the opening") : "order " + std::to_string(b.step())) + " of \"" +
               b.room_name() + "\"" + (b.turn() > 0 ? " (turn " + std::to_string(b.turn()) + ")" : std::string()) +
               ", with dice of its own. Dice commitment " + s.seed_hash().substr(0, 12) + "…";
      }
      return "The game begins: " + s.scenario().name() + ". Dice commitment " + s.seed_hash().substr(0, 12) + "…";
    }
    case pb::Event::kDecisionRequested: {
      const auto& d = event.decision_requested().decision();
      return side_name(state, d.seat()) + " must decide: " + d.prompt();
    }
    case pb::Event::kDecisionAnswered: {
      const auto& a = event.decision_answered();
      // Games stored before the label was kept say the choice's id.
      const std::string& chosen = a.choice_label().empty() ? a.choice_id() : a.choice_label();
      const bool ends = !chosen.empty() && (chosen.back() == '.' || chosen.back() == '?' || chosen.back() == '!');
      return side_name(state, a.seat()) + " chose: " + chosen + (ends ? "" : ".");
    }
    case pb::Event::kGamePaused:
      return "The game master paused the game" +
             (event.game_paused().reason().empty() ? std::string(".") : ": " + event.game_paused().reason() + ".");
    case pb::Event::kGameResumed:
      return "The game master resumed the game.";
    case pb::Event::kGameRevealed:
      return "The game master opened the whole game to everyone's replay, hidden units and all.";
    case pb::Event::kGameEnded: {
      const auto& e = event.game_ended();
      const std::string who = e.winner().empty() ? "The game ends in a draw" : side_name(state, e.winner()) + " wins";
      return who + (e.reason().empty() ? std::string(".") : ": " + e.reason() + ".") +
             (e.secret().empty() ? " The dice seed was " + std::to_string(e.seed()) + "."
                                 : " The dice secret was " + hex(e.secret()) + ".");
    }
    case pb::Event::kEntropyAdded:
      return side_possessive(state, event.entropy_added().seat()) + " own randomness goes into the dice mix.";
    case pb::Event::kDiceSealed: {
      const auto& d = event.dice_sealed();
      std::string from;
      for (int i = 0; i < d.seats_size(); ++i) {
        from += std::string(i == 0 ? "" : i + 1 == d.seats_size() ? " and " : ", ") + side_name(state, d.seats(i));
      }
      std::string line = d.begun_by() == "gm" ? "The game master begins the game without waiting. " : std::string();
      line += "The dice are sealed: every roll and card now comes from the server's secret" +
              (from.empty() ? std::string() : " mixed with the randomness of " + from) + " (mix commitment " +
              d.mix_commitment().substr(0, 12) + "…).";
      return line;
    }
    case pb::Event::kSecretShown:
      return "The game master looked at the dice secret.";
    case pb::Event::kRewound: {
      const auto& r = event.rewound();
      const std::string then = "the table is as it was after #" + std::to_string(r.to_seq()) + ".";
      if (r.seat() == "gm") {
        return "GM rewinds the table to how it was after #" + std::to_string(r.to_seq()) +
               (r.reason().empty() ? std::string(".") : " (" + r.reason() + ").");
      }
      return side_name(state, r.seat()) + " takes back their last order" +
             (r.allowed_by().empty() ? std::string() : ", allowed by " + (r.allowed_by() == "gm" ? std::string("the GM") : side_name(state, r.allowed_by()))) +
             ": " + then;
    }
    case pb::Event::kDiceAsked: {
      const auto& r = event.dice_asked().request();
      std::string line = "Waiting for the table's dice: " + side_name(state, r.seat()) + ", " + r.label() + " \u2014 roll " +
                         std::to_string(r.count()) + " " + die_name(r.kind()) + (r.count() == 1 ? "" : "s");
      if (r.entered_size() > 0) line += " (" + std::to_string(r.entered_size()) + " entered so far)";
      return line + ".";
    }
    case pb::Event::kDiceEntered: {
      const auto& d = event.dice_entered();
      std::string values;
      for (int i = 0; i < d.values_size(); ++i) values += (i ? ", " : "") + std::to_string(d.values(i));
      return (d.seat() == "gm" ? std::string("GM") : side_name(state, d.seat())) + " enters the table's dice: " + values + ".";
    }
    case pb::Event::kDiceDropped:
      return "The table's dice were entered, but the order that waited for them no longer stands: " +
             event.dice_dropped().reason() + " Nothing else changed.";
    case pb::Event::kRulingAsked: {
      const auto& r = event.ruling_asked().ruling();
      const std::string who = side_name(state, r.seat()) + " asks the GM for a ruling";
      if (viewer != "gm" && viewer != r.seat()) return who + ".";
      std::string line = who;
      if (!r.about().empty()) line += " on \u201c" + r.about() + "\u201d";
      if (!r.rule_id().empty()) line += " (" + r.rule_id() + ")";
      return line + (r.text().empty() ? std::string(".") : ": " + r.text());
    }
    case pb::Event::kRulingGiven: {
      const auto& g = event.ruling_given();
      const std::string words = g.words().empty() ? std::string(".") : ": " + g.words();
      return g.verdict() == pb::VERDICT_ALLOW ? "GM rules for " + side_name(state, g.seat()) + words
                                              : "GM upholds the game's answer to " + side_name(state, g.seat()) + words;
    }
    case pb::Event::BODY_NOT_SET:
      return "Nothing happened.";
    default:
      return std::nullopt;
  }
}

}  // namespace sandtable
