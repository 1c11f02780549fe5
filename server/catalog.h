#pragma once
// The built-in scenarios the lobby offers: every *.json under a directory that parses and
// validates against a registered rule set (files for unknown rule sets are skipped, logged).
#include <map>
#include <string>

#include "engine/model/registry.h"
#include "sandtable/v1/protocol.pb.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

struct ScenarioCatalog {
  pb::Catalog catalog;                         // what ListCatalog answers
  std::map<std::string, pb::Scenario> by_id;  // scenario id -> scenario
};

ScenarioCatalog load_catalog(const std::string& dir, const Registry& registry);

}  // namespace sandtable::server
