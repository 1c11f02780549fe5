#pragma once
// The sandtable-server program as a function, so that a test build can run the very same
// server over a registry with extra (test-only) rule sets.
#include "engine/model/registry.h"

namespace sandtable::server {

int run_server(int argc, char** argv, const Registry& registry);

}  // namespace sandtable::server
