// Reading a TRF text into a TrfDocument (trf.h): line by line into records,
// then the checks that need every player (numbers, both sides of each game)
// and the extension lines applied to the players they name.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/text.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament {
namespace {

using trf_internal::CharCount;
using trf_internal::ParseCount;
using trf_internal::ParsePointValue;
using trf_internal::ParseTrfDate;
using trf_internal::TrfLine;
using trf_internal::TrimBlanks;

constexpr std::string_view kExtensionPrefix = "### caipan ";
constexpr int kFirstRoundColumn = 92;
constexpr int kRoundWidth = 10;

std::string Quote(std::string_view text) {
  return QuoteToken(std::string(text));
}

absl::Status At(int line, int column, const std::string& what) {
  if (column <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("line ", line, " column ", column, ": ", what));
}

// "column 12: …" from TrfLine::Make turned into "line N column 12: …".
absl::Status AtLine(int line, const absl::Status& status) {
  return absl::InvalidArgumentError(
      absl::StrCat("line ", line, " ", status.message()));
}

std::string Number4(int number) { return absl::StrFormat("%04d", number); }

int RoundColumn(int round_index) {
  return kFirstRoundColumn + kRoundWidth * round_index;
}

// A 001 line read, with where its parts were for later messages.
struct PlayerLine {
  Player player;
  TrfPlayerInfo info;
  int line = 0;
  std::optional<double> points_column;
};

struct ExtensionLine {
  int line = 0;
  std::string key;
  int number = 0;  // the player, for per-player keys
  std::string value;
};

// Which side of a game a result code is, for checking both lines of a game.
bool ResultsMatch(RoundResult a, RoundResult b) {
  switch (a) {
    case RoundResult::kWin:
      return b == RoundResult::kLoss;
    case RoundResult::kLoss:
      return b == RoundResult::kWin;
    case RoundResult::kDraw:
      return b == RoundResult::kDraw;
    case RoundResult::kForfeitWin:
      return b == RoundResult::kForfeitLoss;
    case RoundResult::kForfeitLoss:
      // Both absent: a double forfeit.
      return b == RoundResult::kForfeitWin || b == RoundResult::kForfeitLoss;
    case RoundResult::kUnplayed:
      return b == RoundResult::kUnplayed;
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
      return false;
  }
  return false;
}

char ResultCode(RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
      return '1';
    case RoundResult::kDraw:
      return '=';
    case RoundResult::kLoss:
      return '0';
    case RoundResult::kForfeitWin:
      return '+';
    case RoundResult::kForfeitLoss:
      return '-';
    case RoundResult::kPairingBye:
      return 'U';
    case RoundResult::kHalfBye:
      return 'H';
    case RoundResult::kFullBye:
      return 'F';
    case RoundResult::kZeroBye:
      return 'Z';
    case RoundResult::kUnplayed:
      return ' ';
  }
  return '?';
}

bool IsGameResult(RoundResult result) {
  return result == RoundResult::kWin || result == RoundResult::kDraw ||
         result == RoundResult::kLoss || result == RoundResult::kUnplayed;
}

