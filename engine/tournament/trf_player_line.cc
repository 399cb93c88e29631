// Reading and writing the 001 record (trf_player_line.h).
#include "engine/tournament/trf_player_line.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament::trf_internal {
namespace {

constexpr int kFirstRoundColumn = 92;
constexpr int kRoundWidth = 10;

bool IsGameResult(RoundResult result) {
  return result == RoundResult::kWin || result == RoundResult::kDraw ||
         result == RoundResult::kLoss || result == RoundResult::kUnplayed;
}

bool IsForfeit(RoundResult result) {
  return result == RoundResult::kForfeitWin ||
         result == RoundResult::kForfeitLoss;
}

char SexCode(Sex sex) {
  switch (sex) {
    case Sex::kMale:
      return 'm';
    case Sex::kFemale:
      return 'w';
    case Sex::kUnknown:
      return ' ';
  }
  return ' ';
}

// A field of `width` columns: free text kept to one line (a line break would
// end the record), cut to fit, left-aligned.
std::string Field(std::string_view text, int width) {
  return PadRight(FirstChars(FieldText(text), width), width);
}

absl::Status ReadRound(int number, const TrfLine& line, int round_index,
                       Player& player) {
  const int column = RoundColumn(round_index);
  const int round = round_index + 1;
  for (int blank : {column + 4, column + 6, column + 8, column + 9}) {
    if (!line.At(blank).empty() && line.At(blank) != " ") {
      return LineError(
          number, blank,
          absl::StrCat("round ", round,
                       ": expected a blank between opponent, colour and "
                       "result, got ",
                       Quote(line.At(blank)), " (are the columns shifted?)"));
    }
  }
  RoundEntry entry;
  const std::string_view opponent =
      TrimBlanks(line.Columns(column, column + 3));
  if (!opponent.empty()) {
    absl::StatusOr<int> value = ParseCount(opponent, 0, kMaxTrfPlayers);
    if (!value.ok()) {
      return LineError(number, column,
                       absl::StrCat("round ", round,
                                    ": opponent: ", value.status().message()));
    }
    entry.opponent = *value;
  }
  const std::string_view colour = line.At(column + 5);
  if (colour == "w" || colour == "W") {
    entry.side = Side::kRed;
  } else if (colour == "b" || colour == "B") {
    entry.side = Side::kBlack;
  } else if (!colour.empty() && colour != " " && colour != "-") {
    return LineError(
        number, column + 5,
        absl::StrCat("round ", round, ": colour: expected w, b or -, got ",
                     Quote(colour)));
  }
  const std::string_view code = line.At(column + 7);
  const char c = code.size() == 1 ? code[0] : '?';
  switch (c) {
    case '1':
    case 'W':
    case 'w':
      entry.result = RoundResult::kWin;
      break;
    case '=':
    case 'D':
    case 'd':
      entry.result = RoundResult::kDraw;
      break;
    case '0':
    case 'L':
    case 'l':
      entry.result = RoundResult::kLoss;
      break;
    case '+':
      entry.result = RoundResult::kForfeitWin;
      break;
    case '-':
      entry.result = RoundResult::kForfeitLoss;
      break;
    case 'U':
    case 'u':
      entry.result = RoundResult::kPairingBye;
      break;
    case 'H':
    case 'h':
      entry.result = RoundResult::kHalfBye;
      break;
    case 'F':
    case 'f':
      entry.result = RoundResult::kFullBye;
      break;
    case 'Z':
    case 'z':
      entry.result = RoundResult::kZeroBye;
      break;
    default:
      if (!code.empty() && code != " ") {
        return LineError(
            number, column + 7,
            absl::StrCat("round ", round,
                         ": result: expected one of 1 = 0 + - U H F Z "
                         "(or W D L), got ",
                         Quote(code)));
      }
      // Blank: a paired game without a result yet, or (no opponent) Z.
      entry.result =
          entry.opponent != 0 ? RoundResult::kUnplayed : RoundResult::kZeroBye;
  }
  const std::string what = absl::StrCat("round ", round, ": ");
  if (entry.opponent == player.number) {
    return LineError(number, column, what + "a player cannot meet itself");
  }
  if (IsGameResult(entry.result)) {
    if (entry.opponent == 0) {
      return LineError(number, column,
                       what +
                           "a game needs an opponent (0000 is for byes and "
                           "absences)");
    }
    if (!entry.side.has_value()) {
      return LineError(number, column + 5,
                       what + "a game needs a colour, w or b");
    }
  } else if (!IsForfeit(entry.result)) {
    if (entry.opponent != 0) {
      return LineError(number, column,
                       absl::StrCat(what, "a bye (",
                                    std::string(1, ResultCode(entry.result)),
                                    ") is written against 0000, not ",
                                    StartNumber(entry.opponent)));
    }
    if (entry.side.has_value()) {
      return LineError(number, column + 5,
                       what + "a bye has no colour (write - or a blank)");
    }
  } else if (entry.opponent == 0 && entry.side.has_value()) {
    return LineError(number, column + 5,
                     what + "a forfeit without an opponent has no colour");
  }
  player.rounds.push_back(entry);
  return absl::OkStatus();
}

}  // namespace

