// Rulings (docs/engine.md "Rulings"): a seat disputes a refusal or a decision, the GM answers. Both
// are events, so the question and the answer are in the log, replay and survive a restart. The
// engine does not re-run the disputed order when the GM allows it: the GM makes the table what it
// should be with an edit, which is audited like any other.
#include <algorithm>

#include "engine/model/game.h"
#include "engine/model/rejection.h"

namespace sandtable {

namespace {

constexpr const char* kRule = "TABLE-RULING";
constexpr std::size_t kMaxWords = 500;
constexpr int kOpenPerSeat = 3;

}  // namespace

void Game::ask_ruling(Context& ctx, const std::string& seat, const pb::AskRuling& ask) const {
  const GameState& st = ctx.state();
  if (!st.is_side(seat)) reject("NOT_A_SIDE", kRule, "Rulings are asked by the sides; the GM gives them.");
  if (st.over) reject("GAME_OVER", kRule, "The game is over: " + st.end_reason);
  if (ask.text().empty() && ask.about().empty()) {
    reject("RULING_EMPTY", kRule, "Say what you ask the GM to rule on.");
  }
  if (ask.text().size() > kMaxWords || ask.about().size() > kMaxWords || ask.rule_id().size() > 64) {
    reject("RULING_TOO_LONG", kRule, "Keep a question under " + std::to_string(kMaxWords) + " bytes.");
  }
  const auto open = std::count_if(st.rulings.begin(), st.rulings.end(),
                                  [&](const pb::RulingRequest& r) { return r.seat() == seat; });
  if (open >= kOpenPerSeat) {
    reject("RULING_LIMIT", kRule,
           "You have " + std::to_string(open) + " questions waiting for the GM; wait for an answer before asking more.");
  }
  pb::Event e;
  auto* r = e.mutable_ruling_asked()->mutable_ruling();
  r->set_id(st.next_ruling_id);
  r->set_seat(seat);
  r->set_rule_id(ask.rule_id());
  r->set_about(ask.about());
  r->set_text(ask.text());
  r->set_asked_at(st.seq + 1);
  // Every seat's log says a ruling was asked; only the asker's and the GM's carry its words
  // (Game::event_for, shared_event_text): what it disputes may name the asker's hidden units.
  ctx.emit(std::move(e));
}

void Game::give_ruling(Context& ctx, const pb::GmRule& rule) const {
  const GameState& st = ctx.state();
  const auto it = std::find_if(st.rulings.begin(), st.rulings.end(),
                               [&](const pb::RulingRequest& r) { return r.id() == rule.ruling_id(); });
  if (it == st.rulings.end()) reject("NO_SUCH_RULING", kRule, "That question has already been answered or never was asked.");
  if (rule.verdict() != pb::VERDICT_UPHOLD && rule.verdict() != pb::VERDICT_ALLOW) {
    reject("RULING_VERDICT_NEEDED", kRule, "Uphold what the game said, or allow what was asked.");
  }
  if (rule.words().size() > kMaxWords) {
    reject("RULING_TOO_LONG", kRule, "Keep a ruling under " + std::to_string(kMaxWords) + " bytes: it is written in every log.");
  }
  pb::Event e;
  auto* g = e.mutable_ruling_given();
  g->set_ruling_id(rule.ruling_id());
  g->set_seat(it->seat());
  g->set_verdict(rule.verdict());
  g->set_words(rule.words());
  ctx.emit(std::move(e));
}

void Game::list_rulings(const std::string& seat, pb::ActionMenu& menu) const {
  for (const auto& r : state_->rulings) {
    if (seat == "gm" || r.seat() == seat) *menu.add_rulings() = r;
  }
}

}  // namespace sandtable