bool IsForfeit(RoundResult result) {
  return result == RoundResult::kForfeitWin ||
         result == RoundResult::kForfeitLoss;
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

// The next blank-separated word of `text` from `*pos` (a byte offset), and
// the column it starts at given that byte 0 is at `first_column`. The
// extension and 260 lines are read as words.
struct Word {
  std::string_view text;
  int column = 0;
};

std::vector<Word> SplitWords(const TrfLine& line, int from_column) {
  std::vector<Word> words;
  int column = from_column;
  while (column <= line.size()) {
    if (line.At(column) == " ") {
      ++column;
      continue;
    }
    const int start = column;
    while (column <= line.size() && line.At(column) != " ") ++column;
    words.push_back({line.Columns(start, column - 1), start});
  }
  return words;
}

class Reader {
 public:
  absl::StatusOr<TrfDocument> Read(std::string_view text);

 private:
  absl::Status ReadLine(int number, std::string_view raw);
  absl::Status ReadRecord(int number, const TrfLine& line);
  absl::Status ReadPlayer(int number, const TrfLine& line);
  absl::Status ReadRound(int number, const TrfLine& line, int round_index,
                         Player& player);
  absl::Status ReadPointSystem(int number, const TrfLine& line);
  absl::Status ReadProhibition(int number, const TrfLine& line);
  absl::Status ReadExtension(int number, const TrfLine& line);
  // Header records that may appear once: their line, or an error.
  absl::Status Once(std::string_view code, int number);

  absl::Status CheckPlayers();
  absl::Status CheckGames();
  absl::Status ApplyExtensions();
  void CheckPoints();

  TrfDocument document_;
  std::vector<PlayerLine> players_;
  std::vector<ExtensionLine> extensions_;
  std::map<std::string, int, std::less<>> seen_;
  // 162 read: code and points, in the order written.
  std::vector<std::pair<char, double>> point_system_;
  std::optional<int> rounds_142_;
  std::optional<int> rounds_xxr_;
  std::optional<std::pair<int, int>> players_062_;  // value, line
  std::vector<int> prohibition_lines_;
};

absl::StatusOr<TrfDocument> Reader::Read(std::string_view text) {
  if (text.size() > kMaxTrfBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("the TRF text has ", text.size(), " bytes, more than ",
                     kMaxTrfBytes, " (8 MiB)"));
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    // CR, LF and CRLF all end a line (TRF's own remark asks for CR).
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    if (absl::Status s = ReadLine(number, text.substr(pos, end - pos));
        !s.ok()) {
      return s;
    }
    pos = end;
    if (pos < text.size()) {
      const bool crlf =
          text[pos] == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n';
      pos += crlf ? 2 : 1;
    }
  }
  if (absl::Status s = CheckPlayers(); !s.ok()) return s;
  if (absl::Status s = CheckGames(); !s.ok()) return s;
  if (absl::Status s = ApplyExtensions(); !s.ok()) return s;
  CheckPoints();
  return std::move(document_);
}

absl::Status Reader::ReadLine(int number, std::string_view raw) {
  while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
  if (raw.empty()) return absl::OkStatus();
  const bool extension =
      raw.substr(0, kExtensionPrefix.size()) == kExtensionPrefix ||
      raw == TrimBlanks(kExtensionPrefix);
  // An ordinary comment may hold anything.
  if (raw.substr(0, 3) == "###" && !extension) return absl::OkStatus();
  absl::StatusOr<TrfLine> line = TrfLine::Make(raw);
  if (!line.ok()) return AtLine(number, line.status());
  if (extension) return ReadExtension(number, *line);
  return ReadRecord(number, *line);
}

