"""Services, methods, message classes and option values looked up in the descriptors of the
generated modules, so that the client follows the .proto files rather than a copy of them."""

from google.protobuf import descriptor
from google.protobuf import descriptor_pool
from google.protobuf import message_factory

PACKAGE = "caipan.v1"


class NotFound(Exception):
    pass


def services(modules):
    """Every service of the loaded modules, by full name."""
    found = {}
    for module in modules:
        for service in module.DESCRIPTOR.services_by_name.values():
            found[service.full_name] = service
    return found


def find_method(modules, name):
    """A method from "Service.Method", "Service/Method", "caipan.v1.Service.Method" or
    "/caipan.v1.Service/Method"."""
    text = name.strip("/").replace("/", ".")
    service_name, _, method_name = text.rpartition(".")
    if not service_name or not method_name:
        raise NotFound("%r: give the method as Service.Method" % name)
    if "." not in service_name:
        service_name = PACKAGE + "." + service_name
    known = services(modules)
    service = known.get(service_name)
    if service is None:
        raise NotFound("no service %s; there are: %s" % (service_name,
                                                            ", ".join(sorted(known))))
    method = service.methods_by_name.get(method_name)
    if method is None:
        raise NotFound("%s has no method %s; it has: %s" % (
            service_name, method_name, ", ".join(m.name for m in service.methods)))
    return method


def message_class(message_descriptor):
    """The Python class of a message type."""
    if hasattr(message_factory, "GetMessageClass"):  # protobuf >= 4.22
        return message_factory.GetMessageClass(message_descriptor)
    return message_factory.MessageFactory(descriptor_pool.Default()).GetPrototype(
        message_descriptor)


def message_type(full_name):
    return descriptor_pool.Default().FindMessageTypeByName(full_name)


def fields_of_type(message_descriptor, type_name):
    """The fields of a message whose message or enum type is `type_name` (a full name)."""
    found = []
    for field in message_descriptor.fields:
        kind = field.message_type or field.enum_type
        if kind is not None and kind.full_name == type_name:
            found.append(field)
    return found


def enum_short_name(enum_descriptor, value):
    """XIANGQI_RULE_SET_ASIAN -> "asian": the value name without the enum's own prefix."""
    prefix = _enum_prefix(enum_descriptor)
    name = value.name
    if name.startswith(prefix):
        name = name[len(prefix):]
    return name.lower().replace("_", "-")


def _enum_prefix(enum_descriptor):
    names = [v.name for v in enum_descriptor.values]
    prefix = names[0] if names else ""
    for name in names[1:]:
        while not name.startswith(prefix):
            prefix = prefix[:-1]
    return prefix[:prefix.rfind("_") + 1] if "_" in prefix else ""


def enum_value(enum_descriptor, text):
    """An enum value from its full name, its short name (any case, '-' or '_') or number."""
    wanted = text.strip()
    if wanted.lstrip("-").isdigit():
        value = enum_descriptor.values_by_number.get(int(wanted))
    else:
        key = wanted.upper().replace("-", "_")
        value = enum_descriptor.values_by_name.get(key) or enum_descriptor.values_by_name.get(
            _enum_prefix(enum_descriptor) + key)
    if value is None:
        raise NotFound("%r is not a %s; one of: %s" % (
            text, enum_descriptor.name,
            ", ".join(enum_short_name(enum_descriptor, v) for v in enum_descriptor.values)))
    return value.name


def describe_message(message_descriptor):
    """One line per field: name, type, and for enums the short names of the values."""
    lines = []
    for field in message_descriptor.fields:
        if field.enum_type is not None:
            kind = " | ".join(enum_short_name(field.enum_type, v)
                              for v in field.enum_type.values)
        elif field.message_type is not None:
            kind = field.message_type.full_name
        else:
            kind = _SCALAR_NAMES.get(field.type, "scalar")
        repeated = "repeated " if field.label == descriptor.FieldDescriptor.LABEL_REPEATED else ""
        lines.append("  %s: %s%s" % (field.name, repeated, kind))
    return lines


_SCALAR_NAMES = {
    descriptor.FieldDescriptor.TYPE_BOOL: "bool",
    descriptor.FieldDescriptor.TYPE_STRING: "string",
    descriptor.FieldDescriptor.TYPE_BYTES: "bytes",
    descriptor.FieldDescriptor.TYPE_INT32: "int32",
    descriptor.FieldDescriptor.TYPE_INT64: "int64",
    descriptor.FieldDescriptor.TYPE_UINT32: "uint32",
    descriptor.FieldDescriptor.TYPE_UINT64: "uint64",
    descriptor.FieldDescriptor.TYPE_DOUBLE: "double",
    descriptor.FieldDescriptor.TYPE_FLOAT: "float",
}
