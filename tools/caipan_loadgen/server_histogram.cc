// The server's latency histogram from /metrics (see server_histogram.h).
#include "tools/caipan_loadgen/server_histogram.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace caipan::loadgen {
namespace {

// The body of GET /metrics, or "" on any failure.
std::string FetchMetrics(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  timeval timeout{1, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof(timeout));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string body;
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0) {
    const char request[] = "GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
    if (write(fd, request, sizeof(request) - 1) ==
        static_cast<ssize_t>(sizeof(request) - 1)) {
      char buffer[65536];
      ssize_t n;
      while ((n = read(fd, buffer, sizeof(buffer))) > 0) body.append(buffer, n);
    }
  }
  close(fd);
  return body;
}

}  // namespace

double Histogram::PercentileBoundMs(const Histogram& before, double p) const {
  if (buckets.empty()) return -1;
  const double total =
      buckets.back().second -
      (before.buckets.empty() ? 0 : before.buckets.back().second);
  if (total <= 0) return -1;
  for (size_t i = 0; i < buckets.size(); ++i) {
    const double earlier =
        i < before.buckets.size() ? before.buckets[i].second : 0;
    if (buckets[i].second - earlier >= total * p / 100) {
      return buckets[i].first * 1000;
    }
  }
  return -1;
}

Histogram ReadServerHistogram(int metrics_port, const std::string& method) {
  Histogram h;
  if (metrics_port <= 0) return h;
  std::istringstream lines(FetchMetrics(metrics_port));
  const std::string prefix =
      "caipan_rpc_latency_seconds_bucket{method=\"" + method + "\",le=\"";
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    const size_t quote = line.find('"', prefix.size());
    const size_t space = line.rfind(' ');
    if (quote == std::string::npos || space == std::string::npos) continue;
    const std::string bound = line.substr(prefix.size(), quote - prefix.size());
    const double le =
        bound == "+Inf" ? 1e9 : std::strtod(bound.c_str(), nullptr);
    h.buckets.push_back({le, std::strtod(line.c_str() + space + 1, nullptr)});
  }
  return h;
}

}  // namespace caipan::loadgen