absl::Status Reader::Once(std::string_view code, int number) {
  auto [it, inserted] = seen_.emplace(std::string(code), number);
  if (!inserted) {
    return At(number, 1,
              absl::StrCat("record ", std::string(code),
                           " is given again (first on line ", it->second, ")"));
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadRecord(int number, const TrfLine& line) {
  const std::string_view code = line.Columns(1, 3);
  bool code_ok = line.size() >= 3 && (line.size() == 3 || line.At(4) == " ");
  for (char c : code) {
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
          (c >= 'a' && c <= 'z'))) {
      code_ok = false;
    }
  }
  if (!code_ok) {
    return At(number, 1,
              absl::StrCat("not a TRF record: expected a 3-character record "
                           "code and a blank (such as \"001 \"), got ",
                           Quote(line.Columns(1, 4))));
  }
  const std::string value(TrimBlanks(line.From(5)));
  TrfHeader& header = document_.header;
  if (code == "001") return ReadPlayer(number, line);
  if (code == "162") return ReadPointSystem(number, line);
  if (code == "260") return ReadProhibition(number, line);
  if (code == "112") {
    header.deputy_arbiters.push_back(value);
    return absl::OkStatus();
  }
  std::string* text_field = nullptr;
  if (code == "012") text_field = &document_.event.name;
  if (code == "022") text_field = &header.city;
  if (code == "032") text_field = &header.federation;
  if (code == "092") text_field = &header.type;
  if (code == "102") text_field = &header.chief_arbiter;
  if (code == "122") text_field = &header.allotted_times;
  if (code == "222") text_field = &document_.event.time_control;
  if (text_field != nullptr) {
    if (absl::Status s = Once(code, number); !s.ok()) return s;
    *text_field = value;
    return absl::OkStatus();
  }
  if (code == "042" || code == "052") {
    if (absl::Status s = Once(code, number); !s.ok()) return s;
    if (value.empty()) return absl::OkStatus();
    absl::StatusOr<Date> date = ParseTrfDate(value);
    if (!date.ok()) return At(number, 5, std::string(date.status().message()));
    (code == "042" ? header.start_date : header.end_date) = *date;
    return absl::OkStatus();
  }
  if (code == "062" || code == "142" || code == "XXR") {
    if (absl::Status s = Once(code, number); !s.ok()) return s;
    const int max = code == "062" ? kMaxTrfPlayers : kMaxTrfRounds;
    absl::StatusOr<int> count = ParseCount(value, code == "062" ? 0 : 1, max);
    if (!count.ok()) {
      return At(number, 5,
                absl::StrCat(code == "062" ? "number of players: "
                                           : "number of rounds: ",
                             count.status().message()));
    }
    if (code == "062") players_062_ = {*count, number};
    if (code == "142") rounds_142_ = *count;
    if (code == "XXR") rounds_xxr_ = *count;
    if (rounds_142_ && rounds_xxr_ && *rounds_142_ != *rounds_xxr_) {
      return At(number, 5,
                absl::StrCat("number of rounds ", *count,
                             " differs from the other record's (142 says ",
                             *rounds_142_, ", XXR ", *rounds_xxr_, ")"));
    }
    if (code != "062") document_.event.total_rounds = *count;
    return absl::OkStatus();
  }
  document_.other_records.emplace_back(line.text());
  return absl::OkStatus();
}

