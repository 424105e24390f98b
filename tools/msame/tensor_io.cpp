// tensor_io.cpp: see tensor_io.h.
#include "tools/msame/tensor_io.h"

#include <complex>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace asim::msame {
namespace {

constexpr char kNpyMagic[] = "\x93NUMPY";
constexpr size_t kNpyMagicLen = 6;

float Bf16ToFloat(uint16_t bits) {
  const uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float value = 0;
  std::memcpy(&value, &wide, sizeof(value));
  return value;
}

template <typename T>
T Load(const uint8_t* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

// Appends `value` as a C++ stream prints a double by default (%g, precision 6).
void AppendFloat(std::string* text, double value) {
  char buf[64];
  const int n = std::snprintf(buf, sizeof(buf), "%g", value);
  text->append(buf, static_cast<size_t>(n));
}

// "(real,imag)", as a C++ stream prints a std::complex.
template <typename T>
void AppendComplex(std::string* text, const std::complex<T>& c) {
  text->push_back('(');
  AppendFloat(text, c.real());
  text->push_back(',');
  AppendFloat(text, c.imag());
  text->push_back(')');
}

void AppendInt(std::string* text, long long value) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof(buf), "%lld", value);
  text->append(buf, static_cast<size_t>(n));
}

void AppendUnsigned(std::string* text, unsigned long long value) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof(buf), "%llu", value);
  text->append(buf, static_cast<size_t>(n));
}

// Appends element `i` of `t` as text; false for a type without a text form.
bool AppendValue(std::string* text, const OutputTensor& t, size_t i) {
  const uint8_t* p = t.bytes.data() + i * ElementSize(t.dtype);
  switch (t.dtype) {
    case ACL_FLOAT: AppendFloat(text, Load<float>(p)); return true;
    case ACL_FLOAT16: AppendFloat(text, aclFloat16ToFloat(Load<aclFloat16>(p))); return true;
    case ACL_BF16: AppendFloat(text, Bf16ToFloat(Load<uint16_t>(p))); return true;
    case ACL_DOUBLE: AppendFloat(text, Load<double>(p)); return true;
    case ACL_INT8: AppendInt(text, Load<int8_t>(p)); return true;
    case ACL_INT16: AppendInt(text, Load<int16_t>(p)); return true;
    case ACL_INT32: AppendInt(text, Load<int32_t>(p)); return true;
    case ACL_INT64: AppendInt(text, Load<int64_t>(p)); return true;
    case ACL_UINT8: AppendUnsigned(text, Load<uint8_t>(p)); return true;
    case ACL_UINT16: AppendUnsigned(text, Load<uint16_t>(p)); return true;
    case ACL_UINT32: AppendUnsigned(text, Load<uint32_t>(p)); return true;
    case ACL_UINT64: AppendUnsigned(text, Load<uint64_t>(p)); return true;
    case ACL_BOOL: AppendInt(text, Load<uint8_t>(p) != 0 ? 1 : 0); return true;
    case ACL_COMPLEX64: AppendComplex(text, Load<std::complex<float>>(p)); return true;
    case ACL_COMPLEX128: AppendComplex(text, Load<std::complex<double>>(p)); return true;
    default: return false;
  }
}

bool ReadWholeFile(const std::string& path, std::vector<uint8_t>* bytes, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot open " + path;
    return false;
  }
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) {
    *error = "cannot read " + path;
    return false;
  }
  return true;
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The value after "'key':" in a .npy header dict, up to the next top-level ',' or '}'.
bool DictValue(const std::string& dict, const std::string& key, std::string* value) {
  size_t at = dict.find("'" + key + "'");
  if (at == std::string::npos) at = dict.find("\"" + key + "\"");
  if (at == std::string::npos) return false;
  at = dict.find(':', at + key.size() + 2);
  if (at == std::string::npos) return false;
  ++at;
  while (at < dict.size() && dict[at] == ' ') ++at;
  size_t end = at;
  int depth = 0;
  while (end < dict.size()) {
    const char c = dict[end];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth < 0 || (depth == 0 && (c == ',' || c == '}'))) break;
    ++end;
  }
  *value = dict.substr(at, end - at);
  while (!value->empty() && value->back() == ' ') value->pop_back();
  return true;
}

// "<f4" -> "f4" with the byte order checked: '<', '=' and '|' are little-endian here.
bool NormalizeDescr(const std::string& descr, std::string* base) {
  if (descr.empty()) return false;
  if (descr[0] == '>') {
    // A big-endian single byte type is still fine.
    *base = descr.substr(1);
    return base->size() >= 2 && base->substr(1) == "1";
  }
  *base = (descr[0] == '<' || descr[0] == '=' || descr[0] == '|') ? descr.substr(1) : descr;
  return true;
}

}  // namespace

