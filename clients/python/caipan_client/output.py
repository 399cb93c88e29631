"""Printing responses: protobuf text format or JSON, with Chinese as text (no escapes)."""

import json

from google.protobuf import json_format
from google.protobuf import text_format

FORMATS = ("text", "json", "jsonl")


def render(message, fmt):
    if fmt == "text":
        return text_format.MessageToString(message, as_utf8=True)
    value = json_format.MessageToDict(message)
    if fmt == "jsonl":
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