absl::Status Reader::ReadPlayer(int number, const TrfLine& line) {
  PlayerLine read;
  read.line = number;
  Player& player = read.player;
  // Separator columns must be blank: a character there means the fields are
  // shifted, and reading them anyway would take one field for another.
  for (int column : {4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91}) {
    if (!line.At(column).empty() && line.At(column) != " ") {
      return At(
          number, column,
          absl::StrCat("expected a blank between fields, got ",
                       Quote(line.At(column)), " (are the columns shifted?)"));
    }
  }
  absl::StatusOr<int> start =
      ParseCount(TrimBlanks(line.Columns(5, 8)), 1, kMaxTrfPlayers);
  if (!start.ok()) {
    return At(number, 5,
              absl::StrCat("start number: ", start.status().message()));
  }
  player.number = *start;
  const std::string_view sex = line.At(10);
  if (sex == "m" || sex == "M") {
    player.sex = Sex::kMale;
  } else if (sex == "w" || sex == "W" || sex == "f" || sex == "F") {
    player.sex = Sex::kFemale;
  } else if (!sex.empty() && sex != " ") {
    return At(number, 10,
              absl::StrCat("sex: expected m, w or a blank, got ", Quote(sex)));
  }
  read.info.title = std::string(TrimBlanks(line.Columns(11, 13)));
  player.name = std::string(TrimBlanks(line.Columns(15, 47)));
  const std::string_view rating = TrimBlanks(line.Columns(49, 52));
  if (!rating.empty()) {
    absl::StatusOr<int> value = ParseCount(rating, 0, 9999);
    if (!value.ok()) {
      return At(number, 49, absl::StrCat("rating: ", value.status().message()));
    }
    player.rating = *value;
  }
  read.info.federation = std::string(TrimBlanks(line.Columns(54, 56)));
  player.id = std::string(TrimBlanks(line.Columns(58, 68)));
  const std::string_view birth = TrimBlanks(line.Columns(70, 79));
  if (!birth.empty()) {
    absl::StatusOr<Date> date = ParseTrfDate(birth);
    if (!date.ok()) {
      return At(number, 70,
                absl::StrCat("birth date: ", date.status().message()));
    }
    player.birth_date = *date;
  }
  const std::string_view points = TrimBlanks(line.Columns(81, 84));
  if (!points.empty()) {
    absl::StatusOr<double> value = ParsePointValue(points);
    if (!value.ok()) {
      return At(number, 81, absl::StrCat("points: ", value.status().message()));
    }
    read.points_column = *value;
  }
  const std::string_view rank = TrimBlanks(line.Columns(86, 89));
  if (!rank.empty()) {
    absl::StatusOr<int> value = ParseCount(rank, 0, kMaxTrfPlayers);
    if (!value.ok()) {
      return At(number, 86, absl::StrCat("rank: ", value.status().message()));
    }
    player.rank = *value;
  }
  for (int r = 0; RoundColumn(r) <= line.size(); ++r) {
    if (r >= kMaxTrfRounds) {
      return At(number, RoundColumn(r),
                absl::StrCat("more than ", kMaxTrfRounds, " rounds"));
    }
    if (absl::Status s = ReadRound(number, line, r, player); !s.ok()) return s;
  }
  players_.push_back(std::move(read));
  return absl::OkStatus();
}

