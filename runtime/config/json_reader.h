// Typed reading of acl.json values with located errors. Internal to runtime/config.
//
// Owns: the value rules shared by every section: where a number is meant, a JSON number
// or a decimal string ("10000") is accepted; switches are "on"/"off" (or true/false);
// enumerations are exact strings. Every error names the source, the key as a JSON pointer
// and the offending value, with the section's error code carried by Where.
// Owner: runtime/config. Thread safety: reentrant. Failure: Status with Where's code.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::cfg::detail {

using Json = nlohmann::json;

// A position in a document: source name, JSON pointer, and the error code of the section.
class Where {
 public:
  Where(std::string_view source, int32_t code) : source_(source), code_(code) {}

  Where Key(std::string_view key) const;  // appends "/key" (RFC 6901 escaping)
  Where Index(size_t index) const;        // appends "/index"
  Where WithCode(int32_t code) const;

  const std::string& pointer() const { return pointer_; }  // "" for the root
  std::string_view source() const { return source_; }
  int32_t code() const { return code_; }

  // Status(code, "<source>: <pointer>: <reason>").
  Status Error(std::string_view reason) const;
  // Debug log that the key is not part of the schema (or not used) and is ignored.
  void Ignored(std::string_view why) const;

 private:
  std::string_view source_;
  std::string pointer_;
  int32_t code_;
};

// Short human description of a value for messages: "\"abc\"", "12", "an object" ...
std::string Describe(const Json& value);

Status RequireObject(const Json& value, const Where& at);
Status ReadString(const Json& value, const Where& at, std::string* out);
// A JSON string, or a JSON number taken as its decimal text.
Status ReadText(const Json& value, const Where& at, std::string* out);
Status ReadSwitch(const Json& value, const Where& at, bool* on);
// A JSON integer or a decimal string, within [min, max].
Status ReadInteger(const Json& value, const Where& at, int64_t min, int64_t max, int64_t* out);
Status ReadStringArray(const Json& value, const Where& at, std::vector<std::string>* out);
// A string equal to one of `allowed` (its index in *index).
Status ReadChoice(const Json& value, const Where& at, std::span<const std::string_view> allowed, size_t* index);
// "a,b,c" (or an array of strings); every item one of `allowed`, no empty items.
Status ReadList(const Json& value, const Where& at, std::span<const std::string_view> allowed,
                std::vector<std::string>* out);

// "a, b or c" for messages.
std::string JoinChoices(std::span<const std::string_view> allowed);

}  // namespace asim::cfg::detail
