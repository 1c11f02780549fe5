#pragma once
// The Portable Wargame RuleSet class (see pw_rules.h for the factory).
#include "engine/model/ruleset.h"

namespace sandtable::pw {

class PortableWargame final : public RuleSet {
 public:
  std::string_view id() const override;
  std::string_view title() const override;
  std::optional<std::string> validate(const pb::Scenario& scenario) const override;
  pb::ScenarioPalette palette() const override;  // pw_palette.cc
  std::unique_ptr<GameState> initial(const pb::Scenario& scenario) const override;
  void start(Context& ctx) const override;
  void handle(Context& ctx, const pb::Command& command) const override;
  void answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const override;
  void apply(GameState& state, const pb::Event& event) const override;  // pw_apply.cc
  void apply_emitted(GameState& state, const pb::Event& event, const google::protobuf::Message& body) const override;
  void fill_view(const GameState& state, const std::string& viewer, pb::View& view) const override;  // pw_view.cc
  void fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const override;
  std::string pieces_key(const GameState& state, const std::string& viewer) const override;
  void fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const override;
  std::string table_key(const GameState& state, const std::string& viewer) const override;
  std::vector<std::string> waiting_for(const GameState& state) const override;
  std::unique_ptr<Bot> make_bot() const override;
  std::vector<UnitOutcome> outcomes(const GameState& state) const override;  // *_outcomes.cc
  std::string_view version() const override;
  int turn_number(const GameState& state) const override;
  void actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const override;  // pw_menu.cc
  pb::Command order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                        const pb::PlayAction& play) const override;  // pw_menu.cc
  std::string describe(const GameState& state, const pb::Event& event,
                       const std::string& viewer) const override;  // pw_describe.cc
  pb::QueryAnswer query(const GameState& state, const std::string& seat,
                        const pb::Query& q) const override;  // pw_query.cc

  // Snapshots: the rule set's part of a state as its own message, and back (pw_save.cc).
  std::string save_state(const GameState& state) const override;
  std::unique_ptr<GameState> load_state(const pb::Scenario& scenario, const std::string& bytes,
                                        std::string* error) const override;

  // GM edits: units moved, removed, their SP, quality and activation, a side's exhaustion, the
  // turn number (pw_edit.cc).
  std::vector<std::string> check_edit(const GameState& state, const pb::GmEdit& edit) const override;
  void apply_edit(GameState& state, const pb::GmEdit& edit) const override;
  std::string describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const override;
};

}  // namespace sandtable::pw