size_t ElementSize(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32: return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL: return 1;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
  }
}

const char* DataTypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_DOUBLE: return "float64";
    case ACL_INT8: return "int8";
    case ACL_INT16: return "int16";
    case ACL_INT32: return "int32";
    case ACL_INT64: return "int64";
    case ACL_UINT8: return "uint8";
    case ACL_UINT16: return "uint16";
    case ACL_UINT32: return "uint32";
    case ACL_UINT64: return "uint64";
    case ACL_BOOL: return "bool";
    case ACL_STRING: return "string";
    case ACL_COMPLEX64: return "complex64";
    case ACL_COMPLEX128: return "complex128";
    case ACL_INT4: return "int4";
    case ACL_UINT1: return "uint1";
    default: return "unknown dtype";
  }
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

std::string NpyDescr(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "<f4";
    case ACL_FLOAT16: return "<f2";
    case ACL_DOUBLE: return "<f8";
    case ACL_INT8: return "|i1";
    case ACL_INT16: return "<i2";
    case ACL_INT32: return "<i4";
    case ACL_INT64: return "<i8";
    case ACL_UINT8: return "|u1";
    case ACL_UINT16: return "<u2";
    case ACL_UINT32: return "<u4";
    case ACL_UINT64: return "<u8";
    case ACL_BOOL: return "|b1";
    case ACL_COMPLEX64: return "<c8";
    case ACL_COMPLEX128: return "<c16";
    default: return "";
  }
}

std::string MakeNpyHeader(const std::string& descr, const std::vector<int64_t>& shape) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i) dict += (i ? ", " : "") + std::to_string(shape[i]);
  dict += shape.size() == 1 ? ",), }" : "), }";
  // magic (6) + version (2) + length (2) + dict + padding + '\n' is a multiple of 64.
  const size_t unpadded = kNpyMagicLen + 4 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  std::string header(kNpyMagic, kNpyMagicLen);
  header.push_back('\x01');
  header.push_back('\x00');
  header.push_back(static_cast<char>(dict.size() & 0xff));
  header.push_back(static_cast<char>((dict.size() >> 8) & 0xff));
  return header + dict;
}

bool ParseNpyHeader(const std::vector<uint8_t>& file, NpyHeader* header, std::string* error) {
  if (file.size() < kNpyMagicLen + 4 || std::memcmp(file.data(), kNpyMagic, kNpyMagicLen) != 0) {
    *error = "not a .npy file (no \\x93NUMPY magic)";
    return false;
  }
  const uint8_t major = file[kNpyMagicLen];
  size_t length = 0;
  size_t begin = 0;
  if (major == 1) {
    length = file[8] | (static_cast<size_t>(file[9]) << 8);
    begin = 10;
  } else if (major == 2 || major == 3) {
    if (file.size() < 12) {
      *error = ".npy header truncated";
      return false;
    }
    length = file[8] | (static_cast<size_t>(file[9]) << 8) | (static_cast<size_t>(file[10]) << 16) |
             (static_cast<size_t>(file[11]) << 24);
    begin = 12;
  } else {
    *error = ".npy format version " + std::to_string(major) + " is not supported (1, 2 or 3)";
    return false;
  }
  if (begin + length > file.size()) {
    *error = ".npy header truncated";
    return false;
  }
  const std::string dict(reinterpret_cast<const char*>(file.data()) + begin, length);
  std::string descr, fortran, shape;
  if (!DictValue(dict, "descr", &descr) || !DictValue(dict, "fortran_order", &fortran) ||
      !DictValue(dict, "shape", &shape)) {
    *error = ".npy header lacks 'descr', 'fortran_order' or 'shape': " + dict;
    return false;
  }
  if (descr.size() < 2 || (descr.front() != '\'' && descr.front() != '"') || descr.back() != descr.front()) {
    *error = ".npy header: 'descr' is not a simple type string (structured arrays are not model inputs): " + descr;
    return false;
  }
  header->descr = descr.substr(1, descr.size() - 2);
  if (fortran != "False" && fortran != "True") {
    *error = ".npy header: 'fortran_order' is " + fortran;
    return false;
  }
  header->fortran_order = fortran == "True";
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')') {
    *error = ".npy header: 'shape' is not a tuple: " + shape;
    return false;
  }
  header->shape.clear();
  for (const std::string& d : SplitTrimmed(shape.substr(1, shape.size() - 2), ',')) {
    if (d.empty()) continue;  // "(3,)"
    int64_t v = 0;
    if (!ParseInteger(d, 0, INT64_MAX, &v)) {
      *error = ".npy header: shape " + shape + " has a bad dimension '" + d + "'";
      return false;
    }
    header->shape.push_back(v);
  }
  header->data_offset = begin + length;
  return true;
}