absl::Status Reader::ReadRound(int number, const TrfLine& line, int round_index,
                               Player& player) {
  const int column = RoundColumn(round_index);
  const int round = round_index + 1;
  for (int blank : {column + 4, column + 6, column + 8, column + 9}) {
    if (!line.At(blank).empty() && line.At(blank) != " ") {
      return At(
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
      return At(number, column,
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
    return At(
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
        return At(number, column + 7,
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
    return At(number, column, what + "a player cannot meet itself");
  }
  if (IsGameResult(entry.result)) {
    if (entry.opponent == 0) {
      return At(number, column,
                what +
                    "a game needs an opponent (0000 is for byes and "
                    "absences)");
    }
    if (!entry.side.has_value()) {
      return At(number, column + 5, what + "a game needs a colour, w or b");
    }
  } else if (!IsForfeit(entry.result)) {
    if (entry.opponent != 0) {
      return At(number, column,
                absl::StrCat(what, "a bye (",
                             std::string(1, ResultCode(entry.result)),
                             ") is written against 0000, not ",
                             Number4(entry.opponent)));
    }
    if (entry.side.has_value()) {
      return At(number, column + 5,
                what + "a bye has no colour (write - or a blank)");
    }
  } else if (entry.opponent == 0 && entry.side.has_value()) {
    return At(number, column + 5,
              what + "a forfeit without an opponent has no colour");
  }
  player.rounds.push_back(entry);
  return absl::OkStatus();
}

absl::Status Reader::ReadPointSystem(int number, const TrfLine& line) {
  if (absl::Status s = Once("162", number); !s.ok()) return s;
  int column = 5;
  while (true) {
    while (column <= line.size() && line.At(column) == " ") ++column;
    if (column > line.size()) break;
    const std::string_view code = line.At(column);
    const char c = code.size() == 1 ? code[0] : '?';
    if (std::string_view("WDLAPX").find(c) == std::string_view::npos) {
      return At(number, column,
                absl::StrCat("point system: expected a result code W, D, L, "
                             "A, P or X, got ",
                             Quote(code)));
    }
    for (const auto& [seen, points] : point_system_) {
      if (seen == c) {
        return At(number, column,
                  absl::StrCat("point system: ", std::string(1, c),
                               " is given twice"));
      }
    }
    ++column;
    while (column <= line.size() && line.At(column) == " ") ++column;
    const int start = column;
    while (column <= line.size() &&
           std::string_view("0123456789.-").find(line.At(column)[0]) !=
               std::string_view::npos) {
      ++column;
    }
    absl::StatusOr<double> points =
        ParsePointValue(line.Columns(start, column - 1));
    if (!points.ok()) {
      return At(number, start,
                absl::StrCat("point system: ", std::string(1, c), ": ",
                             points.status().message()));
    }
    point_system_.emplace_back(c, *points);
  }
  if (point_system_.empty()) {
    return At(number, 5, "point system: no codes (such as W 2.0 D 1.0 L 0.0)");
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadProhibition(int number, const TrfLine& line) {
  const std::vector<Word> words = SplitWords(line, 5);
  if (words.size() < 4) {
    return At(number, 5,
              "prohibited pairing: expected the first and last round and "
              "two or more start numbers");
  }
  TrfProhibition prohibition;
  absl::StatusOr<int> first = ParseCount(words[0].text, 1, kMaxTrfRounds);
  absl::StatusOr<int> last = ParseCount(words[1].text, 1, kMaxTrfRounds);
  if (!first.ok() || !last.ok()) {
    const bool bad_first = !first.ok();
    return At(number, words[bad_first ? 0 : 1].column,
              absl::StrCat("prohibited pairing: ",
                           bad_first ? "first round: " : "last round: ",
                           (bad_first ? first : last).status().message()));
  }
  if (*last < *first) {
    return At(number, words[1].column,
              absl::StrCat("prohibited pairing: last round ", *last,
                           " before the first, ", *first));
  }
  prohibition.first_round = *first;
  prohibition.last_round = *last;
  for (size_t i = 2; i < words.size(); ++i) {
    absl::StatusOr<int> player = ParseCount(words[i].text, 1, kMaxTrfPlayers);
    if (!player.ok()) {
      return At(number, words[i].column,
                absl::StrCat("prohibited pairing: start number: ",
                             player.status().message()));
    }
    if (std::find(prohibition.players.begin(), prohibition.players.end(),
                  *player) != prohibition.players.end()) {
      return At(number, words[i].column,
                absl::StrCat("prohibited pairing: ", Number4(*player),
                             " is listed twice"));
    }
    prohibition.players.push_back(*player);
  }
  document_.prohibitions.push_back(std::move(prohibition));
  prohibition_lines_.push_back(number);
  return absl::OkStatus();
}

absl::Status Reader::ReadExtension(int number, const TrfLine& line) {
  const int first = CharCount(kExtensionPrefix) + 1;
  const std::vector<Word> words = SplitWords(line, first);
  if (words.empty()) return At(number, first, "caipan extension: no key");
  ExtensionLine ext;
  ext.line = number;
  ext.key = std::string(words[0].text);
  const bool event_key = ext.key == "points" || ext.key == "tiebreaks";
  const bool player_key = ext.key == "unit" || ext.key == "fouls" ||
                          ext.key == "withdrawn" || ext.key == "name" ||
                          ext.key == "id" || ext.key == "rating" ||
                          ext.key == "rank";
  if (!event_key && !player_key) {
    return At(number, words[0].column,
              absl::StrCat("caipan extension: unknown key ", Quote(ext.key),
                           " (known: unit fouls withdrawn name id rating "
                           "rank points tiebreaks)"));
  }
  size_t value_word = 1;
  if (player_key) {
    if (words.size() < 2) {
      return At(number, words[0].column + CharCount(words[0].text),
                absl::StrCat("caipan extension: ", ext.key,
                             ": expected a start number"));
    }
    absl::StatusOr<int> player = ParseCount(words[1].text, 1, kMaxTrfPlayers);
    if (!player.ok()) {
      return At(number, words[1].column,
                absl::StrCat("caipan extension: ", ext.key,
                             ": start number: ", player.status().message()));
    }
    ext.number = *player;
    value_word = 2;
  }
  if (value_word < words.size()) {
    ext.value = std::string(TrimBlanks(line.From(words[value_word].column)));
  }
  const bool wants_value = ext.key != "withdrawn";
  if (wants_value && ext.value.empty()) {
    return At(number, 0,
              absl::StrCat("caipan extension: ", ext.key, ": no value"));
  }
  if (!wants_value && !ext.value.empty()) {
    return At(number, words[value_word].column,
              "caipan extension: withdrawn takes only a start number");
  }
  if (ext.key == "points") {
    // Checked here so that the error can name the column.
    std::set<std::string_view> fields;
    Scoring scratch;
    for (size_t i = 1; i < words.size(); i += 2) {
      if (ScoringField(scratch, words[i].text) == nullptr) {
        return At(number, words[i].column,
                  absl::StrCat("caipan extension: points: unknown field ",
                               Quote(words[i].text),
                               " (win draw loss forfeit_win forfeit_loss "
                               "pairing_bye half_bye full_bye zero_bye)"));
      }
      if (!fields.insert(words[i].text).second) {
        return At(number, words[i].column,
                  absl::StrCat("caipan extension: points: ",
                               std::string(words[i].text), " is given twice"));
      }
      if (i + 1 >= words.size()) {
        return At(number, 0,
                  absl::StrCat("caipan extension: points: ",
                               std::string(words[i].text), " has no value"));
      }
      absl::StatusOr<double> value = ParsePointValue(words[i + 1].text);
      if (!value.ok()) {
        return At(number, words[i + 1].column,
                  absl::StrCat("caipan extension: points: ",
                               value.status().message()));
      }
    }
  }
  if (ext.key == "fouls" || ext.key == "rating" || ext.key == "rank") {
    std::string_view text = ext.value;
    const bool negative =
        ext.key == "rating" && !text.empty() && text.front() == '-';
    if (negative) text.remove_prefix(1);
    absl::StatusOr<int> value = ParseCount(text, 0, 999999999);
    if (!value.ok()) {
      return At(number, words[value_word].column,
                absl::StrCat("caipan extension: ", ext.key, ": ",
                             value.status().message()));
    }
  }
  extensions_.push_back(std::move(ext));
  return absl::OkStatus();
}

absl::Status Reader::CheckPlayers() {
  std::sort(players_.begin(), players_.end(),
            [](const PlayerLine& a, const PlayerLine& b) {
              return a.player.number < b.player.number;
            });
  for (size_t i = 0; i < players_.size(); ++i) {
    const PlayerLine& p = players_[i];
    if (i > 0 && players_[i - 1].player.number == p.player.number) {
      const PlayerLine& q = players_[i - 1];
      return At(std::max(p.line, q.line), 5,
                absl::StrCat("start number ", Number4(p.player.number),
                             " is given again (also on line ",
                             std::min(p.line, q.line), ")"));
    }
    if (p.player.number != static_cast<int>(i) + 1) {
      return At(p.line, 5,
                absl::StrCat("start numbers must run 1, 2, 3, …: ",
                             Number4(static_cast<int>(i) + 1),
                             " is missing (the next is ",
                             Number4(p.player.number), ")"));
    }
  }
  const int n = static_cast<int>(players_.size());
  if (players_062_ && players_062_->first != n) {
    document_.warnings.push_back(absl::StrCat(
        "line ", players_062_->second, " column 5: record 062 says ",
        players_062_->first, " players, the file has ", n, " 001 lines"));
  }
  size_t rounds = 0;
  for (const PlayerLine& p : players_) {
    rounds = std::max(rounds, p.player.rounds.size());
  }
  if (document_.event.total_rounds > 0 &&
      static_cast<int>(rounds) > document_.event.total_rounds) {
    for (const PlayerLine& p : players_) {
      if (p.player.rounds.size() == rounds) {
        return At(p.line, RoundColumn(document_.event.total_rounds),
                  absl::StrCat("round ", rounds, " but the event has ",
                               document_.event.total_rounds,
                               " rounds (record 142 or XXR)"));
      }
    }
  }
  // A line that stops early: the rounds after it were not paired (Z).
  for (PlayerLine& p : players_) p.player.rounds.resize(rounds);
  for (size_t k = 0; k < document_.prohibitions.size(); ++k) {
    for (int player : document_.prohibitions[k].players) {
      if (player > n) {
        return At(
            prohibition_lines_[k], 0,
            absl::StrCat("prohibited pairing: ", Number4(player),
                         " is not a player (start numbers run 1 to ", n, ")"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Reader::CheckGames() {
  const int n = static_cast<int>(players_.size());
  for (const PlayerLine& p : players_) {
    for (size_t r = 0; r < p.player.rounds.size(); ++r) {
      const RoundEntry& entry = p.player.rounds[r];
      if (entry.opponent == 0) continue;
      const int column = RoundColumn(static_cast<int>(r));
      const std::string round = absl::StrCat("round ", r + 1, ": ");
      if (entry.opponent > n) {
        return At(
            p.line, column,
            absl::StrCat(round, "opponent ", Number4(entry.opponent),
                         " is not a player (start numbers run 1 to ", n, ")"));
      }
      const PlayerLine& q = players_[entry.opponent - 1];
      const RoundEntry& other = q.player.rounds[r];
      const std::string both =
          absl::StrCat(Number4(p.player.number), " (line ", p.line, ") and ",
                       Number4(q.player.number), " (line ", q.line, ")");
      if (other.opponent != p.player.number) {
        return At(p.line, column,
                  absl::StrCat(round, Number4(p.player.number), " meets ",
                               Number4(q.player.number), ", but line ", q.line,
                               " gives ", Number4(q.player.number), " ",
                               other.opponent == 0 ? std::string("no opponent")
                                                   : Number4(other.opponent)));
      }
      if (entry.side.has_value() && other.side.has_value() &&
          *entry.side == *other.side) {
        return At(p.line, column + 5,
                  absl::StrCat(round, both, " both have ",
                               *entry.side == Side::kRed ? "w" : "b"));
      }
      if (!ResultsMatch(entry.result, other.result)) {
        return At(
            p.line, column + 7,
            absl::StrCat(round, "the results of ", both, " disagree: \"",
                         std::string(1, ResultCode(entry.result)), "\" and \"",
                         std::string(1, ResultCode(other.result)), "\""));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Reader::ApplyExtensions() {
  Event& event = document_.event;
  const int n = static_cast<int>(players_.size());
  // 162 first, in TRF-2026's meaning; then the extension's exact fields.
  Scoring& scoring = event.scoring;
  scoring = Scoring{.win = 1,
                    .draw = 0.5,
                    .loss = 0,
                    .forfeit_win = 1,
                    .forfeit_loss = 0,
                    .pairing_bye = 1,
                    .half_bye = 0.5,
                    .full_bye = 1,
                    .zero_bye = 0};
  bool pairing_bye_given = false;
  for (const auto& [code, points] : point_system_) {
    switch (code) {
      case 'W':
        scoring.win = scoring.forfeit_win = scoring.full_bye = points;
        if (!pairing_bye_given) scoring.pairing_bye = points;
        break;
      case 'D':
        scoring.draw = scoring.half_bye = points;
        break;
      case 'L':
        scoring.loss = points;
        break;
      case 'A':
        scoring.zero_bye = scoring.forfeit_loss = points;
        break;
      case 'P':
        scoring.pairing_bye = points;
        pairing_bye_given = true;
        break;
      default:  // X: an unknown result; an unplayed game scores nothing.
        break;
    }
  }
  std::map<std::pair<std::string, int>, int> seen;
  for (const ExtensionLine& ext : extensions_) {
    auto [it, inserted] =
        seen.emplace(std::pair(ext.key, ext.number), ext.line);
    if (!inserted) {
      return At(
          ext.line, 0,
          absl::StrCat("caipan extension: ", ext.key,
                       ext.number > 0 ? " of " + Number4(ext.number) : "",
                       " is given again (first on line ", it->second, ")"));
    }
    if (ext.key == "tiebreaks") {
      document_.header.tiebreaks = ext.value;
      continue;
    }
    if (ext.key == "points") {
      const std::vector<std::string_view> words = SplitTokens(ext.value);
      for (size_t i = 0; i + 1 < words.size(); i += 2) {
        double value = 0;
        // Both were checked when the line was read.
        if (absl::StatusOr<double> v = ParsePointValue(words[i + 1]); v.ok()) {
          value = *v;
        }
        if (double* field = ScoringField(scoring, words[i])) *field = value;
      }
      continue;
    }
    if (ext.number > n) {
      return At(
          ext.line, 0,
          absl::StrCat("caipan extension: ", ext.key, ": ", Number4(ext.number),
                       " is not a player (start numbers run 1 to ", n, ")"));
    }
    Player& player = players_[ext.number - 1].player;
    if (ext.key == "unit") player.unit = ext.value;
    if (ext.key == "name") player.name = ext.value;
    if (ext.key == "id") player.id = ext.value;
    if (ext.key == "withdrawn") player.withdrawn = true;
    if (ext.key == "fouls" || ext.key == "rating" || ext.key == "rank") {
      const bool negative = ext.value.front() == '-';
      int value =
          std::stoi(negative ? ext.value.substr(1) : ext.value);  // checked
      if (negative) value = -value;
      if (ext.key == "fouls") player.fouls = value;
      if (ext.key == "rating") player.rating = value;
      if (ext.key == "rank") player.rank = value;
    }
  }
  // Every pair of every 260 record, each once.
  std::set<std::pair<int, int>> pairs;
  for (const TrfProhibition& prohibition : document_.prohibitions) {
    for (size_t i = 0; i < prohibition.players.size(); ++i) {
      for (size_t j = i + 1; j < prohibition.players.size(); ++j) {
        const std::pair<int, int> pair =
            std::minmax(prohibition.players[i], prohibition.players[j]);
        if (pairs.insert(pair).second) event.forbidden_pairs.push_back(pair);
      }
    }
  }
  for (PlayerLine& p : players_) {
    event.players.push_back(std::move(p.player));
    document_.players_info.push_back(std::move(p.info));
  }
  return absl::OkStatus();
}

void Reader::CheckPoints() {
  const Event& event = document_.event;
  for (size_t i = 0; i < players_.size(); ++i) {
    if (!players_[i].points_column) continue;
    const Player& player = event.players[i];
    const double points =
        PointsAfter(event, player, static_cast<int>(player.rounds.size()));
    // The column has room for one decimal.
    if (std::fabs(points - *players_[i].points_column) > 0.051) {
      document_.warnings.push_back(absl::StrCat(
          "line ", players_[i].line, " column 81: points ",
          trf_internal::FormatPointValue(*players_[i].points_column),
          ", but the results give ", trf_internal::FormatPointValue(points),
          point_system_.empty()
              ? " under FIDE's default point system (no record 162)"
              : " under the point system of record 162"));
    }
  }
}

}  // namespace

absl::StatusOr<TrfDocument> ParseTrfDocument(std::string_view text) {
  return Reader().Read(text);
}

absl::StatusOr<Event> ParseTrf(std::string_view text) {
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  if (!document.ok()) return document.status();
  return std::move(document->event);
}

}  // namespace caipan::tournament
