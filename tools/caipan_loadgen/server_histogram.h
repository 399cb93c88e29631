// The server's own latency histogram of one method, read from its /metrics
// endpoint: what the server spent on the calls, apart from the load
// generator's share of the machine.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_SERVER_HISTOGRAM_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_SERVER_HISTOGRAM_H_

#include <string>
#include <vector>

namespace caipan::loadgen {

struct Histogram {
  // Cumulative counts by upper bound (seconds), in the endpoint's order.
  std::vector<std::pair<double, double>> buckets;

  // The bucket bound at or under which `p` percent of the calls counted
  // between `before` and this reading fell (in ms; -1 without data).
  double PercentileBoundMs(const Histogram& before, double p) const;
};

// Reads `method`'s latency buckets from http://127.0.0.1:PORT/metrics (an
// empty histogram if the endpoint cannot be read within a second).
Histogram ReadServerHistogram(int metrics_port, const std::string& method);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_SERVER_HISTOGRAM_H_
