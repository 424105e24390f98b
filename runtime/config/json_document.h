// Reading acl.json from disk and parsing its text. Internal to runtime/config.
//
// Owns: the file rules (readable, at most kMaxConfigFileBytes) and the document rules
// (valid JSON, at most kMaxJsonNesting levels of '{' and of '[', an object at the top;
// empty or whitespace-only text counts as `{}`). Owner: runtime/config.
// Thread safety: reentrant. Failure: kInvalidFile / kInvalidFileSize for the file,
// kParseFile for the text, with the path, line, column and reason in the message.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"
#include "runtime/config/json_reader.h"

namespace asim::cfg::detail {

Status ReadConfigFile(const char* path, std::string* text);

Status ParseConfigText(std::string_view text, std::string_view source, Json* document);

}  // namespace asim::cfg::detail
