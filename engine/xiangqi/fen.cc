// FEN parsing, formatting and the validity rules of the digest.
#include <array>
#include <bit>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/zobrist.h"

namespace caipan::xiangqi {
namespace {

constexpr const char* kColorName[2] = {"red", "black"};
constexpr const char* kTypeName[kPieceTypeCount] = {
    "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};
constexpr const char* kTypePlural[kPieceTypeCount] = {
    "kings", "advisors", "elephants", "horses", "chariots", "cannons", "pawns"};
constexpr int kMaxCount[kPieceTypeCount] = {1, 2, 2, 2, 2, 2, 5};

// Returns the piece for a FEN letter (E/H accepted for elephant/horse), or
// kNoPiece.
Piece PieceFromFenChar(char c) {
  Color color = absl::ascii_isupper(static_cast<unsigned char>(c))
                    ? Color::kRed
                    : Color::kBlack;
  switch (absl::ascii_toupper(static_cast<unsigned char>(c))) {
    case 'K':
      return MakePiece(color, PieceType::kKing);
    case 'A':
      return MakePiece(color, PieceType::kAdvisor);
    case 'B':
    case 'E':
      return MakePiece(color, PieceType::kElephant);
    case 'N':
    case 'H':
      return MakePiece(color, PieceType::kHorse);
    case 'R':
      return MakePiece(color, PieceType::kChariot);
    case 'C':
      return MakePiece(color, PieceType::kCannon);
    case 'P':
      return MakePiece(color, PieceType::kPawn);
    default:
      return kNoPiece;
  }
}

// Whether a piece may ever stand on a square (palace points, elephant points,
// pawn ranks).
bool CanStandOn(Piece p, int sq) {
  const Color c = ColorOf(p);
  const int file = FileOf(sq);
  // Ranks seen from the piece's own side: 0 = its back rank.
  const int rank = c == Color::kRed ? RankOf(sq) : kRanks - 1 - RankOf(sq);
  switch (TypeOf(p)) {
    case PieceType::kKing:
      return file >= 3 && file <= 5 && rank <= 2;
    case PieceType::kAdvisor:
      return (rank == 0 || rank == 2) ? (file == 3 || file == 5)
                                      : (rank == 1 && file == 4);
    case PieceType::kElephant:
      return ((rank == 0 || rank == 4) && (file == 2 || file == 6)) ||
             (rank == 2 && (file == 0 || file == 4 || file == 8));
    case PieceType::kPawn:
      return rank >= 3;
    case PieceType::kHorse:
    case PieceType::kChariot:
    case PieceType::kCannon:
      return true;
  }
  return true;
}

}  // namespace

absl::Status Position::Validate() const {
  int counts[2][kPieceTypeCount] = {};
  for (int sq = 0; sq < kSquares; ++sq) {
    Piece p = board_[sq];
    if (p == kNoPiece) continue;
    const int c = Index(ColorOf(p)), t = Index(TypeOf(p));
    ++counts[c][t];
    if (!CanStandOn(p, sq)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "FEN placement: ", kColorName[c], " ", kTypeName[t], " on ",
          SquareName(sq), " stands where it can never stand"));
    }
  }
  for (int c = 0; c < 2; ++c) {
    if (counts[c][0] == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("FEN placement: ", kColorName[c], " has no king"));
    }
    for (int t = 0; t < kPieceTypeCount; ++t) {
      if (counts[c][t] > kMaxCount[t]) {
        return absl::InvalidArgumentError(absl::StrCat(
            "FEN placement: ", kColorName[c], " has ", counts[c][t], " ",
            kTypePlural[t], " (at most ", kMaxCount[t], ")"));
      }
    }
  }
  if (IsKingExposed(Opponent(side_))) {
    return absl::InvalidArgumentError(
        absl::StrCat("FEN side to move: ", kColorName[Index(Opponent(side_))],
                     " is not to move but is in check"));
  }
  return absl::OkStatus();
}

