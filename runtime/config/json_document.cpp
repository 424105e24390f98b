// acl.json file reading and JSON text parsing. See json_document.h for the rules.
//
// Owner: runtime/config. Thread safety: reentrant. Failure: see json_document.h.
#include "runtime/config/json_document.h"

#include <fcntl.h>
#include <spdlog/fmt/fmt.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "base/json_release.h"
#include "base/log.h"
#include "runtime/config/acl_config.h"

namespace asim::cfg::detail {
namespace {

std::string ErrnoText(int error) {
  return std::error_code(error, std::generic_category()).message();
}

struct TextPosition {
  size_t line = 1;
  size_t column = 1;
};

// 1-based line and column of byte `offset` (0-based) of `text`.
TextPosition PositionOf(std::string_view text, size_t offset) {
  TextPosition pos;
  if (offset > text.size()) offset = text.size();
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++pos.line;
      pos.column = 1;
    } else {
      ++pos.column;
    }
  }
  return pos;
}

// Rejects more than kMaxJsonNesting levels of '{', or of '[', outside strings. Done before
// parsing so that a hostile document cannot make the parser recurse deeply.
Status CheckNesting(std::string_view text, std::string_view source) {
  int braces = 0;
  int brackets = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // skip the escaped character
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '{': ++braces; break;
      case '}': braces = braces > 0 ? braces - 1 : 0; break;
      case '[': ++brackets; break;
      case ']': brackets = brackets > 0 ? brackets - 1 : 0; break;
      default: break;
    }
    if (braces > kMaxJsonNesting || brackets > kMaxJsonNesting) {
      const TextPosition pos = PositionOf(text, i);
      return {err::kParseFile, fmt::format("{}: line {}, column {}: nesting deeper than {} levels of '{}' (the "
                                           "acl.json limit)",
                                           source, pos.line, pos.column, kMaxJsonNesting, c)};
    }
  }
  return Status::Ok();
}

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line 1, column 2:
// syntax error ..."; keep the part after the position.
std::string ParserReason(const char* what) {
  std::string_view text(what);
  const size_t column = text.find("column ");
  if (column != std::string_view::npos) {
    const size_t colon = text.find(": ", column);
    if (colon != std::string_view::npos) return std::string(text.substr(colon + 2));
  }
  const size_t bracket = text.find("] ");
  if (bracket != std::string_view::npos) return std::string(text.substr(bracket + 2));
  return std::string(text);
}

bool IsBlank(std::string_view text) {
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

}  // namespace

Status ReadConfigFile(const char* path, std::string* text) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return {err::kInvalidFile, fmt::format("cannot open config file '{}': {}", path, ErrnoText(error))};
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return {err::kInvalidFile, fmt::format("config file '{}' is a directory", path)};
  }
  std::string data;
  char buffer[64 * 1024];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0) {
      const int error = errno;
      if (error == EINTR) continue;
      ::close(fd);
      return {err::kInvalidFile, fmt::format("cannot read config file '{}': {}", path, ErrnoText(error))};
    }
    if (n == 0) break;
    if (data.size() + static_cast<size_t>(n) > kMaxConfigFileBytes) {
      ::close(fd);
      return {err::kInvalidFileSize,
              fmt::format("config file '{}' is larger than the {} byte limit", path, kMaxConfigFileBytes)};
    }
    data.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  *text = std::move(data);
  return Status::Ok();
}

Status ParseConfigText(std::string_view text, std::string_view source, Json* document) {
  if (IsBlank(text)) {
    ASIM_LOG_INFO("[ACL] {}: config is empty; using the defaults", source);
    *document = Json::object();
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR(CheckNesting(text, source));
  Json parsed;
  const JsonReleaser<Json> release_parsed(&parsed);  // a refused document goes without allocating
  try {
    parsed = Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    // e.byte is the 1-based index of the last byte read.
    const TextPosition pos = PositionOf(text, e.byte > 0 ? e.byte - 1 : 0);
    return {err::kParseFile, fmt::format("{}: line {}, column {}: malformed JSON: {}", source, pos.line, pos.column,
                                         ParserReason(e.what()))};
  } catch (const Json::exception& e) {  // e.g. a number too large for a double
    return {err::kParseFile, fmt::format("{}: malformed JSON: {}", source, ParserReason(e.what()))};
  }
  if (!parsed.is_object()) {
    return {err::kParseFile, fmt::format("{}: the top level must be a JSON object, got {}", source, Describe(parsed))};
  }
  *document = std::move(parsed);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
