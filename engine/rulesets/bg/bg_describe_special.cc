// Battleground log lines for minefields (BG-MINE-*), medics (BG-MED-02), smoke (BG-SMK-*), flares
// (BG-FLR-*), artillery and air (BG-ART-*), the final score (BG-VIC-01) and roll-offs (BG-GEN-02).
// A secret minefield is named only to a viewer who knows it; a scheduled strike's aim points are
// written only for its own side (and the GM) until it lands.
#include <cctype>

#include "engine/model/game_words.h"
#include "engine/rulesets/bg/bg_describe.h"

namespace sandtable::bg {

namespace {

std::string spaced(std::string s) {
  for (char& c : s) c = c == '_' ? ' ' : c;
  return s;
}

std::string minefield_revealed(const Words& w, const pb::BgMinefieldRevealed& e) {
  const std::string mf = w.minefield(e.minefield_id()), by = w.unit(e.by_unit());
  if (e.entered()) {
    // BG-MINE-04: entering reveals it to everyone; BG-MINE-02: a dummy does nothing.
    if (e.dummy()) return by + " enters " + mf + ": a dummy, there are no mines (BG-MINE-02).";
    return by + " enters " + mf + ": the mines explode (BG-MINE-04).";
  }
  // BG-MINE-03: a D6 against the distance; within 1" no roll is needed (BG-DX-13).
  const std::string away = inches(e.distance()) + " away";
  if (e.to_side().empty()) {
    return by + " passes within " + inches(e.distance()) + " of " + mf + " without spotting it (rolled " + std::to_string(e.roll()) +
           ", BG-MINE-03).";
  }
  if (e.automatic()) {
    return by + " spots " + mf + (geom::negligible(e.distance()) ? " right in front of it" : " " + away) +
           ", close enough to need no roll (BG-DX-13).";
  }
  return by + " spots " + mf + " " + away + " (rolled " + std::to_string(e.roll()) + ", BG-MINE-03).";
}

std::string mines_cleared(const Words& w, const pb::BgMinesCleared& e) {
  const Unit* u = w.st.find(e.by_unit());
  if (u && u->vehicle) return w.unit(e.by_unit()) + " sweeps a lane through " + w.minefield(e.minefield_id()) + " (BG-MINE-09).";
  return w.unit(e.by_unit()) + " clears a strip through " + w.minefield(e.minefield_id()) + " (BG-MINE-10).";
}

std::string heal(const Words& w, const pb::BgHealAttempt& e) {
  return "The medic " + w.figure(e.medic_figure_id()) + " of " + w.unit(e.unit_id()) + " tends " + w.figure(e.dead_figure_id()) +
         ": rolled " + std::to_string(e.roll()) + (e.healed() ? ", back in the fight" : ", beyond help") + " (BG-MED-02).";
}

std::string smoke(const Words& w, const pb::BgSmoke& e) {
  if (e.state() == "laid") {
    if (e.has_centre()) return "Smoke shells land: a 4\" circle " + w.place(e.centre()) + " (BG-SMK-05).";
    return "A 6\" smoke screen is laid from " + coords(e.a()) + " to " + coords(e.b()) + " (BG-SMK-01/02).";
  }
  std::string where;
  for (const auto& s : w.st.smoke) {
    if (s.id != e.smoke_id()) continue;
    where = ' ' + (s.circle ? w.place(to_point(s.centre)) : "between " + coords(to_point(s.a)) + " and " + coords(to_point(s.b)));
  }
  if (e.state() == "thinned") return "The smoke" + where + " thins (BG-SMK-03).";
  if (e.state() == "removed") return "The smoke" + where + " clears (BG-SMK-03).";
  return "The smoke" + where + " is " + e.state() + ".";
}

std::string flare(const Words& w, const pb::BgFlare& e) {
  if (const Unit* u = w.st.find(e.by())) {
    return w.unit(u->id) + " sends up a flare: the table is lit for the rest of turn " + std::to_string(e.until_turn()) + " (BG-FLR-02).";
  }
  return "A flare shell lights the table until the end of turn " + std::to_string(e.until_turn()) + " (BG-FLR-03).";
}

const FireMission* mission_of(const Words& w, const std::string& id) {
  for (const auto& m : w.st.missions) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

std::string fire_mission(const Words& w, const pb::BgFireMission& e) {
  const std::string system = e.system().empty() ? "artillery" : spaced(e.system());
  const std::string who = w.side(e.side());
  if (e.state() == "done") return "The " + system + " fire mission of " + who + " is over.";
  const FireMission* m = mission_of(w, e.mission_id());
  const std::string blasts = e.blasts() > 0 ? ", " + plural(e.blasts(), "blast", "blasts") : "";
  if (e.state() == "called") {
    if (m && m->scheduled) return "The scheduled " + system + " strike of " + who + " arrives" + blasts + " (BG-ART-01).";
    return "Fire mission for " + who + ": " + system + blasts + " (BG-ART-01).";
  }
  return "Fire mission for " + who + ": " + system + blasts + ", " + e.state() + ".";
}

std::string blast(const Words& w, const pb::BgBlast& e) {
  const FireMission* m = mission_of(w, e.mission_id());
  const std::string system = m && !m->system.empty() ? spaced(m->system) : "artillery";
  std::string out = "The " + system + " blast aimed at " + coords(e.aim()) + ": drift dice " + std::to_string(e.die1()) + " and " +
                    std::to_string(e.die2());
  // BG-ART-03: the ring moves the difference of the dice in inches along the drawn bearing.
  const int drift = e.die1() > e.die2() ? e.die1() - e.die2() : e.die2() - e.die1();
  if (drift == 0) out += ", on target";
  else out += ", " + std::to_string(drift) + "\" toward " + std::to_string(e.bearing_deg()) + "°";
  out += ", landing " + w.place(e.centre());
  if (m && m->smoke) return out + " (BG-ART-03).";
  int unseen = 0;
  const std::string under = w.units(e.units(), &unseen);
  return out + "; " + (under.empty() ? std::string("nobody is under the ring") : "under the ring: " + under) + " (BG-ART-03/04).";
}

std::string artillery_card(const Words& w, const pb::BgArtilleryCard& e) {
  // BG-ART-08: the random artillery deck.
  if (e.reload()) return "Artillery card: Reload, every artillery card goes back in the deck (BG-ART-08).";
  const std::string& c = e.card();
  const auto colon = c.find(':');
  if (colon == std::string::npos) return "Artillery card: " + spaced(c) + " (BG-ART-08).";
  return "Artillery card: " + spaced(c.substr(colon + 1)) + " for " + w.side(c.substr(0, colon)) + " (BG-ART-08).";
}

std::string strike_planned(const Words& w, const pb::BgStrikePlanned& e) {
  // BG-ART-01: the orders are the side's secret until the strike lands (the event reaches only
  // that side and the GM; the words guard it again).
  std::string out = "Strike " + e.strike_id() + " of " + w.side(e.side()) + " is written down for turn " + std::to_string(e.turn());
  if (!w.gm() && w.viewer != e.side()) return out + " (BG-ART-01).";
  std::vector<std::string> aims;
  for (const auto& p : e.aim_points()) aims.push_back(coords(p));
  if (!aims.empty()) out += ", aimed at " + list(aims);
  return out + " (BG-ART-01).";
}

// Engine text names sides by id ("held by axis"): the scenario's names read better.
std::string side_names(const Words& w, std::string text) {
  for (const auto& id : w.st.sides) {
    const std::string name = w.side(id);
    if (name == id) continue;
    std::size_t at = 0;
    while ((at = text.find(id, at)) != std::string::npos) {
      const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const std::size_t end = at + id.size();
      const bool right = end >= text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
      if (left && right) {
        text.replace(at, id.size(), name);
        at += name.size();
      } else {
        at = end;
      }
    }
  }
  return text;
}

std::string victory(const Words& w, const pb::BgVictory& e) {
  // BG-VIC-01: objectives and victory points at the end of the scenario.
  std::string out = "Final score";
  const std::string& why = e.reason();
  if (const auto semi = why.find("; "); semi != std::string::npos) out += " (" + why.substr(0, semi) + ")";
  out += ":";
  for (int i = 0; i < e.sides_size() && i < e.scores_size(); ++i) {
    out += std::string(i ? ", " : " ") + w.side(e.sides(i)) + " " + std::to_string(e.scores(i));
  }
  out += e.winner().empty() ? "; a draw." : "; won by " + w.side(e.winner()) + ".";
  for (const auto& o : e.objectives()) {
    out += " " + o.name() + ": " + side_names(w, o.how()) + " (" + plural(o.points(), "point", "points") + ").";
  }
  for (const auto& n : e.notes()) {
    out += ' ';
    out += side_names(w, n);
    out += '.';
  }
  return out;
}

std::string dispute(const Words& w, const pb::BgDisputeRolled& e) {
  std::string out = "Roll-off asked by " + w.side(e.asked_by()) + " over \"" + e.question() + "\":";
  for (int i = 0; i < e.sides_size() && i < e.rolls_size(); ++i) {
    out += std::string(i ? ", " : " ") + w.side(e.sides(i)) + " " + std::to_string(e.rolls(i));
  }
  return out + "; won by " + w.side(e.winner()) + " (BG-GEN-02).";
}

}  // namespace

std::string special_line(const Words& w, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kMinefieldRevealed: return minefield_revealed(w, e.minefield_revealed());
    case pb::BgEvent::kMinesCleared: return mines_cleared(w, e.mines_cleared());
    case pb::BgEvent::kHeal: return heal(w, e.heal());
    case pb::BgEvent::kSmoke: return smoke(w, e.smoke());
    case pb::BgEvent::kFlare: return flare(w, e.flare());
    case pb::BgEvent::kFireMission: return fire_mission(w, e.fire_mission());
    case pb::BgEvent::kBlast: return blast(w, e.blast());
    case pb::BgEvent::kArtilleryCard: return artillery_card(w, e.artillery_card());
    case pb::BgEvent::kStrikePlanned: return strike_planned(w, e.strike_planned());
    case pb::BgEvent::kVictory: return victory(w, e.victory());
    case pb::BgEvent::kDispute: return dispute(w, e.dispute());
    default: return "Something happened.";
  }
}

}  // namespace sandtable::bg
