// Typed reading of acl.json values. See json_reader.h for the rules.
//
// Owner: runtime/config. Thread safety: reentrant. Failure: Status with the section code.
#include "runtime/config/json_reader.h"

#include <spdlog/fmt/fmt.h>

#include <charconv>

#include "base/log.h"

namespace asim::cfg::detail {
namespace {

constexpr size_t kMaxDescribedChars = 64;

bool ParseDecimal(std::string_view text, int64_t* value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

Where Where::Key(std::string_view key) const {
  Where child = *this;
  child.pointer_ += '/';
  for (char c : key) {
    if (c == '~') {
      child.pointer_ += "~0";
    } else if (c == '/') {
      child.pointer_ += "~1";
    } else {
      child.pointer_ += c;
    }
  }
  return child;
}

Where Where::Index(size_t index) const {
  Where child = *this;
  child.pointer_ += fmt::format("/{}", index);
  return child;
}

Where Where::WithCode(int32_t code) const {
  Where copy = *this;
  copy.code_ = code;
  return copy;
}

Status Where::Error(std::string_view reason) const {
  return {code_, fmt::format("{}: {}: {}", source_, pointer_.empty() ? "/" : pointer_, reason)};
}

void Where::Ignored(std::string_view why) const {
  ASIM_LOG_DEBUG("[ACL] {}: {}: {}; ignored", source_, pointer_, why);
}

std::string Describe(const Json& value) {
  std::string text;
  switch (value.type()) {
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::null: return "null";
    case Json::value_t::discarded: return "nothing";
    case Json::value_t::string:
      text = value.get_ref<const std::string&>();
      if (text.size() > kMaxDescribedChars) text = text.substr(0, kMaxDescribedChars) + "...";
      return fmt::format("\"{}\"", text);
    default: return value.dump();  // numbers and booleans
  }
}

Status RequireObject(const Json& value, const Where& at) {
  if (value.is_object()) return Status::Ok();
  return at.Error(fmt::format("must be an object, got {}", Describe(value)));
}

Status ReadString(const Json& value, const Where& at, std::string* out) {
  if (!value.is_string()) return at.Error(fmt::format("must be a string, got {}", Describe(value)));
  const auto& s = value.get_ref<const std::string&>();
  if (s.find('\0') != std::string::npos) return at.Error("must not contain a NUL character");
  *out = s;
  return Status::Ok();
}

Status ReadText(const Json& value, const Where& at, std::string* out) {
  if (value.is_number_integer()) {
    *out = value.dump();
    return Status::Ok();
  }
  return ReadString(value, at, out);
}

Status ReadSwitch(const Json& value, const Where& at, bool* on) {
  if (value.is_boolean()) {
    *on = value.get<bool>();
    return Status::Ok();
  }
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    if (s == "on" || s == "off") {
      *on = s == "on";
      return Status::Ok();
    }
  }
  return at.Error(fmt::format("must be \"on\" or \"off\", got {}", Describe(value)));
}

Status ReadInteger(const Json& value, const Where& at, int64_t min, int64_t max, int64_t* out) {
  int64_t v = 0;
  bool ok = false;
  if (value.is_number_unsigned()) {
    const uint64_t u = value.get<uint64_t>();
    ok = u <= static_cast<uint64_t>(INT64_MAX);
    v = static_cast<int64_t>(u);
  } else if (value.is_number_integer()) {
    v = value.get<int64_t>();
    ok = true;
  } else if (value.is_string()) {
    ok = ParseDecimal(value.get_ref<const std::string&>(), &v);
  }
  if (!ok || v < min || v > max) {
    return at.Error(
        fmt::format("must be an integer from {} to {} (a number or a decimal "
                    "string), got {}",
                    min, max, Describe(value)));
  }
  *out = v;
  return Status::Ok();
}

Status ReadStringArray(const Json& value, const Where& at, std::vector<std::string>* out) {
  if (!value.is_array()) {
    return at.Error(fmt::format("must be an array of strings, got {}", Describe(value)));
  }
  std::vector<std::string> items;
  items.reserve(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    std::string item;
    ASIM_RETURN_IF_ERROR(ReadString(value[i], at.Index(i), &item));
    items.push_back(std::move(item));
  }
  *out = std::move(items);
  return Status::Ok();
}

std::string JoinChoices(std::span<const std::string_view> allowed) {
  std::string out;
  for (size_t i = 0; i < allowed.size(); ++i) {
    if (i > 0) out += i + 1 == allowed.size() ? " or " : ", ";
    out += fmt::format("\"{}\"", allowed[i]);
  }
  return out;
}

Status ReadChoice(const Json& value, const Where& at, std::span<const std::string_view> allowed, size_t* index) {
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    for (size_t i = 0; i < allowed.size(); ++i) {
      if (s == allowed[i]) {
        *index = i;
        return Status::Ok();
      }
    }
  }
  return at.Error(fmt::format("must be {}, got {}", JoinChoices(allowed), Describe(value)));
}

Status ReadList(const Json& value, const Where& at, std::span<const std::string_view> allowed,
                std::vector<std::string>* out) {
  std::vector<std::string> items;
  if (value.is_array()) {
    ASIM_RETURN_IF_ERROR(ReadStringArray(value, at, &items));
  } else if (value.is_string()) {
    const std::string_view text = value.get_ref<const std::string&>();
    size_t start = 0;
    while (true) {
      const size_t comma = text.find(',', start);
      items.emplace_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
  } else {
    return at.Error(
        fmt::format("must be a comma-separated string of {}, got {}", JoinChoices(allowed), Describe(value)));
  }
  for (const std::string& item : items) {
    bool known = false;
    for (std::string_view a : allowed) known = known || item == a;
    if (!known) {
      return at.Error(fmt::format("item \"{}\" is not one of {}", item, JoinChoices(allowed)));
    }
  }
  *out = std::move(items);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
