// DumpRecord: one operator dump file in memory — the DumpData header fields and the tensor
// bytes — as plain C++ (no protobuf types in the interface).
//
// Owns: the vocabulary shared by the runtime's dump writer and the tools (dump2npy,
// dump_compare): data types and formats by their DumpData enum numbers (OutputDataType,
// OutputFormat in dump_data.proto; the formats have aclFormat's numbers, the data types do
// NOT have aclDataType's: DT_FLOAT is 1 here, 0 in acl), shapes as uint64 dims.
// Owner: dumpfmt (a leaf: base only). Thread safety: value types.
// Failure: none here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace asim::dump {

inline constexpr const char* kDumpVersion = "2.0";  // DumpData.version of the "big dump" layout

// DumpData.OriginalOp: the op (before fusion) an output belongs to.
struct DumpOriginalOp {
  std::string name;
  uint32_t output_index = 0;
  int32_t data_type = 0;  // OutputDataType
  int32_t format = 0;     // OutputFormat

  bool operator==(const DumpOriginalOp&) const = default;
};

// One OpInput or OpOutput with its bytes.
struct DumpTensor {
  int32_t data_type = 0;                      // OutputDataType (DT_FLOAT = 1, DT_FLOAT16 = 2 ...)
  int32_t format = 2;                         // OutputFormat (= aclFormat numbers; FORMAT_ND = 2)
  std::vector<uint64_t> shape;                // in `format` (5-D for NC1HWC0)
  std::vector<uint64_t> original_shape;       // the shape before the device layout (empty: same)
  std::optional<DumpOriginalOp> original_op;  // outputs only (OpInput has no such field)
  int32_t sub_format = 0;
  uint64_t address = 0;  // device address the tensor was read from
  uint64_t offset = 0;
  std::vector<uint8_t> data;  // raw bytes in `format`; DumpData's size field is data.size()

  bool operator==(const DumpTensor&) const = default;
};

// OpBuffer (type: BufferType, L1 = 0) or Workspace (type: SpaceType, LOG = 0).
struct DumpBlob {
  int32_t type = 0;
  std::vector<uint8_t> data;

  bool operator==(const DumpBlob&) const = default;
};

struct DumpAttr {
  std::string name;
  std::string value;

  bool operator==(const DumpAttr&) const = default;
};

struct DumpRecord {
  std::string version = kDumpVersion;
  uint64_t dump_time = 0;  // microseconds since the epoch
  std::string op_name;
  std::vector<DumpTensor> inputs;
  std::vector<DumpTensor> outputs;
  std::vector<DumpBlob> buffers;  // OpBuffer
  std::vector<DumpAttr> attrs;
  std::vector<DumpBlob> spaces;  // Workspace

  // Bytes of tensor and blob data (what follows the header in a file).
  uint64_t DataBytes() const;
  bool operator==(const DumpRecord&) const = default;
};

}  // namespace asim::dump
