// The release version and the source commit of this build, baked in at build
// time (the definitions are generated into the build tree, so a new commit
// recompiles one file, not the project).
#ifndef CAIPAN_COMMON_VERSION_H_
#define CAIPAN_COMMON_VERSION_H_

#include <string>

namespace caipan {

// The project version, e.g. "0.9.0".
const char* Version();

// The short commit hash, with "-dirty" when tracked files differed from it,
// or "unknown" when the sources were not a git checkout.
const char* Commit();

// One line for --version: "PROGRAM 0.9.0 (commit abc1234)".
std::string VersionLine(const char* program);

}  // namespace caipan

#endif  // CAIPAN_COMMON_VERSION_H_
