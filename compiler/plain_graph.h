// PlainGraph: the ONNX-like graph GraphBuilder records before compilation.
//
// Owns: the values (graph inputs, constants with their bytes, op outputs), the ops in the
// order they were added (which is a topological order: an op may only read values that
// exist when it is added) and the graph outputs. Everything is in plain formats (NCHW,
// ND ...); internal layouts appear only after compilation (lowering.h).
// Thread safety: a value type. Failure: none here; the first builder misuse is kept in
// `error` and returned by Compile.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"
#include "kernels/framework/attr.h"

namespace asim::atc {

struct PlainValue {
  enum class Kind { kInput, kConstant, kOpOutput };
  Kind kind = Kind::kInput;
  int index = 0;   // into inputs / constants / ops
  int output = 0;  // kOpOutput: which output of the op
};

struct PlainInput {
  std::string name;
  DataType dtype = DataType::kFloat;
  std::vector<int64_t> dims;  // -1 where the dimension depends on the gear
  Format format = Format::kNchw;
};

struct PlainConstant {
  std::string name;
  DataType dtype = DataType::kFloat;
  std::vector<int64_t> dims;
  Format format = Format::kNd;  // NCHW for 4-D constants (conv weights), ND otherwise
  std::vector<uint8_t> bytes;
};

struct PlainOp {
  std::string type;
  std::string name;
  std::vector<int> inputs;  // value ids; -1 = absent optional input
  kernels::AttrMap attrs;
  std::vector<int> outputs;  // value ids
};

struct PlainOutput {
  int value = -1;
  std::string name;
  // The layout the output is stored in: kUndefined for the plain format (what models give);
  // an internal format (NC1HWC0 ...) for a single op whose output description asks for it.
  Format format = Format::kUndefined;
};

struct PlainGraph {
  std::vector<PlainValue> values;
  std::vector<PlainInput> inputs;
  std::vector<PlainConstant> constants;
  std::vector<PlainOp> ops;
  std::vector<PlainOutput> outputs;
  Status error;  // the first misuse of the builder (kInvalidParam), reported by Compile
};

}  // namespace asim::atc
