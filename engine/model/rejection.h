#pragma once
// Refusing a command: rule code throws Rejected; the game catches it, discards the scratch
// state and answers with the rejection, so a refused command never changes anything.
#include <stdexcept>
#include <string>

#include "sandtable/v1/common.pb.h"

namespace sandtable {

class Rejected : public std::runtime_error {
 public:
  Rejected(std::string code, std::string rule_id, std::string message);
  const ::sandtable::v1::Rejection& rejection() const { return rejection_; }

 private:
  ::sandtable::v1::Rejection rejection_;
};

[[noreturn]] void reject(std::string code, std::string rule_id, std::string message);

// A roll the table has not entered (TABLE_DICE_NEEDED): which die, how many of them the rules ask
// for in a row (a pool), and what for. A room parks the order until they come (docs/engine.md
// "Table dice"); a caller that hands dice in with the order gets the refusal.
class DiceNeeded : public Rejected {
 public:
  DiceNeeded(::sandtable::v1::DieKind kind, int count, std::string label, std::string message)
      : Rejected("TABLE_DICE_NEEDED", "GEN", std::move(message)), kind_(kind), count_(count), label_(std::move(label)) {}
  ::sandtable::v1::DieKind kind() const { return kind_; }
  int count() const { return count_; }
  const std::string& label() const { return label_; }

 private:
  ::sandtable::v1::DieKind kind_;
  int count_;
  std::string label_;
};

}  // namespace sandtable