int RoundColumn(int round_index) {
  return kFirstRoundColumn + kRoundWidth * round_index;
}

bool FitsFourColumns(int value) { return value >= 1 && value <= 9999; }

absl::StatusOr<PlayerLine> ReadPlayerLine(int number, const TrfLine& line) {
  PlayerLine read;
  read.line = number;
  Player& player = read.player;
  // Separator columns must be blank: a character there means the fields are
  // shifted, and reading them anyway would take one field for another.
  for (int column : {4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91}) {
    if (!line.At(column).empty() && line.At(column) != " ") {
      return LineError(
          number, column,
          absl::StrCat("expected a blank between fields, got ",
                       Quote(line.At(column)), " (are the columns shifted?)"));
    }
  }
  absl::StatusOr<int> start =
      ParseCount(TrimBlanks(line.Columns(5, 8)), 1, kMaxTrfPlayers);
  if (!start.ok()) {
    return LineError(number, 5,
                     absl::StrCat("start number: ", start.status().message()));
  }
  player.number = *start;
  const std::string_view sex = line.At(10);
  if (sex == "m" || sex == "M") {
    player.sex = Sex::kMale;
  } else if (sex == "w" || sex == "W" || sex == "f" || sex == "F") {
    player.sex = Sex::kFemale;
  } else if (!sex.empty() && sex != " ") {
    return LineError(
        number, 10,
        absl::StrCat("sex: expected m, w or a blank, got ", Quote(sex)));
  }
  read.info.title = std::string(TrimBlanks(line.Columns(11, 13)));
  player.name = std::string(TrimBlanks(line.Columns(15, 47)));
  const std::string_view rating = TrimBlanks(line.Columns(49, 52));
  if (!rating.empty()) {
    absl::StatusOr<int> value = ParseCount(rating, 0, 9999);
    if (!value.ok()) {
      return LineError(number, 49,
                       absl::StrCat("rating: ", value.status().message()));
    }
    player.rating = *value;
  }
  read.info.federation = std::string(TrimBlanks(line.Columns(54, 56)));
  player.id = std::string(TrimBlanks(line.Columns(58, 68)));
  const std::string_view birth = TrimBlanks(line.Columns(70, 79));
  if (!birth.empty()) {
    absl::StatusOr<Date> date = ParseTrfDate(birth);
    if (!date.ok()) {
      return LineError(number, 70,
                       absl::StrCat("birth date: ", date.status().message()));
    }
    player.birth_date = *date;
  }
  const std::string_view points = TrimBlanks(line.Columns(81, 84));
  if (!points.empty()) {
    absl::StatusOr<double> value = ParsePointValue(points);
    if (!value.ok()) {
      return LineError(number, 81,
                       absl::StrCat("points: ", value.status().message()));
    }
    read.points_column = *value;
  }
  const std::string_view rank = TrimBlanks(line.Columns(86, 89));
  if (!rank.empty()) {
    absl::StatusOr<int> value = ParseCount(rank, 0, kMaxTrfPlayers);
    if (!value.ok()) {
      return LineError(number, 86,
                       absl::StrCat("rank: ", value.status().message()));
    }
    player.rank = *value;
  }
  for (int r = 0; RoundColumn(r) <= line.size(); ++r) {
    if (r >= kMaxTrfRounds) {
      return LineError(number, RoundColumn(r),
                       absl::StrCat("more than ", kMaxTrfRounds, " rounds"));
    }
    CAIPAN_RETURN_IF_ERROR(ReadRound(number, line, r, player));
  }
  return read;
}

std::string WritePlayerLine(const Event& event, const Player& player,
                            const TrfPlayerInfo& info) {
  std::string line =
      absl::StrFormat("001 %4d %c", player.number, SexCode(player.sex));
  line += Field(info.title, 3);
  line += ' ';
  line += Field(player.name, kNameColumns);
  line += ' ';
  line += FitsFourColumns(player.rating) ? absl::StrFormat("%4d", player.rating)
                                         : std::string(4, ' ');
  line += ' ';
  line += Field(info.federation, 3);
  line += ' ';
  const std::string id = FieldText(player.id);
  line += CharCount(id) <= kIdColumns ? PadLeft(id, kIdColumns)
                                      : std::string(kIdColumns, ' ');
  line += ' ';
  line += player.birth_date ? FormatTrfDate(*player.birth_date)
                            : std::string(10, ' ');
  line += ' ';
  const std::string points = FormatPointValue(
      PointsAfter(event, player, static_cast<int>(player.rounds.size())));
  line += CharCount(points) <= 4 ? PadLeft(points, 4) : std::string(4, ' ');
  line += ' ';
  line += FitsFourColumns(player.rank) ? absl::StrFormat("%4d", player.rank)
                                       : std::string(4, ' ');
  for (const RoundEntry& entry : player.rounds) {
    const char colour = !entry.side.has_value()     ? '-'
                        : *entry.side == Side::kRed ? 'w'
                                                    : 'b';
    absl::StrAppend(&line, "  ", FormatNumber4(entry.opponent), " ",
                    std::string(1, colour), " ",
                    std::string(1, ResultCode(entry.result)));
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

}  // namespace caipan::tournament::trf_internal
