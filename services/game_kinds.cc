// The list of games expanded into plug-ins, and lookups (see game_kinds.h).
#include "services/game_kinds.h"

#include "absl/strings/str_cat.h"

namespace caipan::services {
namespace {

// "a", "a or b", "a, b or c".
std::string JoinChoices(const std::vector<std::string>& names) {
  std::string joined;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) absl::StrAppend(&joined, i + 1 == names.size() ? " or " : ", ");
    absl::StrAppend(&joined, names[i]);
  }
  return joined;
}

}  // namespace

const std::vector<const GameKindPlugin*>& GameKinds() {
#define CAIPAN_GAME_KIND_ENTRY(Name) &Name##Kind(),
  static const auto* const kinds = new std::vector<const GameKindPlugin*>{
      CAIPAN_GAME_KINDS(CAIPAN_GAME_KIND_ENTRY)};
#undef CAIPAN_GAME_KIND_ENTRY
  return *kinds;
}

const GameKindPlugin* FindGameKind(v1::GameKind kind) {
  for (const GameKindPlugin* plugin : GameKinds()) {
    if (plugin->kind == kind) return plugin;
  }
  return nullptr;
}

const GameKindPlugin* FindGameKindByField(int field_number) {
  for (const GameKindPlugin* plugin : GameKinds()) {
    for (int field : plugin->game_fields) {
      if (field == field_number) return plugin;
    }
  }
  return nullptr;
}

std::string GameFieldChoices(const google::protobuf::Descriptor& message) {
  const google::protobuf::OneofDescriptor* game =
      message.FindOneofByName("game");
  std::vector<std::string> names;
  for (const GameKindPlugin* plugin : GameKinds()) {
    for (int number : plugin->game_fields) {
      const google::protobuf::FieldDescriptor* field =
          message.FindFieldByNumber(number);
      if (field != nullptr && game != nullptr &&
          field->containing_oneof() == game) {
        names.push_back(field->name());
      }
    }
  }
  return JoinChoices(names);
}

std::string GameKindChoices() {
  std::vector<std::string> names;
  for (const GameKindPlugin* plugin : GameKinds())
    names.push_back(v1::GameKind_Name(plugin->kind));
  return JoinChoices(names);
}

}  // namespace caipan::services
