// sandtable-server: the room server over every built-in rule set. Flags: see --help.
#include "engine/registry/builtin_registry.h"
#include "server/server.h"

int main(int argc, char** argv) { return sandtable::server::run_server(argc, argv, sandtable::builtin_registry()); }
