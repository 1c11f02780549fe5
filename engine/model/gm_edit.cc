// GM edits: the referee's typed changes to the table (docs/engine.md "GM edits"). Game checks
// who sends it and that it says why, handles the dice override itself (the dice are shared),
// and leaves the rest to the rule set, which knows its state's invariants. Each edit becomes a
// GmEdited event, so it is in the log, audited and replayed like any other.
#include <algorithm>
#include <cmath>

#include "engine/model/game.h"
#include "engine/model/game_words.h"
#include "engine/model/gm_terrain.h"
#include "engine/model/rejection.h"
#include "engine/model/ruleset.h"

namespace sandtable {

namespace {

constexpr int kMaxGmDice = 50;  // more than any one order of these rule sets rolls
constexpr std::size_t kMaxReasonBytes = 500;

std::string unit_name(const RuleSet& rules, const GameState& state, const std::string& id) {
  pb::View v;
  rules.fill_view(state, "gm", v);
  for (const auto& u : v.units()) {
    if (u.id() == id) return u.name().empty() ? id : u.name();
  }
  return id;
}

// Inches to at most two decimals, as the log writes them ("9.95", "40").
std::string inches(double v) {
  std::string out = std::to_string(std::round(v * 100.0) / 100.0);
  out.erase(out.find_last_not_of('0') + 1);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

std::string square_name(const pb::GridSquare& s) {
  std::string out(1, '(');  // appended: GCC 12 misreports "(" + std::string (-Wrestrict)
  out += std::to_string(s.col());
  out += ',';
  out += std::to_string(s.row());
  out += ')';
  return out;
}

std::string point_name(const pb::Point& p) {
  std::string out(1, '(');
  out += inches(p.x());
  out += ", ";
  out += inches(p.y());
  out += ')';
  return out;
}

std::string join_dice(const google::protobuf::RepeatedField<int>& values) {
  std::string out;
  for (int i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values.Get(i));
  return out;
}

// Where a laid feature lies, in the scenario's own terms: its squares, its circle, its outline.
std::string place_words(const pb::TerrainFeature& f) {
  if (f.squares_size() > 0) {
    std::string out = " at";
    for (const auto& s : f.squares()) out.append(1, ' ').append(square_name(s));  // not " " + ...: GCC 12's -O3 false -Wrestrict
    return out;
  }
  if (f.has_circle()) return " around " + point_name(f.circle().centre()) + ", " + inches(f.circle().radius()) + "\" across the radius";
  if (f.polygon_size() > 0) return " over " + std::to_string(f.polygon_size()) + " corners from " + point_name(f.polygon(0));
  if (f.polyline_size() > 0) return " from " + point_name(f.polyline(0)) + " to " + point_name(f.polyline(f.polyline_size() - 1));
  return "";
}

}  // namespace

void Game::gm_edit(Context& ctx, const pb::GmEdit& edit) const {
  const GameState& st = ctx.state();
  if (st.over) reject("GAME_OVER", "GEN", "The game is over; its table can no longer be edited.");
  if (edit.reason().empty()) {
    reject("GM_REASON_NEEDED", "GEN", "Say why: every GM edit is shown in the log with its reason.");
  }
  if (edit.reason().size() > kMaxReasonBytes) {
    reject("GM_REASON_TOO_LONG", "GEN", "Keep the reason under " + std::to_string(kMaxReasonBytes) + " bytes: it is written in every log.");
  }
  if (edit.body_case() == pb::GmEdit::BODY_NOT_SET) reject("EMPTY_COMMAND", "GEN", "The GM edit changes nothing.");
  const bool names_figure = (edit.has_move_unit() && !edit.move_unit().figure_id().empty()) ||
                            (edit.has_remove_unit() && !edit.remove_unit().figure_id().empty());
  if (names_figure && !rules_.gm_edits_figures()) {
    reject("GM_NO_LOOSE_FIGURES", "GEN", "In this game a unit moves and falls as one: edit the whole unit, or set its strength.");
  }
  if (edit.has_rewind()) return rewind(ctx, edit.rewind(), edit.reason());  // take_back.cc: a Rewound event
  if (edit.has_spectators()) return set_spectators(ctx, edit);             // spectators.cc
  pb::Event e;
  if (edit.has_set_dice()) {
    const auto& values = edit.set_dice().values();
    if (values.size() > kMaxGmDice) {
      reject("GM_TOO_MANY_DICE", "GEN", "Set at most " + std::to_string(kMaxGmDice) + " dice at a time.");
    }
    for (int v : values) {
      if (v < 1 || v > 100) reject("GM_NOT_A_DIE", "GEN", std::to_string(v) + " is not a face of any die.");
    }
  } else if (edit.has_trust_dice()) {
    const auto& t = edit.trust_dice();
    if (!st.table_dice) reject("TABLE_DICE_ONLY", "GEN", "Only a room whose dice are rolled at the table has dice to trust a side with.");
    if (!st.is_side(t.side())) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + t.side() + "'.");
    const bool now = std::find(st.dice_trusted.begin(), st.dice_trusted.end(), t.side()) != st.dice_trusted.end();
    if (now == t.trusted()) {
      reject("GM_NOTHING_TO_CHANGE", "GEN", t.trusted() ? "That side already enters its own dice." : "That side does not enter its own dice.");
    }
  } else if (edit.has_seat_bot()) {
    const auto& b = edit.seat_bot();
    if (!st.is_side(b.side())) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + b.side() + "'.");
    if (st.bot_plays(b.side()) == b.bot()) {
      reject("GM_NOTHING_TO_CHANGE", "GEN", b.bot() ? "The bot already plays that side." : "No bot plays that side.");
    }
  } else {
    for (const auto& seat : rules_.check_edit(st, edit)) e.add_visible_to(seat);
  }
  *e.mutable_gm_edited()->mutable_edit() = edit;
  ctx.emit(std::move(e));
}

