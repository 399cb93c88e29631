"""Rule options from the command line: "asian,natural_limit_rounds=50" or a JSON object, read
against the options message's descriptor (every field is reachable, new ones included)."""

import json

from google.protobuf import descriptor

from caipan_client import descriptors

_INTEGERS = (descriptor.FieldDescriptor.CPPTYPE_INT32, descriptor.FieldDescriptor.CPPTYPE_INT64,
             descriptor.FieldDescriptor.CPPTYPE_UINT32, descriptor.FieldDescriptor.CPPTYPE_UINT64)


def parse(text, message_descriptor):
    """A dict for json_format.ParseDict. A bare word sets the message's first enum field (the
    rule set); key=value pairs set fields by their .proto names; '{...}' is taken as JSON."""
    text = text.strip()
    if text.startswith("{"):
        try:
            return json.loads(text)
        except ValueError as e:
            raise descriptors.NotFound("%s: not JSON: %s" % (message_descriptor.name, e))
    result = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, has_value, value = item.partition("=")
        if not has_value:
            key, value = _first_enum_field(message_descriptor), item
        field = message_descriptor.fields_by_name.get(key.strip())
        if field is None:
            raise descriptors.NotFound("%s has no option %r; it has: %s" % (
                message_descriptor.name, key,
                ", ".join(f.name for f in message_descriptor.fields)))
        result[field.name] = _value(field, value.strip())
    return result


def _first_enum_field(message_descriptor):
    for field in message_descriptor.fields:
        if field.enum_type is not None:
            return field.name
    raise descriptors.NotFound("%s: give options as key=value" % message_descriptor.name)


def _value(field, text):
    if field.enum_type is not None:
        return descriptors.enum_value(field.enum_type, text)
    if field.cpp_type == descriptor.FieldDescriptor.CPPTYPE_BOOL:
        if text.lower() in ("", "1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise descriptors.NotFound("%s: %r is not true or false" % (field.name, text))
    if field.cpp_type in _INTEGERS:
        try:
            return int(text)
        except ValueError:
            raise descriptors.NotFound("%s: %r is not an integer" % (field.name, text))
    if field.message_type is not None:
        raise descriptors.NotFound("%s is a message: give the options as JSON" % field.name)
    return text
