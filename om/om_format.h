// The .om file layout: constants shared by om_writer and om_reader.
//
// Owns: the magic, the fixed header's field offsets, the section kinds, the attribute type
// tags and the size limits. docs/om_format.md is the prose form of this file; change both
// together (and kFormatVersion in model.h when an old reader could misread the new bytes).
// Thread safety: constants and a pure function. Failure: none.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "kernels/framework/attr.h"
#include "om/model.h"

namespace asim::om {

inline constexpr char kMagic[8] = {'A', 'S', 'I', 'M', 'O', 'M', '\0', '\0'};

// Fixed header (40 bytes), then the SoC string padded to 8, then the section table.
inline constexpr uint32_t kOffMagic = 0;          // 8 bytes
inline constexpr uint32_t kOffVersion = 8;        // u32
inline constexpr uint32_t kOffHeaderSize = 12;    // u32: fixed header + SoC + table
inline constexpr uint32_t kOffFileSize = 16;      // u64
inline constexpr uint32_t kOffHeaderCrc = 24;     // u32: CRC-32 of the header with this field 0
inline constexpr uint32_t kOffSectionCount = 28;  // u32
inline constexpr uint32_t kOffSocLength = 32;     // u32
inline constexpr uint32_t kOffReserved = 36;      // u32, 0
inline constexpr uint32_t kFixedHeaderBytes = 40;
inline constexpr uint32_t kSectionEntryBytes = 32;  // kind u32, 0 u32, offset u64, length u64, crc u32, 0 u32

inline constexpr uint32_t kMaxSocLength = 255;
inline constexpr uint32_t kMaxSections = 16;
inline constexpr uint64_t kSectionAlignment = 8;  // every section; the weights kWeightAlignment

enum class SectionKind : uint32_t { kMetadata = 1, kIo = 2, kGraphs = 3, kWeights = 4, kPrepared = 5 };
// Kinds 1..kRequiredSectionKindCount appear exactly once; the others (prepared) at most once.
inline constexpr uint32_t kRequiredSectionKindCount = 4;
inline constexpr uint32_t kSectionKindCount = 5;  // kinds are 1..kSectionKindCount
// "metadata", "io", "graphs", "weights", "prepared"; "unknown" for other values.
const char* SectionKindName(SectionKind kind);

// The prepared section (kind 5, Model::prepared): format version 3 and later only. It starts
// at a file offset that is a multiple of 4096 so that a loader can mmap it (the blob inside
// it starts kPreparedDataAlignment-aligned from the section start). Layout: u32 entry count,
// u32 0, the entries (u32 graph, u32 node, str kind, u32 param count, i64 params, u64 offset,
// u64 size), zero padding to a multiple of kPreparedDataAlignment, then the blob.
inline constexpr uint32_t kPreparedFormatVersion = 3;
inline constexpr uint64_t kPreparedSectionAlignment = 4096;
inline constexpr size_t kPreparedTableHeaderBytes = 8;  // entry count, reserved

// Attribute type tags: the index of the alternative in kernels::AttrValue (the AttrType
// order). The asserts keep the file format from changing silently with the variant.
inline constexpr uint8_t kAttrTagCount = 11;
static_assert(std::variant_size_v<kernels::AttrValue> == kAttrTagCount);
static_assert(std::is_same_v<std::variant_alternative_t<0, kernels::AttrValue>, bool>);
static_assert(std::is_same_v<std::variant_alternative_t<1, kernels::AttrValue>, int64_t>);
static_assert(std::is_same_v<std::variant_alternative_t<2, kernels::AttrValue>, float>);
static_assert(std::is_same_v<std::variant_alternative_t<3, kernels::AttrValue>, std::string>);
static_assert(std::is_same_v<std::variant_alternative_t<4, kernels::AttrValue>, DataType>);
static_assert(std::is_same_v<std::variant_alternative_t<5, kernels::AttrValue>, std::vector<bool>>);
static_assert(std::is_same_v<std::variant_alternative_t<6, kernels::AttrValue>, std::vector<int64_t>>);
static_assert(std::is_same_v<std::variant_alternative_t<7, kernels::AttrValue>, std::vector<float>>);
static_assert(std::is_same_v<std::variant_alternative_t<8, kernels::AttrValue>, std::vector<std::string>>);
static_assert(std::is_same_v<std::variant_alternative_t<9, kernels::AttrValue>, std::vector<DataType>>);
static_assert(std::is_same_v<std::variant_alternative_t<10, kernels::AttrValue>, std::vector<std::vector<int64_t>>>);

// "bool", "int", "float", "string", "data_type", "list_bool", "list_int", "list_float",
// "list_string", "list_data_type", "list_list_int"; "unknown" for tags >= kAttrTagCount.
const char* AttrTagName(uint8_t tag);

// Smallest encodings, used to bound counts by the bytes left before reserving memory.
inline constexpr size_t kMinGearBytes = 4;           // an empty I64 list
inline constexpr size_t kMinMetadataEntryBytes = 8;  // two empty strings
inline constexpr size_t kMinIoDescBytes = 24;        // name 4, dtype 4, format 4, dims 4, size 8
inline constexpr size_t kMinGraphBytes = 16;         // work_size 8, tensor count 4, node count 4
inline constexpr size_t kMinTensorBytes = 48;
inline constexpr size_t kMinNodeBytes = 40;
inline constexpr size_t kMinAttrBytes = 6;  // name 4, tag 1, a bool 1
// graph 4, node 4, kind 4 + at least 1, param count 4, offset 8, size 8
inline constexpr size_t kMinPreparedEntryBytes = 33;

}  // namespace asim::om
