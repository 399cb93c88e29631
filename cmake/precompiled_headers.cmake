# Precompiled headers. Most translation units include the same standard, abseil (engine) or
# gRPC and protobuf (server) headers, which take seconds to parse each time; a precompiled
# header parses them once, and targets compiled with the same flags share one. The gateway's own
# header adds Boost.Asio and Beast, the heaviest of all. -DCAIPAN_PCH=OFF compiles without them
# (to compare build times, or to check that every file includes what it uses).
option(CAIPAN_PCH "Precompile the heavy third-party headers" ON)

set(CAIPAN_ENGINE_PCH_HEADERS
    <algorithm> <array> <cstdint> <memory> <optional> <string> <string_view> <utility> <vector>
    <absl/status/status.h> <absl/status/statusor.h> <absl/strings/str_cat.h>
    <absl/strings/str_format.h>)

set(CAIPAN_RPC_PCH_HEADERS
    ${CAIPAN_ENGINE_PCH_HEADERS}
    <grpcpp/grpcpp.h> <grpcpp/support/server_callback.h>
    <google/protobuf/message.h> <google/protobuf/repeated_field.h>
    <absl/synchronization/mutex.h>)

function(caipan_pch_enabled out)
  if(CAIPAN_PCH AND NOT CAIPAN_FUZZ)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# The engine's libraries: `owner` compiles the engine header, each of `ARGN` reuses it.
function(caipan_precompile_engine_headers owner)
  caipan_pch_enabled(enabled)
  if(enabled)
    target_precompile_headers(${owner} PRIVATE ${CAIPAN_ENGINE_PCH_HEADERS})
    foreach(target ${ARGN})
      target_precompile_headers(${target} REUSE_FROM ${owner})
    endforeach()
  endif()
endfunction()

# `target` reuses the RPC stack's precompiled header, compiled once for caipan_proto.
function(caipan_reuse_rpc_headers target)
  caipan_pch_enabled(enabled)
  if(enabled)
    target_precompile_headers(${target} REUSE_FROM caipan_proto)
  endif()
endfunction()

# Gives `target` a precompiled header of its own: the RPC stack's headers plus `ARGN`.
function(caipan_precompile_headers target)
  caipan_pch_enabled(enabled)
  if(enabled)
    target_precompile_headers(${target} PRIVATE ${CAIPAN_RPC_PCH_HEADERS} ${ARGN})
  endif()
endfunction()
