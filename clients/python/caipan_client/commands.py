"""The convenience commands: requests built from flags. Fields are found by their type where
the API has several names for them (rule options, positions, notation), so these commands keep
working when fields are renamed."""

from caipan_client import descriptors
from caipan_client import options

XIANGQI_POSITION = "caipan.v1.XiangqiPosition"
GOMOKU_POSITION = "caipan.v1.GomokuPosition"
XIANGQI_RULES = "caipan.v1.XiangqiRuleOptions"
GOMOKU_RULES = "caipan.v1.GomokuRuleOptions"
NOTATION = "caipan.v1.Notation"
PLAY_START = "caipan.v1.PlayGameStart"

# command -> (method, game, extra flags it reads)
COMMANDS = {
    "ping": ("AdjudicationService.Ping", None, ()),
    "check-move": ("AdjudicationService.CheckMove", "xiangqi", ("move",)),
    "list-moves": ("AdjudicationService.ListMoves", "xiangqi", ()),
    "adjudicate": ("AdjudicationService.AdjudicateGame", "xiangqi", ("annotate",)),
    "repetition": ("AdjudicationService.RuleOnRepetition", "xiangqi", ()),
    "limit": ("AdjudicationService.GetNaturalLimitStatus", "xiangqi", ()),
    "gomoku-check": ("AdjudicationService.CheckMove", "gomoku", ("move",)),
    "gomoku-list": ("AdjudicationService.ListMoves", "gomoku", ()),
    "gomoku-adjudicate": ("AdjudicationService.AdjudicateGame", "gomoku", ("annotate",)),
    "play": ("AdjudicationService.PlayGame", None, ()),
}


def _field(message_descriptor, type_name, what, required=True):
    fields = descriptors.fields_of_type(message_descriptor, type_name)
    if not fields:
        if required:
            raise descriptors.NotFound("%s has no %s" % (message_descriptor.full_name, what))
        return None
    return fields[0].name


def _game_fields(message_descriptor, args, game):
    """The position, rule options, notation and language of a request or PlayGame start."""
    request = {}
    moves = args.moves.split()
    if game == "xiangqi":
        fen = "" if args.fen == "startpos" else args.fen
        request[_field(message_descriptor, XIANGQI_POSITION, "xiangqi position")] = {
            "fen": fen, "moves": moves}
    elif game == "gomoku":
        request[_field(message_descriptor, GOMOKU_POSITION, "gomoku position")] = {
            "moves": moves}
    for flag, type_name, what in (("rules", XIANGQI_RULES, "xiangqi rule options"),
                                  ("gomoku_rules", GOMOKU_RULES, "gomoku rule options")):
        text = getattr(args, flag)
        if not text:
            continue
        name = _field(message_descriptor, type_name, what)
        request[name] = options.parse(text, descriptors.message_type(type_name))
    if args.notation:
        name = _field(message_descriptor, NOTATION, "notation", required=False)
        if name:
            request[name] = descriptors.enum_value(
                message_descriptor.fields_by_name[name].enum_type, args.notation)
    if args.language:
        if "language" not in message_descriptor.fields_by_name:
            raise descriptors.NotFound("%s has no language" % message_descriptor.full_name)
        request["language"] = args.language
    return request


def build(command, method, args, stdin=None):
    """The requests of a convenience command (a list, or a generator for `play`)."""
    _, game, extra = COMMANDS[command]
    if command == "ping":
        return [{}]
    if command == "play":
        return _play_requests(method, args, stdin)
    request = _game_fields(method.input_type, args, game)
    if "move" in extra:
        request["move"] = args.move
    if "annotate" in extra and args.annotate:
        request["annotate"] = True
    return [request]


def _play_requests(method, args, stdin):
    """A PlayGame stream: the start message from the flags (--game picks the game), then one
    move message per line of standard input (or per word of --move)."""
    start_type = descriptors.message_type(PLAY_START)
    start = _game_fields(start_type, args, args.game)
    yield {_field(method.input_type, PLAY_START, "start message"): start}
    moves = args.move.split() if args.move else (line.strip() for line in stdin)
    for move in moves:
        if move:
            yield {"move": move}
