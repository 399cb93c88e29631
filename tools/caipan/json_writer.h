// A small streaming JSON writer for the CLI's --json output: objects, arrays,
// escaped strings, integers, booleans and null, with commas placed for you.
#ifndef CAIPAN_TOOLS_CAIPAN_JSON_WRITER_H_
#define CAIPAN_TOOLS_CAIPAN_JSON_WRITER_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/common/text.h"  // JsonQuote

namespace caipan::cli {

class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  // Inside an object: the next value's key.
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  JsonWriter& Int(long long value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();

  std::string out_;
  // One entry per open container: whether it already holds an element.
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_JSON_WRITER_H_
