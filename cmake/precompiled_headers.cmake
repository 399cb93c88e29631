# Precompiled headers for the server's libraries. Most of their translation units include
# gRPC, protobuf and abseil, whose headers take several seconds to parse each time; a target's
# precompiled header parses them once. The gateway's header adds Boost.Asio and Beast, the
# heaviest of all. -DCAIPAN_PCH=OFF compiles without them (to compare build times, or to check
# that every file includes what it uses).
option(CAIPAN_PCH "Precompile the heavy third-party headers of the server's libraries" ON)

set(CAIPAN_RPC_PCH_HEADERS
    <memory> <string> <utility> <vector>
    <grpcpp/grpcpp.h> <grpcpp/support/server_callback.h>
    <google/protobuf/message.h> <google/protobuf/repeated_field.h>
    <absl/status/status.h> <absl/status/statusor.h> <absl/strings/str_cat.h>
    <absl/synchronization/mutex.h>)

# Gives `target` a precompiled header of the RPC stack's headers, plus `extra` ones.
function(caipan_precompile_headers target)
  if(NOT CAIPAN_PCH OR CAIPAN_FUZZ)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE ${CAIPAN_RPC_PCH_HEADERS} ${ARGN})
endfunction()
