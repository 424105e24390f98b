// JsonFields: typed, validated reads of one JSON object's fields, with error messages that
// name the source and the full field path ("Ascend310.json: field 'cube.fp16_macs_per_cycle'
// is missing").
//
// Owns: nothing but the set of keys read so far (to reject unknown keys). It reads the
// object it was given, which must outlive it. Owner: device_sim/soc.
// Thread safety: none (one parse, one thread). Failure: the first error is stored into the
// Status the reader was given (err::kFileMissingAttr for a missing field,
// err::kFileAttrInvalid for a wrong type, a value out of range or an unknown field); after
// an error every further read is a no-op and outputs keep their previous values.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::sim {

class JsonFields {
 public:
  // `path` is the dotted path of `object` in the document ("" for the root).
  JsonFields(const nlohmann::json* object, std::string path, std::string source, Status* status);

  void Uint32(std::string_view key, uint32_t* out, uint64_t min, uint64_t max = UINT32_MAX);
  void Uint64(std::string_view key, uint64_t* out, uint64_t min);
  void PositiveDouble(std::string_view key, double* out);
  void Bool(std::string_view key, bool* out);
  void NonEmptyString(std::string_view key, std::string* out);
  void StringList(std::string_view key, std::vector<std::string>* out);  // each non-empty
  // A nested object; when missing or not an object the error is recorded and the returned
  // reader reads nothing.
  JsonFields Object(std::string_view key);
  // Records an error for every key not read so far that does not start with '_'.
  void RejectUnknownKeys();
  // Records a cross-field or enumeration error about `key`.
  void Fail(int32_t code, std::string_view key, const std::string& what);

  bool ok() const { return status_->ok(); }
  std::string PathOf(std::string_view key) const;

 private:
  // The value of `key`, or nullptr after recording a "missing" error.
  const nlohmann::json* Get(std::string_view key);

  const nlohmann::json* object_;
  std::string path_;
  std::string source_;
  Status* status_;
  std::set<std::string, std::less<>> seen_;
};

}  // namespace asim::sim
