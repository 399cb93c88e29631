// The one list of the games caipan plays. An entry `Name` promises, in that
// game's own files, the services' plug-in `const GameKindPlugin& NameKind()`
// (services/game_kinds.h) and the CLI's `void RegisterNameCommands(CLI::App&)`
// (tools/caipan/commands.h); the services, the server and the CLI expand this
// list instead of naming games. docs/architecture.md has the steps to add one.
// A macro, not a table, so that the CLI (which does not link the services) and
// the services share it without either depending on the other's code.
#ifndef CAIPAN_SERVICES_GAME_KIND_LIST_H_
#define CAIPAN_SERVICES_GAME_KIND_LIST_H_

#define CAIPAN_GAME_KINDS(X) X(Xiangqi) X(Gomoku)

#endif  // CAIPAN_SERVICES_GAME_KIND_LIST_H_
