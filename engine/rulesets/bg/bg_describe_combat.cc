// Battleground log lines for shooting and its effects (BG-FIRE-*, BG-DMG-*, BG-VEH-12..16,
// BG-EMP-03), charges and melee (BG-MEL-*), surrender and prisoners (BG-PRIS-*) and morale
// (BG-MOR-*). Every attack names its dice pool with the faces rolled and what they came to.
#include <algorithm>

#include "engine/rulesets/bg/bg_describe.h"

namespace sandtable::bg {

namespace {

// BG-FIRE-01: the faces that hit on the grade row an attack used ("none": it cannot hit).
std::string hitting_on(const std::string& row) {
  if (row == "A") return "hitting on 3-6";
  if (row == "B") return "hitting on 4-6";
  if (row == "C") return "hitting on 5-6";
  if (row == "D") return "hitting on 6";
  return "unable to hit";
}

std::string dice_part(const Words& w, int n, const char* colour) {
  std::string out = std::to_string(n) + " " + colour;
  const std::string f = w.faces(colour);
  if (!f.empty()) out += " (" + f + ")";
  return out;
}

// "6 white (6 5 3 3 1 2), 2 blue (5 2), 3 red (1 4 4)".
std::string pool(const Words& w, const pb::BgAttack& e) {
  std::vector<std::string> parts;
  if (e.white() > 0) parts.push_back(dice_part(w, e.white(), "white"));
  if (e.blue() > 0) parts.push_back(dice_part(w, e.blue(), "blue"));
  if (e.red() > 0) parts.push_back(dice_part(w, e.red(), "red"));
  if (parts.empty()) return "no dice";
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out;
}

std::string mission_words(const Words& w, const std::string& id) {
  for (const auto& m : w.st.missions) {
    if (m.id != id) continue;
    std::string s = m.system;
    for (char& c : s) c = c == '_' ? ' ' : c;
    return s.empty() ? "artillery" : s;
  }
  return "artillery";
}

const char* weapon_word(const Weapon& x) {
  if (x.main_gun) return "main gun";
  switch (x.kind) {
    case WeaponKind::kMachineGun: return "machine gun";
    case WeaponKind::kLightGun: return "light gun";
    case WeaponKind::kHeavyGun: return "heavy gun";
    case WeaponKind::kEmplacement: return "gun";
  }
  return "gun";
}

// "'s main gun", "'s machine gun mg2" (the id only when two weapons share the word).
std::string weapon_of(const Words& w, const pb::BgAttack& e) {
  if (e.weapon_id().empty()) return "";
  const Unit* u = w.st.find(e.attacker_id());
  if (!u || !u->vehicle) return "'s " + e.weapon_id();
  const Weapon* it = nullptr;
  for (const auto& x : u->vehicle->weapons) it = x.id == e.weapon_id() ? &x : it;
  if (!it) return "'s " + e.weapon_id();
  int same = 0;
  for (const auto& x : u->vehicle->weapons) same += std::string_view(weapon_word(x)) == weapon_word(*it);
  return std::string("'s ") + weapon_word(*it) + (same > 1 ? " " + it->id : "");
}

std::string attack(const Words& w, const pb::BgAttack& e) {
  const std::string& why = e.purpose();
  const std::string att = w.unit(e.attacker_id()) + weapon_of(w, e), tgt = w.unit(e.target_id());
  std::string out;
  if (why == "minefield") out = "Mines explode under " + tgt + " (BG-MINE-05)";  // the minefield is named as it is entered
  else if (why == "blast") out = "The " + mission_words(w, e.attacker_id()) + " blast strikes " + tgt + " (BG-ART-06)";
  else if (why == "charge test") out = att + " tests its charge at " + tgt + " (BG-MEL-01)";
  else if (why == "overrun") out = att + " machine-guns " + tgt + " as it overruns it (BG-VMOV-08)";
  else if (why == "melee") out = att + " fights " + tgt + " in melee";
  else out = att + " fires at " + tgt + " at " + inches(e.range());
  out += ": " + pool(w, e);
  out += why == "charge test" ? (e.grade() == "none" ? ", unable to hit" : ", grade " + e.grade()) : ", " + hitting_on(e.grade());
  if (e.flank()) out += ", from the flank (BG-FIRE-12)";
  out += w.notes(e.notes());
  // BG-FIRE-02..05: hits less cancels; BG-VEH-02 halves, BG-VEH-06 doubles.
  out += "; " + plural(e.hits(), "hit", "hits") + ", " + plural(e.cancels(), "cancel", "cancels");
  if (e.halved()) out += ", halved without a heavy weapon against armour (BG-VEH-02)";
  if (e.doubled()) out += ", doubled by a main gun against armour (BG-VEH-06)";
  out += ": " + (e.net() == 0 ? std::string("no net hit") : plural(e.net(), "net hit", "net hits"));
  return out + ".";
}

std::string casualties(const Words& w, const pb::BgCasualties& e) {
  const std::string u = w.unit(e.unit_id());
  std::string cause = e.cause();
  const bool stands = cause.ends_with(" (stands)");
  if (stands) cause.resize(cause.size() - 9);
  // BG-DMG-02: a special figure chosen as a casualty rolls to save; a normal figure dies instead.
  // Figures by kind, not id ("a rifleman falls"): a player sees bases on the table, not ids.
  std::vector<std::string> told, clauses;
  for (const auto& s : e.saves()) {
    if (s.saved()) {
      clauses.push_back(w.figure_kinds({s.figure_id()}) + " is hit but saves on a " + std::to_string(s.roll()) + ", and " +
                        w.figure_kinds({s.died_instead()}) + " falls in its place");
      told.push_back(s.died_instead());
    } else {
      clauses.push_back(w.figure_kinds({s.figure_id()}) + " is hit and fails its save with a " + std::to_string(s.roll()));
      told.push_back(s.figure_id());
    }
  }
  std::vector<std::string> plain;
  for (const auto& k : e.killed()) {
    if (std::find(told.begin(), told.end(), k) == told.end()) plain.push_back(k);
  }
  if (!plain.empty()) clauses.insert(clauses.begin(), w.figure_kinds(plain) + (plain.size() == 1 ? " falls" : " fall"));
  std::string out = u + (e.wiped_out() ? " is wiped out: " : ": ");
  if (clauses.empty()) out = u + " loses nobody";
  for (std::size_t i = 0; i < clauses.size(); ++i) out += (i ? "; " : "") + clauses[i];
  if (cause == "melee") out += " in the melee (no saves, BG-DMG-03)";
  else if (!e.saves().empty()) out += " (BG-DMG-02)";
  if (cause != "shoot" && cause != "overrun" && cause != "blast" && cause != "minefield" && cause != "melee" && !cause.empty()) {
    out += w.aside(cause);
  }
  // BG-OPT-04: stand rolls.
  std::vector<std::string> rolls;
  for (const auto& s : e.stands()) {
    std::string r = "stand " + std::to_string(s.stand()) + " (" + plural(s.figures(), "figure", "figures") + ", " +
                    plural(s.hits(), "hit", "hits") + ")";
    if (s.roll() > 0) r += " rolled " + std::to_string(s.roll()) + " against 1-" + std::to_string(s.dies_up_to());
    r += s.died() ? ": lost" : ": holds";
    rolls.push_back(r);
  }
  if (!rolls.empty()) out += "; " + list(rolls) + " (BG-OPT-04)";
  else if (stands) out += " (stands, BG-OPT-04)";
  return out + ".";
}

std::string vehicle_damaged(const Words& w, const pb::BgVehicleDamaged& e) {
  std::string out = w.unit(e.unit_id()) + " takes " + plural(e.net_hits(), "net hit", "net hits");
  if (e.roll() > 0) {
    // BG-VEH-12..14: one D6 plus the net hits, and a second D6 for the kind of damage.
    out += ": damage roll " + std::to_string(e.roll()) + " + " + std::to_string(e.net_hits()) + " = " + std::to_string(e.total());
    if (e.second_roll() > 0) out += ", then " + std::to_string(e.second_roll());
  }
  std::vector<std::string> what;
  if (e.destroyed()) what.push_back("destroyed");
  if (e.immobilized()) what.push_back("immobilised");
  if (e.half_weapons()) what.push_back("its weapons are halved");
  out += " — " + (what.empty() ? std::string("no lasting damage") : list(what));
  if (!e.passengers_lost().empty()) out += "; passengers lost: " + w.figures(e.passengers_lost()) + " (BG-VEH-16)";
  return out + w.notes(e.notes()) + ".";
}

std::string emplacement(const Words& w, const pb::BgEmplacementDamaged& e) {
  // BG-EMP-03: 2 net hits in all destroy it; after 1 it still fires.
  return w.unit(e.unit_id()) + " has taken " + plural(e.hits_total(), "hit", "hits") + " of 2: " +
         (e.destroyed() ? "destroyed" : "damaged but still firing") + " (BG-EMP-03).";
}

std::string charge_declared(const Words& w, const pb::BgChargeDeclared& e) {
  const std::string u = w.unit(e.unit_id()), t = w.unit(e.target_id());
  const std::string join = e.joining() ? ", joining the melee" : "";
  if (e.needed() == 0) return u + " charges " + t + join + "; a vehicle takes no charge test (BG-MEL-16).";
  std::string out = u + " declares a charge at " + t + join + ": it needs " + plural(e.needed(), "net hit", "net hits") + " and ";
  return out + (e.passed() ? "passes" : "fails, so it does not move this action") + " (BG-MEL-01).";
}

std::string defender_response(const Words& w, const pb::BgDefenderResponse& e) {
  const std::string u = w.unit(e.unit_id());
  const std::string& c = e.choice();
  if (c == "move") return u + " will flee from the charge (BG-MEL-14).";
  if (c == "shoot") return u + " fires at the charger before it comes in (BG-MEL-12/13).";
  if (c == "both") return u + " fires at the charger, then flees (BG-MEL-12).";
  if (c == "none" || c.empty()) return u + " stands and awaits the charge (BG-MEL-12).";
  return u + " answers the charge: " + c + " (BG-MEL-12).";
}

std::string flee_rolled(const Words& w, const pb::BgFleeRolled& e) {
  return w.unit(e.unit_id()) + " must flee " + inches(e.roll()) + " (2D6) away from " + w.unit(e.charger_id()) +
         "; its player draws the way, or it flees straight away (BG-MEL-14).";
}

std::string charge_moved(const Words& w, const pb::BgChargeMoved& e) {
  const std::string u = w.unit(e.unit_id()), t = w.unit(e.target_id());
  const std::string again = e.continued() ? ", carrying on its charge on the ace (BG-MEL-18)" : "";
  if (e.immobilized()) {
    return u + " charges with all its dice (" + w.rolled("charge distance", e.roll()) +
           ") and breaks down: immobilised where it stands (BG-MEL-16).";
  }
  if (e.roll() == 0 && !e.reached()) return "The charge of " + u + " at " + t + " does not go in: one of them is out of the fight.";
  const std::string roll = "rolled " + w.rolled("charge distance", e.roll());
  if (e.reached()) {
    std::string out = u + " charges home into " + t + " (" + roll + ")" + again;
    if (e.from_behind()) out += ", from behind (BG-MEL-07)";
    return out + ": they are locked in melee (BG-MEL-04).";
  }
  return u + " charges at " + t + " (" + roll + ")" + again + " but falls short, " + w.place(e.to()) + " (BG-MEL-03).";
}

// The unit a melee figure (or stand, "unit#n") fought for: prisoners taken since are in their
// captors' group, with the unit they came from.
std::string fighter_unit(const BgState& st, const std::string& fid) {
  for (const auto& u : st.units) {
    const Figure* f = u.figure(fid);
    if (!f) continue;
    return u.prisoner_group && !f->from_unit.empty() ? f->from_unit : u.id;
  }
  const auto hash = fid.rfind('#');
  return hash == std::string::npos ? "" : fid.substr(0, hash);
}

void add_unique(std::vector<std::string>& ids, const std::string& id) {
  if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
}

// The melee by the units in it ("1st Squad against Rifles 1"): from the state while it lasts,
// else (it is gone once over) from the figures of its round.
std::string melee_words(const Words& w, const std::string& id, const pb::BgMeleeRound* round = nullptr) {
  std::vector<std::string> a, d;
  for (const auto& m : w.st.melees) {
    if (m.id != id) continue;
    a = m.attackers;
    d = m.defenders;
  }
  if (a.empty() && round) {
    for (const auto& p : round->pairs()) {
      add_unique(a, fighter_unit(w.st, p.a()));
      add_unique(d, fighter_unit(w.st, p.b()));
    }
  }
  if (a.empty() || d.empty()) return "";
  std::vector<std::string> an, dn;
  for (const auto& x : a) an.push_back(w.unit(x));
  for (const auto& x : d) dn.push_back(w.unit(x));
  return list(an) + " against " + list(dn);
}

std::string score(int roll, int mod) {
  if (mod == 0) return std::to_string(roll);
  return std::to_string(roll) + (mod > 0 ? "+" : "") + std::to_string(mod);
}

std::string melee_round(const Words& w, const pb::BgMeleeRound& e) {
  // BG-MEL-06: pairs roll 1D6 each plus modifiers (BG-MEL-07); the lower dies, a tie rolls again.
  const std::string who = melee_words(w, e.melee_id(), &e);
  std::string out = "Melee round " + std::to_string(e.round()) + (who.empty() ? "" : ", " + who) + ": ";
  for (int i = 0; i < e.pairs_size(); ++i) {
    const auto& p = e.pairs(i);
    out += (i ? "; " : "") + w.figure(p.a()) + " " + score(p.roll_a(), p.mod_a()) + " v " + w.figure(p.b()) + " " +
           score(p.roll_b(), p.mod_b());
    if (p.loser().empty()) {
      out += ", a tie, rolled again";
    } else {
      std::string loser = w.figure(p.loser());  // named just before: the id is enough
      if (loser.starts_with(p.loser())) loser = p.loser();
      out += ": " + loser + " falls";
    }
  }
  if (e.pairs().empty()) out += "no pairs fight";
  if (!e.waiting().empty()) out += "; " + w.figures(e.waiting()) + (e.waiting_size() == 1 ? " waits" : " wait") + " (BG-MEL-06)";
  return out + ".";
}

std::string melee_ordered(const Words& w, const pb::BgMeleeOrdered& e) {
  // BG-MEL-06/10: the attackers choose who fights, the defenders who faces each attacker.
  const std::string who = melee_words(w, e.melee_id());
  std::string out = w.side(e.side()) + (e.attackers() ? ", charging," : ", defending,") + " " +
                    (e.listed() ? "keeps the listed order" : "chooses the pairs") + " for melee round " +
                    std::to_string(e.round()) + (who.empty() ? "" : " (" + who + ")") + ": ";
  for (int i = 0; i < e.figure_ids_size(); ++i) {
    if (i) out += ", ";
    out += "pair " + std::to_string(i + 1) + " " + w.figure(e.figure_ids(i));
  }
  if (e.figure_ids().empty()) out += "no pairs";
  return out + " (BG-MEL-10).";
}

std::string melee_ended(const Words& w, const pb::BgMeleeEnded& e) {
  const std::string who = melee_words(w, e.melee_id());
  std::string out = who.empty() ? "The melee is over" : "The melee of " + who + " is over";
  out += e.winner_side().empty() ? " with no winner" : ", won by " + w.side(e.winner_side());
  if (e.how() == "eliminated") out += ": the losers are all down";
  else if (e.how() == "surrendered") out += ": the losers surrendered";
  else if (e.how() == "released") out += ": the vehicle lets the survivors go (BG-MEL-15)";
  else if (!e.how().empty()) out += ": " + e.how();
  const std::string winners = w.units(e.winner_units());
  if (!winners.empty()) out += "; " + winners + " marked as having run (BG-MEL-11)";
  return out + ".";
}

std::string vehicle_melee_round(const Words& w, const pb::BgVehicleMeleeRound& e) {
  const std::string who = melee_words(w, e.melee_id());
  std::string out = "Melee round " + std::to_string(e.round()) + (who.empty() ? "" : ", " + who) +
                    ": the infantry attack the vehicle and it fires back (BG-MEL-15)";
  if (e.from_behind()) out += "; they came from behind: +1 blue, and its bow weapons are silent this round";
  return out + ".";
}

std::string surrendered(const Words& w, const pb::BgSurrendered& e) {
  std::string out = w.unit(e.unit_id()) + " surrenders to " + w.side(e.to_side());
  if (!e.figure_ids().empty()) out += ": " + w.figures(e.figure_ids()) + (e.figure_ids_size() == 1 ? " is" : " are") + " taken prisoner";
  return out + w.aside(e.reason()) + ".";
}

std::string prisoners(const Words& w, const pb::BgPrisonerGroup& e) {
  std::string n = plural(e.prisoners_size(), "prisoner", "prisoners");
  if (e.released()) return "The " + n + " held by " + w.side(e.side()) + " are released.";
  if (e.lost()) return "Every guard of the " + n + " held by " + w.side(e.side()) + " is down: the prisoners are gone (BG-PRIS-05).";
  if (!e.escort_vehicle().empty()) {
    return n + " taken by " + w.side(e.side()) + ", escorted by " + w.unit(e.escort_vehicle()) + " (BG-PRIS-06).";
  }
  std::string out = n + " taken by " + w.side(e.side());
  if (!e.guards().empty()) out += ", guarded by " + w.figures(e.guards());
  return out + " (one guard per four, BG-PRIS-01).";
}

std::string guards_chosen(const Words& w, const pb::BgGuardsChosen& e) {
  // BG-PRIS-01: the captors' choice of guards (one per four prisoners, at least one).
  if (e.kept()) return w.side(e.side()) + " keeps " + w.figures(e.guards()) + " guarding prisoner group " + e.group_id() + " (rifles from the back, BG-PRIS-01).";
  std::string out = w.side(e.side()) + " chooses " + w.figures(e.guards()) + " to guard prisoner group " + e.group_id();
  if (!e.guards_in().empty()) out += ": " + w.figures(e.guards_in()) + " take" + (e.guards_in_size() == 1 ? "s" : "") + " over from " + w.figures(e.guards_out());
  return out + " (BG-PRIS-01).";
}

std::string morale(const Words& w, const pb::BgMoraleTest& e) {
  const std::string u = w.unit(e.unit_id());
  const std::string& test = e.test();
  const std::string rolls = w.faces(test + " test");
  const std::string rolled = rolls.empty() ? "" : " (rolled " + rolls + ")";
  if (test == "rally") {
    // BG-MOR-04: a routing unit rolls to rally on its side's move card.
    if (e.passed()) return u + " rallies" + rolled + " and stops routing (BG-MOR-04).";
    return u + " fails to rally" + rolled + " and runs " + inches(e.distance()) + " further, " + w.place(e.to()) + " (BG-MOR-04).";
  }
  const bool rout = test == "rout";
  std::string out = u + " takes a " + test + " test" + rolled;
  if (e.passed()) return out + " and holds (" + (rout ? "BG-MOR-02" : "BG-MOR-01") + ").";
  if (rout) return out + " and routs " + inches(e.distance()) + " away, " + w.place(e.to()) + " (BG-MOR-02/04).";
  return out + " and falls back " + inches(e.distance()) + ", " + w.place(e.to()) + ", facing the enemy (BG-MOR-01).";
}

}  // namespace

std::string combat_line(const Words& w, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kAttack: return attack(w, e.attack());
    case pb::BgEvent::kCasualties: return casualties(w, e.casualties());
    case pb::BgEvent::kVehicleDamaged: return vehicle_damaged(w, e.vehicle_damaged());
    case pb::BgEvent::kEmplacement: return emplacement(w, e.emplacement());
    case pb::BgEvent::kChargeDeclared: return charge_declared(w, e.charge_declared());
    case pb::BgEvent::kDefenderResponse: return defender_response(w, e.defender_response());
    case pb::BgEvent::kFleeRolled: return flee_rolled(w, e.flee_rolled());
    case pb::BgEvent::kChargeMoved: return charge_moved(w, e.charge_moved());
    case pb::BgEvent::kMeleeRound: return melee_round(w, e.melee_round());
    case pb::BgEvent::kMeleeOrdered: return melee_ordered(w, e.melee_ordered());
    case pb::BgEvent::kMeleeEnded: return melee_ended(w, e.melee_ended());
    case pb::BgEvent::kVehicleMeleeRound: return vehicle_melee_round(w, e.vehicle_melee_round());
    case pb::BgEvent::kSurrendered: return surrendered(w, e.surrendered());
    case pb::BgEvent::kPrisoners: return prisoners(w, e.prisoners());
    case pb::BgEvent::kGuardsChosen: return guards_chosen(w, e.guards_chosen());
    case pb::BgEvent::kMorale: return morale(w, e.morale());
    default: return "Something happened.";
  }
}

}  // namespace sandtable::bg
