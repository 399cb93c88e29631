// A caipan-server started by the load generator on a free loopback port,
// stopped (SIGTERM) when the object goes away.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_SPAWNED_SERVER_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_SPAWNED_SERVER_H_

#include <sys/types.h>

#include <string>
#include <vector>

namespace caipan::loadgen {

class SpawnedServer {
 public:
  SpawnedServer(const std::string& path, const std::string& log_path,
                const std::vector<std::string>& extra_args);
  ~SpawnedServer();
  int port() const { return port_; }
  // The /metrics port (0 when the server has none).
  int metrics_port() const { return metrics_port_; }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  int metrics_port_ = 0;
};

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_SPAWNED_SERVER_H_