bool ReadInputFile(const std::string& path, aclDataType dtype, std::vector<uint8_t>* bytes, std::string* error) {
  if (!ReadWholeFile(path, bytes, error)) return false;
  if (!EndsWith(path, ".npy") && !EndsWith(path, ".NPY")) return true;
  NpyHeader header;
  if (!ParseNpyHeader(*bytes, &header, error)) {
    *error = path + ": " + *error;
    return false;
  }
  if (header.fortran_order) {
    *error = path + ": the array is in Fortran order; save it C-ordered (np.ascontiguousarray)";
    return false;
  }
  std::string base, want;
  const bool little = NormalizeDescr(header.descr, &base);
  const std::string want_descr = NpyDescr(dtype);
  NormalizeDescr(want_descr, &want);
  // bf16 has no NumPy type: take 2-byte raw data ('<u2', '<i2' or '|V2').
  const bool bf16_ok = dtype == ACL_BF16 && (base == "u2" || base == "i2" || base == "V2");
  if (!little) {
    *error = path + ": the array is big-endian ('" + header.descr + "'); save it little-endian";
    return false;
  }
  if (!bf16_ok && (want.empty() || base != want)) {
    *error = path + ": the array holds '" + header.descr + "' but the model input is " + DataTypeName(dtype) +
             (want_descr.empty() ? "" : " ('" + want_descr + "')") + "; convert it (e.g. arr.astype(np." +
             DataTypeName(dtype) + "))";
    return false;
  }
  bytes->erase(bytes->begin(), bytes->begin() + static_cast<std::ptrdiff_t>(header.data_offset));
  size_t count = 1;
  for (int64_t d : header.shape) count *= static_cast<size_t>(d);
  const size_t element = dtype == ACL_BF16 ? 2 : ElementSize(dtype);
  if (element != 0 && bytes->size() != count * element) {
    *error = path + ": shape " + DimsText(header.shape) + " needs " + std::to_string(count * element) +
             " bytes of data but the file holds " + std::to_string(bytes->size());
    return false;
  }
  return true;
}

bool FormatText(const OutputTensor& tensor, std::string* text, std::string* error) {
  const size_t element = ElementSize(tensor.dtype);
  if (element == 0) {
    *error = std::string("a ") + DataTypeName(tensor.dtype) + " output has no text form; use --outfmt BIN";
    return false;
  }
  const size_t count = tensor.bytes.size() / element;
  const int64_t row = tensor.dims_known && tensor.dims.size() >= 2 ? tensor.dims.back() : 0;
  text->clear();
  text->reserve(count * 12);
  for (size_t i = 0; i < count; ++i) {
    if (!AppendValue(text, tensor, i)) {
      *error = std::string("a ") + DataTypeName(tensor.dtype) + " output has no text form; use --outfmt BIN";
      return false;
    }
    text->push_back(' ');
    if (row > 0 && (i + 1) % static_cast<size_t>(row) == 0) text->push_back('\n');
  }
  return true;
}

bool WriteOutputFile(const std::string& path, OutFormat format, const OutputTensor& tensor, std::string* error) {
  std::string prefix;
  const std::vector<uint8_t>* data = &tensor.bytes;
  std::vector<uint8_t> converted;
  std::string text;
  if (format == OutFormat::kTxt) {
    if (!FormatText(tensor, &text, error)) return false;
  } else if (format == OutFormat::kNpy) {
    std::string descr = NpyDescr(tensor.dtype);
    std::vector<int64_t> shape = tensor.dims;
    if (tensor.dtype == ACL_BF16) {  // no NumPy bfloat16: float32 values
      descr = "<f4";
      converted.resize(tensor.bytes.size() * 2);
      for (size_t i = 0; i + 1 < tensor.bytes.size(); i += 2) {
        const float f = Bf16ToFloat(Load<uint16_t>(tensor.bytes.data() + i));
        std::memcpy(converted.data() + i * 2, &f, sizeof(f));
      }
      data = &converted;
    }
    const bool raw = descr.empty();  // a type NumPy lacks: its bytes
    const size_t element = raw ? 1 : ElementSize(tensor.dtype == ACL_BF16 ? ACL_FLOAT : tensor.dtype);
    if (raw) descr = "|u1";
    if (!tensor.dims_known || raw) shape = {static_cast<int64_t>(data->size() / element)};
    prefix = MakeNpyHeader(descr, shape);
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    *error = "cannot create " + path;
    return false;
  }
  out.write(prefix.data(), static_cast<std::streamsize>(prefix.size()));
  if (format == OutFormat::kTxt) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  } else {
    out.write(reinterpret_cast<const char*>(data->data()), static_cast<std::streamsize>(data->size()));
  }
  out.close();
  if (!out) {
    *error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace asim::msame
