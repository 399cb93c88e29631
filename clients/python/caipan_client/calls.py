"""Calls one method of a caipan.v1 service with requests given as JSON, whatever its kind
(unary, server, client or bidirectional streaming)."""

import json

import grpc
from google.protobuf import json_format

from caipan_client import descriptors


def parse_request(method, value):
    """A request message of `method` from a dict or JSON text; the error names the method."""
    cls = descriptors.message_class(method.input_type)
    try:
        if isinstance(value, str):
            return json_format.Parse(value, cls())
        return json_format.ParseDict(value, cls())
    except json_format.ParseError as e:
        raise descriptors.NotFound("%s request: %s" % (method.full_name, e))


def read_requests(method, text=None, lines=None):
    """Requests from JSON text (one object, a JSON array, or one object per line) or from an
    iterable of lines (a client stream: one object per line, read as they come; otherwise all
    lines make the one request, empty meaning {})."""
    if text is None and not method.client_streaming:
        text = "".join(lines)
    if text is not None:
        stripped = text.strip()
        if stripped.startswith("["):
            return [parse_request(method, item) for item in json.loads(stripped)]
        if method.client_streaming:
            return [parse_request(method, line) for line in stripped.splitlines()
                    if line.strip()]
        return [parse_request(method, stripped or "{}")]
    return (parse_request(method, line) for line in lines if line.strip())


class StopAtBadRequest:
    """Requests of a client stream, parsed as the call sends them (in gRPC's thread): the first
    one that does not parse ends the stream there and is kept in `error` for the caller."""

    def __init__(self, requests):
        self.requests = iter(requests)
        self.error = None

    def __iter__(self):
        return self

    def __next__(self):
        if self.error is not None:
            raise StopIteration
        try:
            return next(self.requests)
        except descriptors.NotFound as e:
            self.error = e
            raise StopIteration


def invoke(channel, method, requests, timeout=None, metadata=None):
    """Yields the responses of one call. `requests` is a list (or, for client streams, any
    iterable); a unary method takes exactly one."""
    path = "/%s/%s" % (method.containing_service.full_name, method.name)
    response_class = descriptors.message_class(method.output_type)
    kind = {(False, False): channel.unary_unary, (False, True): channel.unary_stream,
            (True, False): channel.stream_unary, (True, True): channel.stream_stream}[
                (method.client_streaming, method.server_streaming)]
    call = kind(path, request_serializer=lambda m: m.SerializeToString(),
                response_deserializer=response_class.FromString)
    if not method.client_streaming:
        requests = list(requests)
        if len(requests) != 1:
            raise descriptors.NotFound("%s takes one request, got %d" % (method.full_name,
                                                                        len(requests)))
        requests = requests[0]
    result = call(requests, timeout=timeout, metadata=metadata)
    if method.server_streaming:
        yield from result
    else:
        yield result


def error_details(error):
    """(reason, [(field, description)]) from a failed call's google.rpc.Status details (the
    grpc-status-details-bin trailer); ("", []) when it has none."""
    trailers = error.trailing_metadata() if hasattr(error, "trailing_metadata") else None
    raw = next((value for key, value in trailers or () if key == "grpc-status-details-bin"),
               None)
    if raw is None:
        return "", []
    from google.rpc import error_details_pb2, status_pb2
    reason, fields = "", []
    for detail in status_pb2.Status.FromString(raw).details:
        info, bad_request = error_details_pb2.ErrorInfo(), error_details_pb2.BadRequest()
        if detail.Unpack(info):
            reason = info.reason
        elif detail.Unpack(bad_request):
            fields += [(v.field, v.description) for v in bad_request.field_violations]
    return reason, fields


def describe_error(error):
    """'CODE: message', with the stable reason and the field at fault when the server sent
    them: 'INVALID_ARGUMENT: move: required [FIELD_INVALID; field move]'."""
    code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
    text = "%s: %s" % (code.name, error.details() if hasattr(error, "details") else error)
    reason, fields = error_details(error)
    notes = ([reason] if reason else []) + ["field " + field for field, _ in fields]
    return text + (" [%s]" % "; ".join(notes) if notes else "")
