// An answer whose body is an open file (a --web-root file too big to hold in
// memory, static_files.h): written a buffer at a time by Beast's file_body,
// so a connection holds a few KiB whatever the file's size.
#ifndef CAIPAN_GATEWAY_FILE_ANSWER_H_
#define CAIPAN_GATEWAY_FILE_ANSWER_H_

// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>

#include "gateway/beast_streams.h"
#include "gateway/gateway_runtime.h"
#include "gateway/rpc_exchange.h"
#include "gateway/static_files.h"

namespace caipan::gateway {

// Writes `answer`'s status, content type and headers with `file` as the body
// (Content-Length its size; only the head for a HEAD request), then calls
// done(error). An unreadable file is reported to `done` at once.
template <class Stream, class Done>
void WriteFileAnswer(Stream& stream, const HttpRequest& request,
                     HttpAnswer answer, FileHandle file, bool keep_alive,
                     Done done) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  using Response = http::response<http::file_body>;
  using Serializer = http::response_serializer<http::file_body>;
  auto response = std::make_shared<Response>();
  response->version(request.version() ? request.version() : 11);
  response->result(static_cast<unsigned>(answer.status));
  response->set(http::field::server, ServerHeader());
  response->set(http::field::content_type, answer.content_type);
  for (auto& [name, value] : answer.headers) response->set(name, value);
  beast::file posix;
  posix.native_handle(file.Release());
  beast::error_code error;
  response->body().reset(std::move(posix), error);
  if (error) return done(error);
  response->keep_alive(keep_alive);
  response->prepare_payload();
  // The serializer and the response live until the write is done.
  auto serializer = std::make_shared<Serializer>(*response);
  auto finish = [response, serializer, done = std::move(done)](
                    beast::error_code error, size_t) mutable { done(error); };
  if (request.method() == http::verb::head) {
    return http::async_write_header(stream, *serializer, std::move(finish));
  }
  http::async_write(stream, *serializer, std::move(finish));
}

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_FILE_ANSWER_H_