absl::StatusOr<Position> Position::FromFen(std::string_view fen,
                                           std::vector<std::string>* warnings) {
  if (SplitTokens(fen) == std::vector<std::string_view>{"startpos"})
    fen = kStartFen;
  std::vector<std::string_view> fields = SplitTokens(fen);
  if (fields.empty()) return absl::InvalidArgumentError("FEN is empty");
  // Holdings brackets come from engines that also play drop variants; xiangqi
  // has no holdings, so only an empty one can be read as meaning nothing.
  if (const size_t open = fields[0].find('['); open != std::string_view::npos) {
    if (fields[0].substr(open) != "[]") {
      return absl::InvalidArgumentError(absl::StrCat(
          "FEN placement: holdings ", QuoteToken(fields[0].substr(open)),
          " (xiangqi has no pieces in hand)"));
    }
    fields[0] = fields[0].substr(0, open);
    if (warnings != nullptr) {
      warnings->push_back(
          "FEN placement: empty holdings bracket \"[]\" ignored (xiangqi has "
          "no pieces in hand)");
    }
  }
  if (fields.size() > 6) {
    return absl::InvalidArgumentError(
        absl::StrCat("FEN has ", fields.size(), " fields (at most 6)"));
  }

  Position pos;
  pos.Clear();
  std::vector<std::string_view> ranks;
  for (size_t start = 0;;) {
    size_t slash = fields[0].find('/', start);
    ranks.push_back(fields[0].substr(start, slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (ranks.size() != kRanks) {
    return absl::InvalidArgumentError(
        absl::StrCat("FEN placement: ", ranks.size(),
                     " ranks, expected 10 separated by '/'"));
  }
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    int file = 0;
    for (char ch : ranks[i]) {
      if (ch >= '1' && ch <= '9') {
        file += ch - '0';
      } else {
        Piece p = PieceFromFenChar(ch);
        if (p == kNoPiece) {
          return absl::InvalidArgumentError(absl::StrCat(
              "FEN placement: rank ", rank, ": unknown piece letter ",
              QuoteToken(std::string_view(&ch, 1))));
        }
        if (file >= kFiles) {
          ++file;  // too many points on this rank
          break;
        }
        pos.PutPiece(MakeSquare(file, rank), p);
        ++file;
      }
      if (file > kFiles) break;
    }
    if (file != kFiles) {
      return absl::InvalidArgumentError(
          absl::StrCat("FEN placement: rank ", rank, " (", QuoteToken(ranks[i]),
                       ") does not cover 9 files"));
    }
  }

  if (fields.size() >= 2) {
    std::string_view side = fields[1];
    if (side == "w" || side == "r" || side == "W" || side == "R") {
      pos.side_ = Color::kRed;
    } else if (side == "b" || side == "B") {
      pos.side_ = Color::kBlack;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("FEN side to move: expected 'w' (or 'r') or 'b', got ",
                       QuoteToken(side)));
    }
  }
  // Fields 3 and 4 (castling, en passant) are always '-' in xiangqi; tolerate
  // anything there.
  auto parse_counter = [&](size_t index, const char* name,
                           int* out) -> absl::Status {
    if (fields.size() <= index) return absl::OkStatus();
    int value = 0;
    if (!absl::SimpleAtoi(
            absl::string_view(fields[index].data(), fields[index].size()),
            &value) ||
        value < 0 || value > 100000) {
      return absl::InvalidArgumentError(absl::StrCat(
          "FEN ", name, ": not a count: ", QuoteToken(fields[index])));
    }
    *out = value;
    return absl::OkStatus();
  };
  CAIPAN_RETURN_IF_ERROR(
      parse_counter(4, "halfmove clock", &pos.halfmove_clock_));
  CAIPAN_RETURN_IF_ERROR(
      parse_counter(5, "fullmove number", &pos.fullmove_number_));

  CAIPAN_RETURN_IF_ERROR(pos.Validate());
  if (pos.side_ == Color::kBlack) pos.hash_ ^= zobrist::kKeys.black_to_move;
  return pos;
}

std::string Position::ToFen() const {
  // Every answer about a position carries its FEN: the placement is written
  // into a buffer (letters by piece code: red 1-7, black 9-15; see types.h),
  // then the string is made once.
  static constexpr char kLetters[kPieceCodeCount + 1] = ".KABNRCP.kabnrcp";
  char placement[kSquares + kRanks];
  int n = 0;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    // Only the occupied points of the rank are visited, from its occupancy
    // word; the runs of empty points between them are counted by difference.
    int next_file = 0;
    for (unsigned occupied = rank_occ_[rank]; occupied != 0;
         occupied &= occupied - 1) {
      const int file = std::countr_zero(occupied);
      if (file > next_file)
        placement[n++] = static_cast<char>('0' + file - next_file);
      placement[n++] = kLetters[board_[MakeSquare(file, rank)]];
      next_file = file + 1;
    }
    if (next_file < kFiles)
      placement[n++] = static_cast<char>('0' + kFiles - next_file);
    if (rank) placement[n++] = '/';
  }
  return absl::StrCat(absl::string_view(placement, n),
                      side_ == Color::kRed ? " w" : " b", " - - ",
                      halfmove_clock_, " ", fullmove_number_);
}

}  // namespace caipan::xiangqi
