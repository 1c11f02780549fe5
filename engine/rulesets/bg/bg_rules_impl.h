#pragma once
// The Battleground RuleSet class (see bg_rules.h for the factory).
#include "engine/model/ruleset.h"

namespace sandtable::bg {

class Battleground final : public RuleSet {
 public:
  std::string_view id() const override;
  std::string_view title() const override;
  std::optional<std::string> validate(const pb::Scenario& scenario) const override;
  pb::ScenarioPalette palette() const override;  // bg_palette.cc
  std::unique_ptr<GameState> initial(const pb::Scenario& scenario) const override;
  void start(Context& ctx) const override;
  void handle(Context& ctx, const pb::Command& command) const override;
  void answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const override;
  void apply(GameState& state, const pb::Event& event) const override;  // bg_apply.cc
  void fresh_decks(GameState& state) const override;                    // bg_apply.cc
  void fill_view(const GameState& state, const std::string& viewer, pb::View& view) const override;  // bg_view.cc
  void fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const override;
  std::string pieces_key(const GameState& state, const std::string& viewer) const override;
  void fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const override;
  std::string table_key(const GameState& state, const std::string& viewer) const override;
  std::vector<std::string> waiting_for(const GameState& state) const override;
  bool any_time(const pb::Command& command) const override;
  std::unique_ptr<Bot> make_bot() const override;
  std::vector<UnitOutcome> outcomes(const GameState& state) const override;  // *_outcomes.cc
  std::string_view version() const override;
  int turn_number(const GameState& state) const override;
  void actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const override;  // bg_menu.cc
  pb::Command order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                        const pb::PlayAction& play) const override;  // bg_menu.cc
  // BG-MEL-14: the drawn flee answers the BG_FLEE decision (bg_menu.cc).
  void decision_actions(const GameState& state, const pb::Decision& decision, pb::ActionMenu& menu) const override;
  std::string order_answers(const GameState& state, const pb::Decision& decision, const pb::Command& command) const override;
  std::string describe(const GameState& state, const pb::Event& event,
                       const std::string& viewer) const override;  // bg_describe.cc
  pb::QueryAnswer query(const GameState& state, const std::string& seat,
                        const pb::Query& q) const override;  // bg_query.cc
  void redact_scenario(pb::Scenario& scenario, const std::string& viewer) const override;
  // A card drawn or turned, a minefield or hidden unit shown: a take-back never crosses them.
  bool reveals(const pb::Event& event) const override;

  // Snapshots: the rule set's part of a state as its own message, and back (bg_save*.cc).
  std::string save_state(const GameState& state) const override;
  std::unique_ptr<GameState> load_state(const pb::Scenario& scenario, const std::string& bytes,
                                        std::string* error) const override;

  // GM edits: units moved, removed, their living figures and markers, the turn (bg_edit.cc);
  // terrain, smoke and minefields, an extra card play, the end of a go (bg_edit_table.cc).
  std::vector<std::string> check_edit(const GameState& state, const pb::GmEdit& edit) const override;
  void apply_edit(GameState& state, const pb::GmEdit& edit) const override;
  bool gm_edits_figures() const override { return true; }  // its units are loose figures
  std::string describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const override;
};

}  // namespace sandtable::bg