std::vector<std::string> RuleSet::check_edit(const GameState&, const pb::GmEdit&) const {
  reject("GM_EDIT_UNSUPPORTED", "GEN", "This rule set does not support that edit yet.");
}

void RuleSet::apply_edit(GameState&, const pb::GmEdit&) const {}

std::string RuleSet::describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string&) const {
  auto name = [&](const std::string& id) { return unit_name(*this, state, id); };
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: {
      const auto& m = edit.move_unit();
      std::string where = m.has_square() ? square_name(m.square()) : point_name(m.point());
      if (!m.figure_id().empty()) return "moves figure " + m.figure_id() + " of " + name(m.unit_id()) + " to " + where;
      return "moves " + name(m.unit_id()) + " to " + where;
    }
    case pb::GmEdit::kRemoveUnit: {
      const auto& r = edit.remove_unit();
      if (!r.figure_id().empty()) return "removes figure " + r.figure_id() + " of " + name(r.unit_id()) + " as a casualty";
      return "removes " + name(r.unit_id());
    }
    case pb::GmEdit::kSetStrength:
      return "sets the strength of " + name(edit.set_strength().unit_id()) + " to " +
             std::to_string(edit.set_strength().strength());
    case pb::GmEdit::kSetMarker: {
      const auto& m = edit.set_marker();
      const std::string on = m.unit_id().empty() ? side_name(state, m.side_id()) : name(m.unit_id());
      if (m.clear()) return "clears " + m.key() + " on " + on;
      return "sets " + m.key() + (m.value().empty() ? "" : " to " + m.value()) + " on " + on;
    }
    case pb::GmEdit::kSetTurn: return "sets the turn to " + std::to_string(edit.set_turn().turn());
    case pb::GmEdit::kSetDice:
      return edit.set_dice().values().empty() ? "clears the dice set for the next rolls"
                                              : "sets the next dice: " + join_dice(edit.set_dice().values());
    case pb::GmEdit::kSpectators:
      return "lets spectators see " + spectators_words(state, edit.spectators());
    case pb::GmEdit::kTrustDice:
      return edit.trust_dice().trusted() ? "lets " + side_name(state, edit.trust_dice().side()) + " enter the dice of its own orders"
                                         : "enters the dice of " + side_name(state, edit.trust_dice().side()) + "'s orders again";
    case pb::GmEdit::kSeatBot:
      return edit.seat_bot().bot() ? "puts the computer in the seat of " + side_name(state, edit.seat_bot().side())
                                   : "takes the computer out of the seat of " + side_name(state, edit.seat_bot().side());
    case pb::GmEdit::kTerrain: {
      const auto& t = edit.terrain();
      if (t.remove()) {
        return "removes " + (t.feature().kind().empty() ? "terrain feature " + std::to_string(t.index() + 1) : feature_words(t.feature()));
      }
      std::string words = "lays " + feature_words(t.feature()) + place_words(t.feature());
      if (!t.feature().owner().empty()) words += ", seen only by " + side_name(state, t.feature().owner());
      return words;
    }
    case pb::GmEdit::kSetPhase: {
      const auto& p = edit.set_phase();
      return "sets the phase to " + p.phase() + (p.active_side().empty() ? "" : ", " + side_name(state, p.active_side()) + " to act");
    }
    case pb::GmEdit::kExtraAction: return "gives " + side_name(state, edit.extra_action().side()) + " an extra action";
    case pb::GmEdit::kEndActivation:
      return edit.end_activation().unit_id().empty() ? "ends the activation of the unit acting"
                                                     : "ends the activation of " + name(edit.end_activation().unit_id());
    default: return "edits the table";
  }
}

std::string gm_edit_line(const RuleSet& rules, const GameState& state, const pb::GmEdit& edit, const std::string& viewer) {
  return "GM " + rules.describe_edit(state, edit, viewer) + " (" + edit.reason() + ").";
}

}  // namespace sandtable
