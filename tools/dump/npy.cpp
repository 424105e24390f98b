// .npy reading and writing. See npy.h.
#include "tools/dump/npy.h"

#include <spdlog/fmt/fmt.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "dumpfmt/dump_types.h"

namespace asim::dumptool {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;

struct DescrRow {
  const char* descr;
  int32_t dump_type;
  size_t size;
};

const DescrRow kDescrs[] = {
    {"<f2", dump::kDtFloat16, 2},
    {"<f4", dump::kDtFloat, 4},
    {"<f8", dump::kDtDouble, 8},
    {"|i1", dump::kDtInt8, 1},
    {"|u1", dump::kDtUint8, 1},
    {"<i2", dump::kDtInt16, 2},
    {"<u2", dump::kDtUint16, 2},
    {"<i4", dump::kDtInt32, 4},
    {"<u4", dump::kDtUint32, 4},
    {"<i8", dump::kDtInt64, 8},
    {"<u8", dump::kDtUint64, 8},
    {"|b1", dump::kDtBool, 1},
    {"<c8", 16, 8},
    {"<c16", 17, 16},
};

// NumPy also writes "i1" / "u1" / "b1" with '<' or '|' and accepts "=" for native order.
std::string Canonical(std::string_view descr) {
  std::string d(descr);
  if (!d.empty() && (d[0] == '=' || d[0] == '<' || d[0] == '|')) {
    const std::string body = d.substr(1);
    if (body == "i1" || body == "u1" || body == "b1") return "|" + body;
    return "<" + body;
  }
  return d;
}

std::string ShapeText(const std::vector<uint64_t>& shape) {
  if (shape.empty()) return "()";
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += fmt::format("{}, ", shape[i]);
  if (shape.size() > 1)
    s.resize(s.size() - 2);  // (2, 3) but (5,)
  else
    s.resize(s.size() - 1);
  return s + ")";
}

Status Bad(std::string_view source, const std::string& why) {
  return Status(err::kParseFile, fmt::format("'{}' is not a readable .npy file: {}", source, why));
}

// The value text after 'key': in a header dict.
bool FindValue(std::string_view header, std::string_view key, std::string_view* value) {
  const std::string quoted = fmt::format("'{}'", key);
  size_t pos = header.find(quoted);
  if (pos == std::string_view::npos) return false;
  pos = header.find(':', pos + quoted.size());
  if (pos == std::string_view::npos) return false;
  ++pos;
  while (pos < header.size() && header[pos] == ' ') ++pos;
  *value = header.substr(pos);
  return true;
}

}  // namespace

uint64_t NpyArray::ElementCount() const {
  uint64_t n = 1;
  for (uint64_t d : shape) n *= d;
  return n;
}

size_t NpyItemSize(std::string_view descr) {
  const std::string d = Canonical(descr);
  for (const DescrRow& row : kDescrs) {
    if (d == row.descr) return row.size;
  }
  return 0;
}

std::string NpyDescrOf(int32_t dump_type) {
  for (const DescrRow& row : kDescrs) {
    if (row.dump_type == dump_type) return row.descr;
  }
  return "";
}

int32_t DumpDataTypeOfNpy(std::string_view descr) {
  const std::string d = Canonical(descr);
  for (const DescrRow& row : kDescrs) {
    if (d == row.descr) return row.dump_type;
  }
  return dump::kDtUndefined;
}

std::vector<uint8_t> EncodeNpy(const NpyArray& array) {
  std::string header =
      fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", array.descr, ShapeText(array.shape));
  const size_t prefix = kMagicLen + 2 + 2;  // magic, version, uint16 header length
  const size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
  header.append(total - prefix - header.size() - 1, ' ');
  header += '\n';
  std::vector<uint8_t> out(prefix + header.size() + array.data.size());
  std::memcpy(out.data(), kMagic, kMagicLen);
  out[kMagicLen] = 1;  // version 1.0
  out[kMagicLen + 1] = 0;
  out[kMagicLen + 2] = static_cast<uint8_t>(header.size() & 0xff);
  out[kMagicLen + 3] = static_cast<uint8_t>(header.size() >> 8);
  std::memcpy(out.data() + prefix, header.data(), header.size());
  if (!array.data.empty()) std::memcpy(out.data() + prefix + header.size(), array.data.data(), array.data.size());
  return out;
}

