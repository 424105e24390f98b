// msame's files: reading an input (.bin: the bytes as they are; .npy: the array's data after
// its header is checked) and writing an output as BIN (the bytes the model wrote), TXT (the
// values as text, the real msame's layout) or NPY (a NumPy array with the output's dtype and
// dims, np.load reads it).
//
// TXT layout (as the real msame writes it): every value followed by one space; with two or
// more dims, a newline after each run of the last dim's length (one text line per row); a
// rank-0/1 output is one line without a newline. Floats as C++ streams print them (%g, 6
// significant digits); fp16 and bf16 converted to float; integers and bool as numbers (the
// real msame writes int8/uint8 as characters: a deviation).
// NPY: version 1.0, little-endian descr of the output's type ('<f4', '<f2', '|i1', '<i8',
// '|b1', ...); bf16 is written as '<f4' (NumPy has no bfloat16); a type NumPy lacks
// (string, int4 ...) is written as the raw bytes, '|u1'. The shape is the output's dims when
// they account for every byte, else one dimension of the element count.
//
// Owner: tools/msame. Thread safety: pure functions and independent files. Failure: false
// with *error naming the file and the problem; nothing is thrown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "tools/msame/options.h"

namespace asim::msame {

// Bytes per element of `dtype`; 0 for a type without a fixed byte size (string, int4 ...).
size_t ElementSize(aclDataType dtype);
const char* DataTypeName(aclDataType dtype);  // "float32", "float16", "int64" ... ("dtype 13" style if unknown)

// "[2, 3, 4]"
std::string DimsText(const std::vector<int64_t>& dims);

struct NpyHeader {
  std::string descr;  // e.g. "<f4"
  bool fortran_order = false;
  std::vector<int64_t> shape;
  size_t data_offset = 0;  // where the array's bytes begin in the file
};

// Parses the header of a .npy file held in `file` (versions 1.0, 2.0 and 3.0).
bool ParseNpyHeader(const std::vector<uint8_t>& file, NpyHeader* header, std::string* error);
// The header of a version-1.0 .npy file (magic, length, the dict, padded to 64 bytes).
std::string MakeNpyHeader(const std::string& descr, const std::vector<int64_t>& shape);
// The NumPy descr of `dtype` ("<f4" ...); empty when NumPy has no such type.
std::string NpyDescr(aclDataType dtype);

// Reads an input file: a .bin file's bytes, or a .npy file's data. A .npy must be C-ordered
// and hold `dtype` (the model input's type): another type is an error naming both.
bool ReadInputFile(const std::string& path, aclDataType dtype, std::vector<uint8_t>* bytes, std::string* error);

// One model output on the host.
struct OutputTensor {
  aclDataType dtype = ACL_FLOAT;
  bool dims_known = false;    // dims describe `bytes` exactly
  std::vector<int64_t> dims;  // when dims_known
  std::vector<uint8_t> bytes;
};

// The TXT rendering of `tensor` (see the header comment); false for a type without a text form.
bool FormatText(const OutputTensor& tensor, std::string* text, std::string* error);
// Writes `tensor` to `path` in `format`.
bool WriteOutputFile(const std::string& path, OutFormat format, const OutputTensor& tensor, std::string* error);

}  // namespace asim::msame
