// sandtable-test-server: the real server (run_server) over a registry holding the test-only
// counter rule set, so the integration tests do not depend on any shipped rule set.
#include "server/server.h"
#include "tests/server/counter_rules.h"

int main(int argc, char** argv) {
  return sandtable::server::run_server(argc, argv, sandtable::testing::counter_registry());
}
