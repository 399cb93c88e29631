// A caipan-server started by the load generator (see spawned_server.h).
#include "tools/caipan_loadgen/spawned_server.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace caipan::loadgen {

SpawnedServer::SpawnedServer(const std::string& path,
                             const std::string& log_path,
                             const std::vector<std::string>& extra_args) {
  std::vector<std::string> args = {path, "--address=127.0.0.1:0",
                                   "--metrics-address=127.0.0.1:0",
                                   "--http-address=127.0.0.1:0"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (posix_spawn(&pid_, path.c_str(), &actions, nullptr, argv.data(),
                  environ) != 0)
    pid_ = -1;
  posix_spawn_file_actions_destroy(&actions);
  // The server writes its port in the first log line.
  for (int i = 0; i < 500 && pid_ > 0 && port_ == 0; ++i) {
    usleep(10000);
    if (FILE* f = std::fopen(log_path.c_str(), "r")) {
      char line[512];
      if (std::fgets(line, sizeof(line), f) != nullptr) {
        if (const char* p = std::strstr(line, " port="))
          port_ = std::atoi(p + 6);
        if (const char* p = std::strstr(line, " metrics_port="))
          metrics_port_ = std::atoi(p + 14);
      }
      std::fclose(f);
    }
  }
}
SpawnedServer::~SpawnedServer() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
}

}  // namespace caipan::loadgen
