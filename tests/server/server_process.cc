#include "tests/server/server_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace sandtable::testing {

ServerProcess::ServerProcess(const std::string& binary, const std::string& db, std::vector<std::string> extra) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> args = {binary, "--port", "0", "--db", db, "--log-level", "warn"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  FILE* f = fdopen(out[0], "r");
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    std::string l(line);
    if (!l.empty() && l.back() == '\n') l.pop_back();
    lines_.push_back(l);
    const std::string prefix = "listening on http://127.0.0.1:";
    if (l.rfind(prefix, 0) == 0) {
      port_ = static_cast<unsigned short>(std::stoi(l.substr(prefix.size())));
      break;
    }
  }
  fclose(f);  // later output goes to a closed pipe; the server writes nothing more to stdout
  if (port_ == 0) {
    stop();
    throw std::runtime_error("the server did not start: " + binary);
  }
}

ServerProcess::~ServerProcess() { stop(); }

void ServerProcess::kill9() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

int ServerProcess::stop() {
  if (pid_ <= 0) return 0;
  ::kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return status;
}

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "sandtable-test-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  path = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

}  // namespace sandtable::testing
