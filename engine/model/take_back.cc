// Take-backs and rewinds (docs/engine.md "Take-backs"). The log stays append-only: going back
// is a Rewound event that carries the earlier state, so replaying the log rebuilds the same
// table without knowing how the state was found. The points the table may go back to are the
// states just before the last few accepted orders, which Game keeps (shared, not copied).
//
// A seat takes back its last order at once while nobody else acted since and it saw nothing new;
// with the other side's (or the GM's) consent when someone else acted since; never across
// anything the seat itself saw (a die, a card, a hidden unit): knowing it, the seat would order
// differently. What only another seat saw never changes the answer, which would tell the asker. The GM may rewind to any point
// kept, with a reason.
#include <algorithm>
#include <set>

#include "engine/model/game.h"
#include "engine/model/game_words.h"
#include "engine/model/rejection.h"

namespace sandtable {

namespace {

constexpr const char* kGm = "gm";
constexpr const char* kRule = "TABLE-UNDO";
constexpr const char* kDecisionKind = "TAKE_BACK";

pb::Rejection refusal(const char* code, const std::string& message) {
  pb::Rejection r;
  r.set_code(code);
  r.set_rule_id(kRule);
  r.set_message(message);
  return r;
}

// The units a viewer's View shows (the shared View's terrain never changes; a rule set's hidden
// features found are events it names in RuleSet::reveals).
std::set<std::string> shown(const pb::View& v) {
  std::set<std::string> ids;
  for (const auto& u : v.units()) ids.insert(u.id());
  return ids;
}

bool has(const std::vector<std::string>& seats, const std::string& seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// Who may answer for the others when more than one would have to: the GM.
void ask_also(std::string& consent_from, const std::string& seat) {
  if (consent_from.empty()) consent_from = seat;
  else if (consent_from != seat) consent_from = kGm;
}

}  // namespace

TakeBackPlan Game::take_back_plan(const std::string& seat, bool look) const {
  TakeBackPlan plan;
  const GameState& st = *state_;
  if (!st.is_side(seat)) {
    plan.refusal = refusal("NOT_A_SIDE", "Only a side's seat takes back its own orders; the GM rewinds.");
    return plan;
  }
  if (st.over) {
    plan.refusal = refusal("GAME_OVER", "The game is over: its orders stand.");
    return plan;
  }
  if (st.paused) {
    plan.refusal = refusal("GAME_PAUSED", "The game master has paused the game; ask the GM to rewind instead.");
    return plan;
  }
  for (const auto& d : st.decisions) {
    if (d.kind() == kDecisionKind) {
      plan.refusal = refusal("TAKE_BACK_ASKED", side_name(st, d.seat()) + " has not yet answered a take-back.");
      return plan;
    }
  }
  std::size_t i = history_.size();
  while (i > 0 && history_[i - 1].seat != seat) --i;
  if (i == 0) {
    plan.refusal = refusal("NOTHING_TO_TAKE_BACK",
                           "You have no recent order to take back (the table keeps the last " +
                               std::to_string(kRewindPoints) + " orders, and none from before the server last started).");
    return plan;
  }
  const RewindEntry& point = history_[i - 1];
  for (std::size_t j = i - 1; j < history_.size(); ++j) {
    const RewindEntry& e = history_[j];
    if (e.revealed_to_all || has(e.revealed_to, seat)) {
      plan.refusal = refusal("TAKE_BACK_AFTER_REVEAL",
                             "Dice were rolled, a card was turned or something hidden was shown since that order, so it "
                             "stands: only the GM can rewind it.");
      return plan;
    }
    // What only another seat saw is not asked about: the answer would tell the asker that it was
    // seen (its hidden unit spotted). That seat keeps what it learned; the table goes back.
    if (e.seat != seat) ask_also(plan.consent_from, e.seat);
  }
  if (look) {
    // A hidden unit shown to the asker without a rule saying so (a move into sight): compare what
    // it sees now with what it saw at the point. Only its own sight counts (see above).
    const Game then(rules_, point.before->clone(), home_edges_);
    const auto now = shown(view(seat));
    const auto before = shown(then.view(seat));
    if (std::any_of(now.begin(), now.end(), [&](const std::string& id) { return !before.count(id); })) {
      plan.refusal = refusal("TAKE_BACK_AFTER_REVEAL",
                             "You have seen something that was hidden since that order, so it stands: only the GM can "
                             "rewind it.");
      return plan;
    }
  }
  if (!plan.consent_from.empty() && plan.consent_from != kGm && st.bot_plays(plan.consent_from)) {
    plan.refusal = refusal("TAKE_BACK_NEEDS_GM", "The computer plays " + side_name(st, plan.consent_from) +
                                                     " and cannot agree to a take-back: ask the GM to rewind.");
    return plan;
  }
  plan.point = &point;
  return plan;
}

void Game::emit_rewound(Context& ctx, const RewindEntry& point, const std::string& seat, const std::string& allowed_by,
                        const std::string& reason) const {
  pb::Event e;
  auto* r = e.mutable_rewound();
  r->set_to_seq(point.before->seq);
  r->set_seat(seat);
  r->set_allowed_by(allowed_by);
  r->set_reason(reason);
  *r->mutable_state() = snapshot_of(rules_, *point.before);
  ctx.emit(std::move(e));
}

void Game::take_back(Context& ctx, const std::string& seat) const {
  const TakeBackPlan plan = take_back_plan(seat, true);
  if (!plan.point) throw Rejected(plan.refusal.code(), plan.refusal.rule_id(), plan.refusal.message());
  if (plan.consent_from.empty()) return emit_rewound(ctx, *plan.point, seat, "", "");
  const GameState& st = ctx.state();
  pb::Decision d;
  d.set_seat(plan.consent_from);
  d.set_rule_id(kRule);
  d.set_kind(kDecisionKind);
  d.set_prompt(side_name(st, seat) + " asks to take back their order from #" + std::to_string(plan.point->before->seq + 1) +
               ": the table would go back to how it was after #" + std::to_string(plan.point->before->seq) +
               ". Allow it?");
  auto* allow = d.add_choices();
  allow->set_id("allow");
  allow->set_label("Allow");
  auto* refuse = d.add_choices();
  refuse->set_id("refuse");
  refuse->set_label("Refuse");
  d.set_asked_by(seat);
  d.set_point_seq(plan.point->before->seq);
  ctx.ask(std::move(d));
}

void Game::answer_take_back(Context& ctx, const pb::Decision& decision, const std::string& seat,
                            const std::string& choice) const {
  if (choice != "allow") return;  // refused: the answer alone is the event
  for (const auto& point : history_) {
    if (point.before->seq == decision.point_seq()) return emit_rewound(ctx, point, decision.asked_by(), seat, "");
  }
  reject("TAKE_BACK_GONE", kRule,
         "That order can no longer be taken back (the server restarted since): answer Refuse, and ask the GM to rewind.");
}

void Game::rewind(Context& ctx, const pb::GmRewind& rewind, const std::string& reason) const {
  for (const auto& point : history_) {
    if (point.before->seq == rewind.to_seq()) return emit_rewound(ctx, point, kGm, "", reason);
  }
  reject("NO_SUCH_REWIND_POINT", kRule,
         "The table can go back only to the points the GM's menu lists (the last " + std::to_string(kRewindPoints) +
             " orders since the server last started); #" + std::to_string(rewind.to_seq()) + " is not one of them.");
}

std::vector<RewindEntry> Game::history_after(const std::string& seat, const std::vector<pb::Event>& events) const {
  std::vector<RewindEntry> out = history_;
  // Before the dice are sealed the rules have not begun: there is no table to go back to.
  if (!state_->dice_sealed) return out;
  for (const auto& e : events) {
    if (!e.has_rewound()) continue;
    // Back to a point: the points after it are orders that no longer happened.
    const std::uint64_t to = e.rewound().to_seq();
    out.erase(std::remove_if(out.begin(), out.end(), [&](const RewindEntry& p) { return p.before->seq >= to; }), out.end());
    return out;
  }
  // Asking for a take-back or refusing one is not an order to go back from, nor is a ruling
  // asked or given.
  for (const auto& e : events) {
    if (e.has_ruling_asked() || e.has_ruling_given()) return out;
    if (e.has_decision_requested() && e.decision_requested().decision().kind() == kDecisionKind) return out;
    if (e.has_decision_answered()) {
      const pb::Decision* d = state_->decision(e.decision_answered().decision_id());
      if (d && d->kind() == kDecisionKind) return out;
    }
  }
  RewindEntry entry;
  entry.seat = seat;
  entry.before = state_;
  for (const auto& e : events) {
    // Dice and draws count as seen by all, whoever may read the event: what they decide shows in
    // everyone's table (a total, a loss), even when the event's words are for one seat.
    if (e.rng_draws() > 0 || e.dice_size() > 0) entry.revealed_to_all = true;
    if (!rules_.reveals(e)) continue;
    if (e.visible_to().empty()) {
      entry.revealed_to_all = true;
    } else {
      for (const auto& s : e.visible_to()) {
        if (!has(entry.revealed_to, s)) entry.revealed_to.push_back(s);
      }
    }
  }
  out.push_back(std::move(entry));
  if (out.size() > kRewindPoints) out.erase(out.begin());
  return out;
}

void Game::offer_take_back(const std::string& seat, pb::ActionMenu& menu) const {
  const TakeBackPlan plan = take_back_plan(seat, false);
  if (!plan.point) return;
  auto* offer = menu.mutable_take_back();
  offer->set_point_seq(plan.point->before->seq);
  offer->set_label(plan.consent_from.empty() ? "Take back your last order"
                                             : "Ask " + (plan.consent_from == kGm ? std::string("the GM")
                                                                                  : side_name(*state_, plan.consent_from)) +
                                                   " to let you take back your last order");
  offer->set_needs_consent(!plan.consent_from.empty());
  offer->set_consent_from(plan.consent_from);
}

void Game::list_rewind_points(pb::ActionMenu& menu) const {
  for (auto it = history_.rbegin(); it != history_.rend(); ++it) {
    auto* p = menu.add_rewind_points();
    p->set_seq(it->before->seq);
    p->set_seat(it->seat);  // the client words it ("Before #42 (Axis)") from these two
  }
}

}  // namespace sandtable
