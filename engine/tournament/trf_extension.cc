// The "### caipan …" lines of a TRF file (trf_extension.h).
#include "engine/tournament/trf_extension.h"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf_player_line.h"

namespace caipan::tournament::trf_internal {
namespace {

enum class Value {
  kNone,     // withdrawn
  kText,     // unit, name, id, tiebreaks
  kCount,    // fouls, rank: 0 or more
  kInteger,  // rating: may be negative
  kPoints,   // points: FIELD VALUE pairs
  kPlayer,   // decider: the winner's start number
};

struct Key {
  std::string_view name;
  bool per_player;  // NNNN after the key
  Value value;
};

constexpr Key kKeys[] = {
    {"unit", true, Value::kText},       {"fouls", true, Value::kCount},
    {"withdrawn", true, Value::kNone},  {"name", true, Value::kText},
    {"id", true, Value::kText},         {"rating", true, Value::kInteger},
    {"rank", true, Value::kCount},      {"points", false, Value::kPoints},
    {"tiebreaks", false, Value::kText}, {"decider", false, Value::kPlayer},
};

constexpr char kKnownKeys[] =
    "unit fouls withdrawn name id rating rank points tiebreaks decider";

const Key* FindKey(std::string_view name) {
  for (const Key& key : kKeys) {
    if (key.name == name) return &key;
  }
  return nullptr;
}

// Scoring fields by the extension's names.
double* ScoringField(Scoring& scoring, std::string_view name) {
  if (name == "win") return &scoring.win;
  if (name == "draw") return &scoring.draw;
  if (name == "loss") return &scoring.loss;
  if (name == "forfeit_win") return &scoring.forfeit_win;
  if (name == "forfeit_loss") return &scoring.forfeit_loss;
  if (name == "pairing_bye") return &scoring.pairing_bye;
  if (name == "half_bye") return &scoring.half_bye;
  if (name == "full_bye") return &scoring.full_bye;
  if (name == "zero_bye") return &scoring.zero_bye;
  return nullptr;
}

// "a b" pairs of the points line, checked.
absl::Status CheckPoints(int number, const std::vector<Word>& words) {
  std::set<std::string_view> fields;
  Scoring scratch;
  for (size_t i = 1; i < words.size(); i += 2) {
    const std::string field(words[i].text);
    if (ScoringField(scratch, field) == nullptr) {
      return LineError(
          number, words[i].column,
          absl::StrCat("caipan extension: points: unknown field ", Quote(field),
                       " (win draw loss forfeit_win forfeit_loss "
                       "pairing_bye half_bye full_bye zero_bye)"));
    }
    if (!fields.insert(words[i].text).second) {
      return LineError(
          number, words[i].column,
          absl::StrCat("caipan extension: points: ", field, " is given twice"));
    }
    if (i + 1 >= words.size()) {
      return LineError(
          number, 0,
          absl::StrCat("caipan extension: points: ", field, " has no value"));
    }
    absl::StatusOr<double> value = ParsePointValue(words[i + 1].text);
    if (!value.ok()) {
      return LineError(
          number, words[i + 1].column,
          absl::StrCat("caipan extension: points: ", value.status().message()));
    }
  }
  return absl::OkStatus();
}

int ReadInteger(const std::string& text) {
  // Checked when read: [-]digits, at most 9 of them.
  const bool negative = !text.empty() && text.front() == '-';
  const int value = std::stoi(negative ? text.substr(1) : text);
  return negative ? -value : value;
}

// `value` is free text here, made a field by the caller (FieldText).
void AddLine(std::string& out, std::string_view key, int number,
             const std::string& value) {
  absl::StrAppend(&out, kExtensionPrefix, std::string(key), " ",
                  StartNumber(number), value.empty() ? "" : " ", value, "\n");
}

std::string FormatScoringExtras(const Scoring& s) {
  std::string words;
  auto add = [&words](std::string_view name, double value) {
    absl::StrAppend(&words, words.empty() ? "" : " ", std::string(name), " ",
                    FormatPointValue(value));
  };
  // What 162 implies: W also sets the forfeit win and the full-point bye, D
  // the half-point bye, A the forfeit loss (TRF-2026).
  if (s.forfeit_win != s.win) add("forfeit_win", s.forfeit_win);
  if (s.full_bye != s.win) add("full_bye", s.full_bye);
  if (s.half_bye != s.draw) add("half_bye", s.half_bye);
  if (s.forfeit_loss != s.zero_bye) add("forfeit_loss", s.forfeit_loss);
  return words;
}

}  // namespace

bool IsExtensionLine(std::string_view text) {
  const std::string_view prefix = kExtensionPrefix;
  // "### caipan" alone is an extension line without a key (an error).
  return text.substr(0, prefix.size()) == prefix ||
         text == prefix.substr(0, prefix.size() - 1);
}

absl::StatusOr<ExtensionLine> ReadExtensionLine(int number,
                                                const TrfLine& line) {
  const int first = CharCount(kExtensionPrefix) + 1;
  const std::vector<Word> words = SplitWords(line, first);
  if (words.empty()) {
    return LineError(
        number, first,
        absl::StrCat("caipan extension: no key (known: ", kKnownKeys, ")"));
  }
  ExtensionLine ext;
  ext.line = number;
  ext.key = std::string(words[0].text);
  const Key* key = FindKey(ext.key);
  if (key == nullptr) {
    return LineError(
        number, words[0].column,
        absl::StrCat("caipan extension: unknown key ", Quote(ext.key),
                     " (known: ", kKnownKeys, ")"));
  }
  const std::string what = absl::StrCat("caipan extension: ", ext.key, ": ");
  size_t value_word = 1;
  if (key->per_player || key->value == Value::kPlayer) {
    // decider ROUND NUMBER; the others NUMBER [VALUE].
    const bool decider = key->value == Value::kPlayer;
    const size_t needed = decider ? 3 : 2;
    if (words.size() < needed) {
      return LineError(number, 0,
                       what + (decider ? "expected a round and the winner's "
                                         "start number"
                                       : "expected a start number"));
    }
    if (decider) {
      absl::StatusOr<int> round = ParseCount(words[1].text, 1, kMaxTrfRounds);
      if (!round.ok()) {
        return LineError(
            number, words[1].column,
            absl::StrCat(what, "round: ", round.status().message()));
      }
      ext.round = *round;
    }
    const Word& player = words[needed - 1];
    absl::StatusOr<int> start = ParseCount(player.text, 1, kMaxTrfPlayers);
    if (!start.ok()) {
      return LineError(
          number, player.column,
          absl::StrCat(what, "start number: ", start.status().message()));
    }
    ext.number = *start;
    value_word = needed;
  }
  if (value_word < words.size()) {
    ext.value = std::string(TrimBlanks(line.From(words[value_word].column)));
  }
  switch (key->value) {
    case Value::kNone:
    case Value::kPlayer:
      if (!ext.value.empty()) {
        return LineError(number, words[value_word].column,
                         what + "nothing may follow the start number");
      }
      break;
    case Value::kText:
      if (ext.value.empty()) return LineError(number, 0, what + "no value");
      break;
    case Value::kPoints:
      if (ext.value.empty()) return LineError(number, 0, what + "no value");
      CAIPAN_RETURN_IF_ERROR(CheckPoints(number, words));
      break;
    case Value::kCount:
    case Value::kInteger: {
      if (ext.value.empty()) return LineError(number, 0, what + "no value");
      std::string_view digits = ext.value;
      if (key->value == Value::kInteger && digits.front() == '-') {
        digits.remove_prefix(1);
      }
      absl::StatusOr<int> value = ParseCount(digits, 0, 999999999);
      if (!value.ok()) {
        return LineError(number, words[value_word].column,
                         what + std::string(value.status().message()));
      }
      break;
    }
  }
  return ext;
}

absl::Status ApplyExtensionLines(const std::vector<ExtensionLine>& lines,
                                 TrfDocument& document) {
  Event& event = document.event;
  const int n = static_cast<int>(event.players.size());
  std::map<std::tuple<std::string, int, int>, int> seen;
  for (const ExtensionLine& ext : lines) {
    const Key& key = *FindKey(ext.key);  // checked when read
    auto [it, inserted] =
        seen.emplace(std::tuple(ext.key, ext.number, ext.round), ext.line);
    if (!inserted) {
      std::string which;
      if (key.value == Value::kPlayer) {
        which = absl::StrCat(" of round ", ext.round, " for ",
                             StartNumber(ext.number));
      } else if (key.per_player) {
        which = " of " + StartNumber(ext.number);
      }
      return LineError(
          ext.line, 0,
          absl::StrCat("caipan extension: ", ext.key, which,
                       " is given again (first on line ", it->second, ")"));
    }
    if (ext.number > n) {
      return LineError(
          ext.line, 0,
          absl::StrCat("caipan extension: ", ext.key, ": ",
                       StartNumber(ext.number),
                       " is not a player (start numbers run 1 to ", n, ")"));
    }
    if (ext.key == "tiebreaks") {
      document.header.tiebreaks = ext.value;
    } else if (ext.key == "points") {
      const std::vector<std::string_view> words =
          caipan::SplitTokens(ext.value);
      for (size_t i = 0; i + 1 < words.size(); i += 2) {
        absl::StatusOr<double> value = ParsePointValue(words[i + 1]);
        double* field = ScoringField(event.scoring, words[i]);
        if (value.ok() && field != nullptr) *field = *value;
      }
    } else if (ext.key == "decider") {
      document.deciders.push_back({ext.round, ext.number});
    } else {
      Player& player = event.players[ext.number - 1];
      if (ext.key == "unit") player.unit = ext.value;
      if (ext.key == "name") player.name = ext.value;
      if (ext.key == "id") player.id = ext.value;
      if (ext.key == "withdrawn") player.withdrawn = true;
      if (ext.key == "fouls") player.fouls = ReadInteger(ext.value);
      if (ext.key == "rating") player.rating = ReadInteger(ext.value);
      if (ext.key == "rank") player.rank = ReadInteger(ext.value);
    }
  }
  return absl::OkStatus();
}

std::string WriteExtensionLines(const TrfDocument& document) {
  const Event& event = document.event;
  std::string out;
  if (const std::string tiebreaks = FieldText(document.header.tiebreaks);
      !tiebreaks.empty()) {
    absl::StrAppend(&out, kExtensionPrefix, "tiebreaks ", tiebreaks, "\n");
  }
  if (const std::string extras = FormatScoringExtras(event.scoring);
      !extras.empty()) {
    absl::StrAppend(&out, kExtensionPrefix, "points ", extras, "\n");
  }
  for (const TrfDecider& decider : document.deciders) {
    absl::StrAppend(&out, kExtensionPrefix, "decider ",
                    absl::StrFormat("%03d ", decider.round),
                    StartNumber(decider.winner), "\n");
  }
  for (const Player& player : event.players) {
    const int number = player.number;
    // Counted as the 001 line writes them (trf_player_line.cc).
    const std::string name = FieldText(player.name);
    const std::string id = FieldText(player.id);
    if (CharCount(name) > kNameColumns) AddLine(out, "name", number, name);
    if (CharCount(id) > kIdColumns) AddLine(out, "id", number, id);
    if (player.rating != 0 && !FitsFourColumns(player.rating)) {
      AddLine(out, "rating", number, absl::StrCat(player.rating));
    }
    if (player.rank != 0 && !FitsFourColumns(player.rank)) {
      AddLine(out, "rank", number, absl::StrCat(player.rank));
    }
    if (const std::string unit = FieldText(player.unit); !unit.empty())
      AddLine(out, "unit", number, unit);
    if (player.fouls != 0) {
      AddLine(out, "fouls", number, absl::StrCat(player.fouls));
    }
    if (player.withdrawn) AddLine(out, "withdrawn", number, "");
  }
  return out;
}

}  // namespace caipan::tournament::trf_internal
