#pragma once
// Battleground log lines (Battleground::describe): the words shared by bg_describe*.cc.
//
// Words are always for one viewer. `state` is the game's state when the line is written (after
// the event; a log replayed on reconnect gives a later one): names, terrain and who is still
// hidden come from it, never where a unit stands now. A unit the viewer may not see (BG-UNIT-09)
// is "an unseen unit", a secret minefield the viewer has not found (BG-MINE-02/03) is "a
// minefield". Events that are a side's secret (visible_to) never reach the others at all
// (Game::event_for); these words are the second guard, for fields of public events.
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

using Dice = google::protobuf::RepeatedPtrField<pb::DieRoll>;
using Strings = google::protobuf::RepeatedPtrField<std::string>;

struct Words {
  const BgState& st;
  const std::string& viewer;
  const Dice& dice;  // the event's dice (Event.dice)

  bool gm() const { return viewer == "gm"; }
  int me() const { return st.side_index(viewer); }  // -1: GM or spectator

  // BG-UNIT-09: may this viewer see the unit?
  bool sees(const Unit& u) const;
  // A unit by id: its name, "an unseen unit" when hidden from the viewer, the id when unknown.
  std::string unit(const std::string& id) const;
  // Units joined with commas and "and"; units hidden from the viewer are left out and counted
  // in `unseen` when given.
  std::string units(const Strings& ids, int* unseen = nullptr) const;
  // A figure by id ("g1-3", "g1-0 (leader)"), a melee stand ("unit#2"), or "an unseen figure".
  std::string figure(const std::string& id) const;
  std::string figures(const Strings& ids) const;
  // Figures as a player counts them on the table, by kind, without ids: "a rifleman",
  // "2 riflemen and a leader" (the unit is named beside them; ids mean nothing at the table).
  std::string figure_kinds(const std::vector<std::string>& ids) const;
  std::string side(const std::string& id) const;  // the scenario's name of a side
  // BG-MINE-02/03: does the viewer know this minefield?
  bool knows_minefield(const std::string& name) const;
  std::string minefield(const std::string& name) const;  // its name ("the mines"), or "a minefield"
  // A place in words: "in Church house", "on Hill 60", or "at (12, 30)".
  std::string place(const pb::Point& p) const;
  // Free text the engine wrote (notes, reasons) with the units and figures this viewer may not
  // see taken out.
  std::string scrub(const std::string& text) const;
  // Engine text as an aside: " (surrendered in melee, BG-MEL-08)" from "surrendered in melee
  // (BG-MEL-08)"; "" when empty.
  std::string aside(const std::string& text) const;
  // " [a; b]" or "".
  std::string notes(const Strings& items) const;
  // The faces of the event's dice whose label contains `label`, as "3+5 = 8" (or "8" when the
  // dice are not on this event or do not add up to `total`).
  std::string rolled(std::string_view label, int total) const;
  // The faces of the dice whose label is exactly `label` or ends with " " + `label`: "6 5 1".
  std::string faces(std::string_view label) const;
};

// Number words (bg_describe_words.cc, with Words).
std::string plural(int n, const std::string& one, const std::string& many);
std::string num(double d);  // inches without the mark: "12.5"
std::string coords(const pb::Point& p);  // "(12, 30.5)"
std::string list(const std::vector<std::string>& items);  // "a, b and c"

// Lines by area (bg_describe.cc has the turn, cards, moves and units and calls these):
// bg_describe_combat.cc: shooting, damage, charges, melee, surrender, morale.
std::string combat_line(const Words& w, const pb::BgEvent& e);
// bg_describe_special.cc: mines, medics, smoke, flares, artillery and air, victory, roll-offs.
std::string special_line(const Words& w, const pb::BgEvent& e);
// Shaffer's vehicles (bg_describe_bgm.cc).
std::string bgm_line(const Words& w, const pb::BgEvent& e);
// Shaffer's skirmish (bg_describe_bgs.cc).
std::string bgs_line(const Words& w, const pb::BgEvent& e);

}  // namespace sandtable::bg
