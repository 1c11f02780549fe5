#pragma once
// The One-Hour Wargames WWII RuleSet class (see oh_rules.h for the factory).
#include "engine/model/ruleset.h"

namespace sandtable::oh {

class OneHourWw2 final : public RuleSet {
 public:
  std::string_view id() const override;
  std::string_view title() const override;
  std::string_view version() const override;
  int turn_number(const GameState& state) const override;
  std::optional<std::string> validate(const pb::Scenario& scenario) const override;
  pb::ScenarioPalette palette() const override;  // oh_palette.cc
  std::unique_ptr<GameState> initial(const pb::Scenario& scenario) const override;
  void start(Context& ctx) const override;
  void handle(Context& ctx, const pb::Command& command) const override;
  void answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const override;
  void apply(GameState& state, const pb::Event& event) const override;  // oh_apply.cc
  void fill_view(const GameState& state, const std::string& viewer, pb::View& view) const override;  // oh_view.cc
  void fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const override;
  std::string pieces_key(const GameState& state, const std::string& viewer) const override;
  void fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const override;
  std::string table_key(const GameState& state, const std::string& viewer) const override;
  std::vector<std::string> waiting_for(const GameState& state) const override;
  std::unique_ptr<Bot> make_bot() const override;  // oh_bot.cc
  std::vector<UnitOutcome> outcomes(const GameState& state) const override;  // *_outcomes.cc
  void actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const override;  // oh_menu.cc
  void decision_actions(const GameState& state, const pb::Decision& decision, pb::ActionMenu& menu) const override;
  std::string order_answers(const GameState& state, const pb::Decision& decision, const pb::Command& command) const override;
  pb::Command order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                        const pb::PlayAction& play) const override;  // oh_menu.cc
  std::string describe(const GameState& state, const pb::Event& event,
                       const std::string& viewer) const override;  // oh_describe.cc
  pb::QueryAnswer query(const GameState& state, const std::string& seat, const pb::Query& q) const override;  // oh_query.cc
  std::string save_state(const GameState& state) const override;  // oh_save.cc
  std::unique_ptr<GameState> load_state(const pb::Scenario& scenario, const std::string& bytes,
                                        std::string* error) const override;
  std::vector<std::string> check_edit(const GameState& state, const pb::GmEdit& edit) const override;  // oh_edit.cc
  void apply_edit(GameState& state, const pb::GmEdit& edit) const override;
  std::string describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const override;
  std::vector<std::string> gm_phases(const GameState& state) const override;  // oh_edit_table.cc
};

}  // namespace sandtable::oh