Status DecodeNpy(std::span<const uint8_t> bytes, std::string_view source, NpyArray* out) {
  if (bytes.size() < kMagicLen + 4 || std::memcmp(bytes.data(), kMagic, kMagicLen) != 0) {
    return Bad(source, "no \\x93NUMPY magic");
  }
  const uint8_t major = bytes[kMagicLen];
  size_t header_len = 0, offset = 0;
  if (major == 1) {
    header_len = bytes[kMagicLen + 2] | (static_cast<size_t>(bytes[kMagicLen + 3]) << 8);
    offset = kMagicLen + 4;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < kMagicLen + 6) return Bad(source, "truncated header");
    for (int i = 0; i < 4; ++i) header_len |= static_cast<size_t>(bytes[kMagicLen + 2 + i]) << (8 * i);
    offset = kMagicLen + 6;
  } else {
    return Bad(source, fmt::format("format version {} is not supported", major));
  }
  if (offset + header_len > bytes.size()) return Bad(source, "truncated header");
  const std::string_view header(reinterpret_cast<const char*>(bytes.data() + offset), header_len);
  NpyArray a;
  std::string_view value;
  if (!FindValue(header, "descr", &value) || value.empty() || value[0] != '\'') return Bad(source, "no 'descr'");
  const size_t end = value.find('\'', 1);
  if (end == std::string_view::npos) return Bad(source, "bad 'descr'");
  a.descr = Canonical(value.substr(1, end - 1));
  if (!a.descr.empty() && a.descr[0] == '>') return Bad(source, "big-endian data is not supported");
  const size_t item = NpyItemSize(a.descr);
  if (item == 0) return Bad(source, fmt::format("element type '{}' is not supported", a.descr));
  if (!FindValue(header, "fortran_order", &value)) return Bad(source, "no 'fortran_order'");
  if (value.starts_with("True")) return Bad(source, "Fortran-order arrays are not supported");
  if (!FindValue(header, "shape", &value) || value.empty() || value[0] != '(') return Bad(source, "no 'shape'");
  const size_t close = value.find(')');
  if (close == std::string_view::npos) return Bad(source, "bad 'shape'");
  std::string_view dims = value.substr(1, close - 1);
  while (!dims.empty()) {
    while (!dims.empty() && (dims[0] == ' ' || dims[0] == ',')) dims.remove_prefix(1);
    if (dims.empty()) break;
    uint64_t d = 0;
    size_t i = 0;
    while (i < dims.size() && dims[i] >= '0' && dims[i] <= '9') d = d * 10 + static_cast<uint64_t>(dims[i++] - '0');
    if (i == 0) return Bad(source, "bad 'shape'");
    a.shape.push_back(d);
    dims.remove_prefix(i);
    while (!dims.empty() && dims[0] == 'L') dims.remove_prefix(1);  // Python 2 longs
  }
  const uint64_t need = a.ElementCount() * item;
  const uint64_t have = bytes.size() - offset - header_len;
  if (have != need) {
    return Bad(source, fmt::format("shape {} of '{}' needs {} bytes of data, the file has {}", ShapeText(a.shape),
                                   a.descr, need, have));
  }
  a.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(offset + header_len), bytes.end());
  *out = std::move(a);
  return Status::Ok();
}

Status WriteNpy(const std::string& path, const NpyArray& array) {
  const std::vector<uint8_t> bytes = EncodeNpy(array);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) {
    return Status(err::kWriteFile, fmt::format("cannot write '{}': {}", path,
                                               std::error_code(errno, std::generic_category()).message()));
  }
  return Status::Ok();
}

Status ReadNpy(const std::string& path, NpyArray* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    return Status(err::kInvalidFile,
                  fmt::format("cannot open '{}': {}", path, std::error_code(errno, std::generic_category()).message()));
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return DecodeNpy(bytes, path, out);
}

}  // namespace asim::dumptool
