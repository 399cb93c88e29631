// Stand-in for libFuzzer's main in ordinary builds: replays every file of the
// seed corpus folders given as arguments, then a fixed number of pseudo-random
// mutations of them, so a crash in a parser shows up in the regular test run.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::string> ReadSeeds(int argc, char** argv) {
  std::vector<std::string> seeds;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]).rfind("--", 0) == 0) continue;
    std::filesystem::path dir(argv[i]);
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      std::ifstream in(entry.path(), std::ios::binary);
      seeds.emplace_back(std::istreambuf_iterator<char>(in),
                         std::istreambuf_iterator<char>());
    }
  }
  if (seeds.empty()) seeds.emplace_back();
  return seeds;
}

std::string Mutate(std::string s, std::mt19937& rng) {
  int edits = 1 + rng() % 4;
  for (int e = 0; e < edits; ++e) {
    switch (rng() % 4) {
      case 0:  // flip a byte
        if (!s.empty()) s[rng() % s.size()] = static_cast<char>(rng());
        break;
      case 1:  // insert a byte
        s.insert(s.begin() + (s.empty() ? 0 : rng() % (s.size() + 1)),
                 static_cast<char>(rng()));
        break;
      case 2:  // delete a byte
        if (!s.empty()) s.erase(s.begin() + rng() % s.size());
        break;
      default:  // duplicate a slice
        if (!s.empty()) {
          size_t at = rng() % s.size();
          s.insert(at, s.substr(at, rng() % 16));
        }
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> seeds = ReadSeeds(argc, argv);
  for (const std::string& seed : seeds) {
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(seed.data()),
                           seed.size());
  }
  std::mt19937 rng(20111);
  // Targets whose every input is costly (a whole game server) ask for fewer.
  int kMutations = 20000;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--mutations=", 0) == 0)
      kMutations = std::stoi(arg.substr(12));
  }
  for (int i = 0; i < kMutations; ++i) {
    std::string input = Mutate(seeds[rng() % seeds.size()], rng);
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()),
                           input.size());
  }
  std::printf("replayed %zu seeds and %d mutations\n", seeds.size(),
              kMutations);
  return 0;
}
