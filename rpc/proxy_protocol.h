// The PROXY protocol header (HAProxy's proxy-protocol.txt, versions 1 and 2)
// that a trusted proxy sends before a connection's own bytes to name the
// client it relays. Pure functions over bytes: the listeners read the bytes
// off the socket and ask here how many more they may read without taking any
// byte that follows the header.
#ifndef CAIPAN_RPC_PROXY_PROTOCOL_H_
#define CAIPAN_RPC_PROXY_PROTOCOL_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace caipan::rpc {

// The most address and extension (TLV) bytes a version 2 header may carry.
// HAProxy sends 12 (IPv4) or 36 (IPv6) plus a few TLVs; the spec keeps the
// whole header within 536 bytes, so twice that leaves room for extensions.
inline constexpr size_t kMaxProxyV2BlockBytes = 1024;
// A version 1 line is at most 107 bytes, CRLF included.
inline constexpr size_t kMaxProxyV1LineBytes = 107;

struct ProxyHeader {
  // Bytes of the connection taken by the header.
  size_t size = 0;
  // The relayed client's address in text ("203.0.113.7", "2001:db8::1"), or
  // empty when the header names none (a LOCAL connection such as a health
  // check, an UNSPEC or UNIX family, v1 UNKNOWN): the connection's own peer
  // is the client then.
  std::string client_address;
  int client_port = 0;
};

struct ProxyParse {
  // True once `header` holds a whole header.
  bool complete = false;
  ProxyHeader header;
  // While incomplete: how many more bytes may be read (at least 1) without
  // reading past the header's end.
  size_t more = 0;
};

// Reads the start of a connection. InvalidArgument, with a message saying
// what is wrong ("PROXY v2 header: command 5 is neither LOCAL nor PROXY"),
// as soon as `bytes` cannot begin a valid header; otherwise incomplete with
// how much more may be read, or complete. Bytes after the header are
// ignored.
absl::StatusOr<ProxyParse> ParseProxyHeader(absl::string_view bytes);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_PROXY_PROTOCOL_H_
