// The .om reader. See om_reader.h for the contract and docs/om_format.md for the layout.
//
// Owns: ParseHeader (magic, version, sizes, header CRC, section table), the decoders of
// the metadata, io and graphs sections, the cross-checks between them, and file reading.
// Thread safety: no shared state. Failure: see om_reader.h.
#include "om/om_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <utility>

#include "om/byte_io.h"

namespace asim::om {
namespace {

constexpr size_t kHeaderPrefixBytes = 4096;  // >= the largest valid header (40 + 256 + 16 * 32)

Status SizeError(const std::string& message) {
  return Status(err::kModelSizeInvalid, message);
}
Status Corrupt(const std::string& message) {
  return Status(err::kDeserializeModel, message);
}

uint32_t Le32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
uint64_t Le64(const uint8_t* p) {
  return uint64_t{Le32(p)} | uint64_t{Le32(p + 4)} << 32;
}

std::string Hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::string Range(uint64_t offset, uint64_t length) {
  return "bytes " + std::to_string(offset) + ".." + std::to_string(offset + length);
}

uint64_t AlignUp(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

std::string SectionWhere(const SectionInfo& s) {
  return std::string(SectionKindName(s.kind)) + " section (" + Range(s.offset, s.length) + ")";
}

struct ParsedHeader {
  uint32_t version = 0;
  uint64_t file_size = 0;
  uint32_t header_size = 0;
  std::string soc;
  std::vector<SectionInfo> sections;            // file order
  SectionInfo by_kind[kSectionKindCount] = {};  // [kind - 1]
  bool present[kSectionKindCount] = {};         // [kind - 1]; the required kinds always are

  const SectionInfo& Get(SectionKind kind) const { return by_kind[static_cast<uint32_t>(kind) - 1]; }
  bool Has(SectionKind kind) const { return present[static_cast<uint32_t>(kind) - 1]; }
};

// The first `avail` bytes of a `total`-byte model are at `p` (avail == total for a model in
// memory; a file's first KiBs for ReadModelHeaderFile). Checks in the order of the error
// table: magic, length for the version, version, sizes, then everything else.
Status ParseHeader(const uint8_t* p, size_t avail, uint64_t total, ParsedHeader* h) {
  const size_t magic_bytes = std::min<size_t>(avail, sizeof kMagic);
  for (size_t i = 0; i < magic_bytes; ++i) {
    if (p[i] != static_cast<uint8_t>(kMagic[i])) {
      std::string seen;
      for (size_t j = 0; j < magic_bytes; ++j) {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%02x", p[j]);
        seen += (j ? " " : "") + std::string(buf);
      }
      return Status(err::kParseModel, "not an offline model: header at byte 0: magic bytes [" + seen +
                                          "] are not \"ASIMOM\\0\\0\" [41 53 49 4d 4f 4d 00 00]");
    }
  }
  auto truncated = [total] {
    return SizeError("truncated: the model has " + std::to_string(total) + " bytes, the fixed header alone needs " +
                     std::to_string(kFixedHeaderBytes));
  };
  if (total < kOffVersion + 4) return truncated();
  h->version = Le32(p + kOffVersion);
  if (h->version < kOldestFormatVersion || h->version > kFormatVersion) {
    return Status(err::kFeatureUnsupported,
                  "om format version " + std::to_string(h->version) + "; this runtime reads versions " +
                      std::to_string(kOldestFormatVersion) + " to " + std::to_string(kFormatVersion));
  }
  if (total < kFixedHeaderBytes) return truncated();
  h->file_size = Le64(p + kOffFileSize);
  if (h->file_size != total) {
    return SizeError("header at byte " + std::to_string(kOffFileSize) + ": file size field says " +
                     std::to_string(h->file_size) + " bytes but the model has " + std::to_string(total) +
                     (total < h->file_size ? " (truncated)" : " (extra bytes)"));
  }
  h->header_size = Le32(p + kOffHeaderSize);
  const uint32_t count = Le32(p + kOffSectionCount);
  const uint32_t soc_length = Le32(p + kOffSocLength);
  if (h->header_size < kFixedHeaderBytes) {
    return SizeError("header at byte " + std::to_string(kOffHeaderSize) + ": header size " +
                     std::to_string(h->header_size) + " < the " + std::to_string(kFixedHeaderBytes) +
                     "-byte fixed header");
  }
  if (soc_length > kMaxSocLength) {
    return Corrupt("header at byte " + std::to_string(kOffSocLength) + ": SoC name length " +
                   std::to_string(soc_length) + " > " + std::to_string(kMaxSocLength));
  }
  if (count > kMaxSections) {
    return Corrupt("header at byte " + std::to_string(kOffSectionCount) + ": section count " + std::to_string(count) +
                   " > " + std::to_string(kMaxSections));
  }
  const uint32_t table_offset = kFixedHeaderBytes + static_cast<uint32_t>(AlignUp(soc_length, 8));
  const uint32_t required = table_offset + count * kSectionEntryBytes;
  if (h->header_size < required) {
    return SizeError("header at byte " + std::to_string(kOffHeaderSize) + ": header size " +
                     std::to_string(h->header_size) + " < the " + std::to_string(required) + " bytes its " +
                     std::to_string(soc_length) + "-byte SoC name and " + std::to_string(count) +
                     " section entries need");
  }
  if (h->header_size > total) {
    return SizeError("header at byte " + std::to_string(kOffHeaderSize) + ": header size " +
                     std::to_string(h->header_size) + " > the model's " + std::to_string(total) + " bytes (truncated)");
  }
  if (h->header_size != required) {
    return Corrupt("header at byte " + std::to_string(kOffHeaderSize) + ": header size " +
                   std::to_string(h->header_size) + " != the " + std::to_string(required) + " bytes its " +
                   std::to_string(soc_length) + "-byte SoC name and " + std::to_string(count) +
                   " section entries take");
  }
  if (h->header_size > avail) {  // cannot happen: a valid header fits kHeaderPrefixBytes
    return Corrupt("header size " + std::to_string(h->header_size) + " > the " + std::to_string(avail) + " bytes read");
  }
  if (Le32(p + kOffReserved) != 0) {
    return Corrupt("header at byte " + std::to_string(kOffReserved) + ": reserved field is " +
                   std::to_string(Le32(p + kOffReserved)) + ", must be 0");
  }
  const uint8_t zeros[4] = {0, 0, 0, 0};
  uint32_t crc = Crc32(p, kOffHeaderCrc);
  crc = Crc32(zeros, 4, crc);
  crc = Crc32(p + kOffHeaderCrc + 4, h->header_size - kOffHeaderCrc - 4, crc);
  const uint32_t stored_crc = Le32(p + kOffHeaderCrc);
  if (crc != stored_crc) {
    return Corrupt("header at byte " + std::to_string(kOffHeaderCrc) + ": CRC-32 mismatch over bytes 0.." +
                   std::to_string(h->header_size) + ": stored " + Hex32(stored_crc) + ", computed " + Hex32(crc));
  }
  h->soc.assign(reinterpret_cast<const char*>(p + kFixedHeaderBytes), soc_length);
  for (uint32_t i = kFixedHeaderBytes + soc_length; i < table_offset; ++i) {
    if (p[i] != 0) {
      return Corrupt("header at byte " + std::to_string(i) + ": SoC name padding byte is " + std::to_string(p[i]) +
                     ", must be 0");
    }
  }

  bool* const seen = h->present;
  std::fill(seen, seen + kSectionKindCount, false);
  h->sections.clear();
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t at = table_offset + i * kSectionEntryBytes;
    const uint8_t* e = p + at;
    const std::string where = "section table entry " + std::to_string(i) + " (header byte " + std::to_string(at) + ")";
    const uint32_t kind = Le32(e);
    static_assert(kSectionKindCount == 5, "update the message");
    if (kind < 1 || kind > kSectionKindCount) {
      return Corrupt(where + ": kind " + std::to_string(kind) +
                     " is not a section kind (1 metadata, 2 io, 3 graphs, 4 weights, 5 prepared)");
    }
    // An older version's reader does not know the kind: a file holding it says version 3.
    if (kind == static_cast<uint32_t>(SectionKind::kPrepared) && h->version < kPreparedFormatVersion) {
      return Corrupt(where + ": kind " + std::to_string(kind) + " ('prepared') needs format version " +
                     std::to_string(kPreparedFormatVersion) + ", the file is version " + std::to_string(h->version));
    }
    if (Le32(e + 4) != 0 || Le32(e + 28) != 0) return Corrupt(where + ": reserved field is not 0");
    SectionInfo s;
    s.kind = static_cast<SectionKind>(kind);
    s.offset = Le64(e + 8);
    s.length = Le64(e + 16);
    s.crc32 = Le32(e + 24);
    const std::string name = std::string("'") + SectionKindName(s.kind) + "'";
    if (seen[kind - 1]) return Corrupt(where + ": a second " + name + " section");
    seen[kind - 1] = true;
    const uint64_t align = s.kind == SectionKind::kWeights    ? kWeightAlignment
                           : s.kind == SectionKind::kPrepared ? kPreparedSectionAlignment
                                                              : kSectionAlignment;
    if (s.offset % align != 0) {
      return Corrupt(where + ": " + name + " section offset " + std::to_string(s.offset) + " is not a multiple of " +
                     std::to_string(align));
    }
    if (s.offset < h->header_size) {
      return Corrupt(where + ": " + name + " section offset " + std::to_string(s.offset) + " is inside the " +
                     std::to_string(h->header_size) + "-byte header");
    }
    if (s.offset > total || s.length > total - s.offset) {
      return Corrupt(where + ": " + name + " section [offset " + std::to_string(s.offset) + ", length " +
                     std::to_string(s.length) + "] exceeds the " + std::to_string(total) + "-byte model");
    }
    if (!h->sections.empty()) {
      const SectionInfo& prev = h->sections.back();
      if (s.offset < prev.offset + prev.length) {
        return Corrupt(where + ": " + name + " section at byte " + std::to_string(s.offset) +
                       " starts before the end (" + std::to_string(prev.offset + prev.length) + ") of the previous, '" +
                       SectionKindName(prev.kind) + "' section");
      }
    }
    h->sections.push_back(s);
    h->by_kind[kind - 1] = s;
  }
  for (uint32_t k = 1; k <= kRequiredSectionKindCount; ++k) {
    if (!seen[k - 1]) {
      return Corrupt("section table (" + std::to_string(count) + " entries) has no '" +
                     SectionKindName(static_cast<SectionKind>(k)) + "' section");
    }
  }
  return Status::Ok();
}

// The bytes between the header and the sections, between sections and after the last one
// are zero (so every byte of a model is covered by a CRC or a check).
Status CheckGaps(const uint8_t* p, uint64_t total, const ParsedHeader& h) {
  uint64_t pos = h.header_size;
  for (size_t i = 0; i <= h.sections.size(); ++i) {
    const uint64_t end = i < h.sections.size() ? h.sections[i].offset : total;
    for (uint64_t b = pos; b < end; ++b) {
      if (p[b] != 0) {
        return Corrupt("padding at byte " + std::to_string(b) + " is " + std::to_string(p[b]) + ", must be 0");
      }
    }
    if (i < h.sections.size()) pos = h.sections[i].offset + h.sections[i].length;
  }
  return Status::Ok();
}

Status CheckCrc(const uint8_t* section, const SectionInfo& s) {
  const uint32_t crc = Crc32(section, s.length);
  if (crc == s.crc32) return Status::Ok();
  return Corrupt(SectionWhere(s) + ": CRC-32 mismatch: stored " + Hex32(s.crc32) + ", computed " + Hex32(crc));
}

// ---- metadata ------------------------------------------------------------------------

struct Meta {
  std::string name;
  std::string producer;
  uint64_t work_size = 0;
  uint64_t weight_size = 0;
  uint32_t input_count = 0;
  uint32_t output_count = 0;
  uint32_t graph_count = 0;
  DynamicKind dynamic = DynamicKind::kNone;
  std::vector<std::vector<int64_t>> gears;
  std::map<std::string, std::string> metadata;
};

Status ParseMetadata(const uint8_t* bytes, const SectionInfo& s, Meta* m) {
  ByteReader r(bytes, s.length, s.offset, "metadata");
  ASIM_RETURN_IF_ERROR(r.Str(&m->name, "model name"));
  ASIM_RETURN_IF_ERROR(r.Str(&m->producer, "producer"));
  ASIM_RETURN_IF_ERROR(r.U64(&m->work_size, "work size"));
  ASIM_RETURN_IF_ERROR(r.U64(&m->weight_size, "weight size"));
  ASIM_RETURN_IF_ERROR(r.U32(&m->input_count, "input count"));
  ASIM_RETURN_IF_ERROR(r.U32(&m->output_count, "output count"));
  ASIM_RETURN_IF_ERROR(r.U32(&m->graph_count, "graph count"));
  uint8_t dynamic = 0;
  ASIM_RETURN_IF_ERROR(r.U8Max(&dynamic, static_cast<uint8_t>(DynamicKind::kDims), "dynamic kind",
                               "0 none, 1 batch, 2 image_size or 3 dims"));
  m->dynamic = static_cast<DynamicKind>(dynamic);
  ASIM_RETURN_IF_ERROR(r.Reserved(3, "reserved"));
  uint32_t gears = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&gears, kMinGearBytes, "gear count"));
  m->gears.resize(gears);
  for (uint32_t g = 0; g < gears; ++g) {
    r.set_context("gear " + std::to_string(g));
    ASIM_RETURN_IF_ERROR(r.I64List(&m->gears[g], "values"));
  }
  r.set_context("");
  uint32_t entries = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&entries, kMinMetadataEntryBytes, "metadata count"));
  for (uint32_t i = 0; i < entries; ++i) {
    r.set_context("metadata entry " + std::to_string(i));
    std::string key;
    std::string value;
    ASIM_RETURN_IF_ERROR(r.Str(&key, "key"));
    if (!m->metadata.empty() && key <= m->metadata.rbegin()->first) {
      return r.Error("key",
                     "'" + key + "' is not after '" + m->metadata.rbegin()->first + "' (keys are unique and sorted)");
    }
    ASIM_RETURN_IF_ERROR(r.Str(&value, "value"));
    m->metadata.emplace_hint(m->metadata.end(), std::move(key), std::move(value));
  }
  r.set_context("");
  return r.ExpectEnd();
}

// Cross-checks of the metadata against the section table (cheap; ReadModelHeader too).
Status CheckMetaAgainstHeader(const Meta& m, const ParsedHeader& h) {
  const SectionInfo& weights = h.Get(SectionKind::kWeights);
  if (m.weight_size != weights.length) {
    return Corrupt("metadata section: weight size " + std::to_string(m.weight_size) + " != the " +
                   SectionWhere(weights) + "'s length " + std::to_string(weights.length));
  }
  const uint64_t want_graphs = std::max<uint64_t>(1, m.gears.size());
  if (m.graph_count != want_graphs) {
    return Corrupt("metadata section: graph count " + std::to_string(m.graph_count) + " for " +
                   std::to_string(m.gears.size()) + " gears (needs " + std::to_string(want_graphs) + ")");
  }
  return Status::Ok();
}

// ---- io ------------------------------------------------------------------------------

Status ParseIoList(ByteReader& r, const char* kind, std::vector<IoDesc>* list) {
  uint32_t count = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&count, kMinIoDescBytes, std::string(kind) + " count"));
  list->resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    IoDesc& io = (*list)[i];
    r.set_context(std::string(kind) + " " + std::to_string(i));
    ASIM_RETURN_IF_ERROR(r.Str(&io.name, "name"));
    ASIM_RETURN_IF_ERROR(r.Dtype(&io.dtype, "data type"));
    ASIM_RETURN_IF_ERROR(r.Fmt(&io.format, "format"));
    ASIM_RETURN_IF_ERROR(r.I64List(&io.dims, "dims"));
    ASIM_RETURN_IF_ERROR(r.U64(&io.size, "size"));
  }
  r.set_context("");
  return Status::Ok();
}

Status ParseIo(const uint8_t* bytes, const SectionInfo& s, Model* m) {
  ByteReader r(bytes, s.length, s.offset, "io");
  ASIM_RETURN_IF_ERROR(ParseIoList(r, "input", &m->inputs));
  ASIM_RETURN_IF_ERROR(ParseIoList(r, "output", &m->outputs));
  return r.ExpectEnd();
}

// ---- graphs --------------------------------------------------------------------------

template <typename T, typename ReadOne>
Status ReadList(ByteReader& r, size_t min_bytes, std::string_view what, std::vector<T>* out, ReadOne read_one) {
  uint32_t count = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&count, min_bytes, what));
  out->clear();
  out->reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    T v{};
    ASIM_RETURN_IF_ERROR(read_one(&v));
    out->push_back(std::move(v));
  }
  return Status::Ok();
}

Status ReadAttrValue(ByteReader& r, kernels::AttrValue* value) {
  uint8_t tag = 0;
  static_assert(kAttrTagCount == 11, "update the message");
  ASIM_RETURN_IF_ERROR(r.U8Max(&tag, kAttrTagCount - 1, "type tag", "an attribute type (0..10)"));
  switch (tag) {
    case 0: {
      bool v = false;
      ASIM_RETURN_IF_ERROR(r.Bool(&v, "bool value"));
      *value = v;
      return Status::Ok();
    }
    case 1: {
      int64_t v = 0;
      ASIM_RETURN_IF_ERROR(r.I64(&v, "int value"));
      *value = v;
      return Status::Ok();
    }
    case 2: {
      float v = 0;
      ASIM_RETURN_IF_ERROR(r.F32(&v, "float value"));
      *value = v;
      return Status::Ok();
    }
    case 3: {
      std::string v;
      ASIM_RETURN_IF_ERROR(r.Str(&v, "string value"));
      *value = std::move(v);
      return Status::Ok();
    }
    case 4: {
      DataType v = DataType::kUndefined;
      ASIM_RETURN_IF_ERROR(r.Dtype(&v, "data type value"));
      *value = v;
      return Status::Ok();
    }
    case 5: {
      std::vector<bool> v;
      ASIM_RETURN_IF_ERROR(ReadList(r, 1, "bool list", &v, [&r](bool* b) { return r.Bool(b, "bool list element"); }));
      *value = std::move(v);
      return Status::Ok();
    }
    case 6: {
      std::vector<int64_t> v;
      ASIM_RETURN_IF_ERROR(r.I64List(&v, "int list"));
      *value = std::move(v);
      return Status::Ok();
    }
    case 7: {
      std::vector<float> v;
      ASIM_RETURN_IF_ERROR(ReadList(r, 4, "float list", &v, [&r](float* f) { return r.F32(f, "float list element"); }));
      *value = std::move(v);
      return Status::Ok();
    }
    case 8: {
      std::vector<std::string> v;
      ASIM_RETURN_IF_ERROR(
          ReadList(r, 4, "string list", &v, [&r](std::string* s) { return r.Str(s, "string list element"); }));
      *value = std::move(v);
      return Status::Ok();
    }
    case 9: {
      std::vector<DataType> v;
      ASIM_RETURN_IF_ERROR(
          ReadList(r, 4, "data type list", &v, [&r](DataType* t) { return r.Dtype(t, "data type list element"); }));
      *value = std::move(v);
      return Status::Ok();
    }
    case 10: {
      std::vector<std::vector<int64_t>> v;
      ASIM_RETURN_IF_ERROR(ReadList(r, 4, "int list list", &v,
                                    [&r](std::vector<int64_t>* l) { return r.I64List(l, "int list list element"); }));
      *value = std::move(v);
      return Status::Ok();
    }
    default: break;
  }
  return r.Error("type tag", "unhandled tag " + std::to_string(tag));  // unreachable: U8Max bounds it
}

Status ParseTensor(ByteReader& r, uint32_t version, Tensor* t) {
  ASIM_RETURN_IF_ERROR(r.Str(&t->name, "name"));
  ASIM_RETURN_IF_ERROR(r.Dtype(&t->desc.dtype, "data type"));
  ASIM_RETURN_IF_ERROR(r.Fmt(&t->desc.format, "format"));
  ASIM_RETURN_IF_ERROR(r.I64List(&t->desc.dims, "dims"));
  ASIM_RETURN_IF_ERROR(r.Fmt(&t->desc.origin_format, "origin format"));
  ASIM_RETURN_IF_ERROR(r.I64List(&t->desc.origin_dims, "origin dims"));
  uint8_t place = 0;
  ASIM_RETURN_IF_ERROR(
      r.U8Max(&place, static_cast<uint8_t>(TensorPlace::kOutput), "place", "0 work, 1 weight, 2 input or 3 output"));
  t->place = static_cast<TensorPlace>(place);
  if (version >= 2) {
    uint8_t flags = 0;
    ASIM_RETURN_IF_ERROR(r.U8Max(&flags, 1, "flags", "0 or 1 (bit 0: dynamic)"));
    t->dynamic = flags != 0;
    ASIM_RETURN_IF_ERROR(r.Reserved(2, "reserved"));
  } else {
    ASIM_RETURN_IF_ERROR(r.Reserved(3, "reserved"));
  }
  ASIM_RETURN_IF_ERROR(r.U32(&t->io_index, "io index"));
  ASIM_RETURN_IF_ERROR(r.U64(&t->offset, "offset"));
  return r.U64(&t->size, "size");
}

Status ParseNode(ByteReader& r, const std::string& context, Node* n) {
  ASIM_RETURN_IF_ERROR(r.Str(&n->name, "name"));
  r.set_context(context + " '" + n->name + "'");
  ASIM_RETURN_IF_ERROR(r.Str(&n->type, "type"));
  uint8_t engine = 0;
  ASIM_RETURN_IF_ERROR(r.U8Max(&engine, 1, "engine", "0 AI_CORE or 1 AI_CPU"));
  n->engine = engine == 0 ? kernels::Engine::kAiCore : kernels::Engine::kAiCpu;
  ASIM_RETURN_IF_ERROR(r.Reserved(3, "reserved"));
  for (int out = 0; out < 2; ++out) {
    const char* what = out ? "output index" : "input index";
    ASIM_RETURN_IF_ERROR(ReadList(r, 4, out ? "output count" : "input count", out ? &n->outputs : &n->inputs,
                                  [&r, what](int32_t* i) { return r.I32(i, what); }));
  }
  ASIM_RETURN_IF_ERROR(r.U64(&n->workspace_offset, "workspace offset"));
  ASIM_RETURN_IF_ERROR(r.U64(&n->workspace_size, "workspace size"));
  uint32_t attrs = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&attrs, kMinAttrBytes, "attr count"));
  const std::string node_context = context + " '" + n->name + "'";
  std::string previous;
  for (uint32_t a = 0; a < attrs; ++a) {
    r.set_context(node_context + " attr " + std::to_string(a));
    std::string name;
    ASIM_RETURN_IF_ERROR(r.Str(&name, "name"));
    if (a > 0 && name <= previous) {
      return r.Error("name", "'" + name + "' is not after '" + previous + "' (names are unique and sorted)");
    }
    r.set_context(node_context + " attr '" + name + "'");
    kernels::AttrValue value;
    ASIM_RETURN_IF_ERROR(ReadAttrValue(r, &value));
    n->attrs.Set(name, std::move(value));
    previous = std::move(name);
  }
  return Status::Ok();
}

Status ParseGraphs(const uint8_t* bytes, const SectionInfo& s, uint32_t version, Model* m) {
  ByteReader r(bytes, s.length, s.offset, "graphs");
  uint32_t graphs = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&graphs, kMinGraphBytes, "graph count"));
  m->graphs.resize(graphs);
  for (uint32_t g = 0; g < graphs; ++g) {
    Graph& graph = m->graphs[g];
    const std::string gname = "graph " + std::to_string(g);
    r.set_context(gname);
    ASIM_RETURN_IF_ERROR(r.U64(&graph.work_size, "work size"));
    uint32_t tensors = 0;
    ASIM_RETURN_IF_ERROR(r.Count(&tensors, kMinTensorBytes, "tensor count"));
    graph.tensors.resize(tensors);
    for (uint32_t t = 0; t < tensors; ++t) {
      r.set_context(gname + " tensor " + std::to_string(t));
      ASIM_RETURN_IF_ERROR(ParseTensor(r, version, &graph.tensors[t]));
    }
    r.set_context(gname);
    uint32_t nodes = 0;
    ASIM_RETURN_IF_ERROR(r.Count(&nodes, kMinNodeBytes, "node count"));
    graph.nodes.resize(nodes);
    for (uint32_t n = 0; n < nodes; ++n) {
      const std::string context = gname + " node " + std::to_string(n);
      r.set_context(context);
      ASIM_RETURN_IF_ERROR(ParseNode(r, context, &graph.nodes[n]));
    }
  }
  r.set_context("");
  return r.ExpectEnd();
}

// ---- prepared ------------------------------------------------------------------------

// How many bytes of a prepared section of `length` bytes ParsePrepared reads (the entry table
// and the padding after it), judged from the section's first `have` bytes at `p`: a result
// <= have is the answer; a larger one means "read at least that many and ask again". A table
// that runs past the section gives `length` (ParsePrepared then says where it is wrong). Lets
// ModelFile read the table and leave the blob behind it unread.
uint64_t PreparedTableBytes(const uint8_t* p, uint64_t have, uint64_t length) {
  uint64_t pos = kPreparedTableHeaderBytes;
  if (pos > have) return std::min(pos, length);
  const uint32_t count = Le32(p);
  // Each entry takes >= 32 bytes, so a corrupt count ends the loop at the section's end.
  for (uint32_t i = 0; i < count; ++i) {
    if (pos + 12 > length) return length;  // graph, node, kind length
    if (pos + 12 > have) return pos + 12;
    pos += 12 + uint64_t{Le32(p + pos + 8)};
    if (pos + 4 > length) return length;  // param count
    if (pos + 4 > have) return pos + 4;
    pos += 4 + 8 * uint64_t{Le32(p + pos)} + 16;  // params, offset, size
    if (pos > length) return length;
  }
  return std::min(AlignUp(pos, kPreparedDataAlignment), length);
}

// The prepared section's entry table and the zero padding after it (docs/om_format.md,
// "Prepared section"); *blob_start is where the blob starts from the section start. Every
// entry must name a node of `graphs` (decoded before). Reads no byte of the blob (ModelFile
// does not read it), only the PreparedTableBytes() first bytes.
Status ParsePrepared(const uint8_t* bytes, const SectionInfo& s, const std::vector<Graph>& graphs,
                     std::vector<PreparedData>* out, uint64_t* blob_start) {
  ByteReader r(bytes, s.length, s.offset, "prepared");
  const uint64_t count_at = r.file_offset();
  uint32_t count = 0;
  ASIM_RETURN_IF_ERROR(r.Count(&count, kMinPreparedEntryBytes, "entry count"));
  if (count == 0) {
    return r.ErrorAt(count_at, "entry count", "0 (a model without prepared data has no prepared section)");
  }
  ASIM_RETURN_IF_ERROR(r.Reserved(4, "reserved"));
  std::vector<PreparedData> entries;
  entries.reserve(count);  // count x kMinPreparedEntryBytes fits the section
  std::vector<uint64_t> offset_at(count);
  uint64_t previous_end = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const std::string entry = "entry " + std::to_string(i);
    r.set_context(entry);
    PreparedData p;
    const uint64_t graph_at = r.file_offset();
    ASIM_RETURN_IF_ERROR(r.U32(&p.graph, "graph"));
    if (p.graph >= graphs.size()) {
      return r.ErrorAt(graph_at, "graph", std::to_string(p.graph) + " >= " + std::to_string(graphs.size()) + " graphs");
    }
    ASIM_RETURN_IF_ERROR(r.U32(&p.node, "node"));
    const std::vector<Node>& nodes = graphs[p.graph].nodes;
    if (p.node >= nodes.size()) {
      return r.ErrorAt(graph_at + 4, "node",
                       std::to_string(p.node) + " >= graph " + std::to_string(p.graph) + "'s " +
                           std::to_string(nodes.size()) + " nodes");
    }
    if (i > 0 && std::pair{p.graph, p.node} <= std::pair{entries.back().graph, entries.back().node}) {
      return r.ErrorAt(graph_at, "graph, node",
                       "(" + std::to_string(p.graph) + ", " + std::to_string(p.node) + ") is not after entry " +
                           std::to_string(i - 1) + "'s (" + std::to_string(entries.back().graph) + ", " +
                           std::to_string(entries.back().node) +
                           "): entries are sorted by (graph, node), one per node");
    }
    r.set_context(entry + " (graph " + std::to_string(p.graph) + " node " + std::to_string(p.node) + " '" +
                  nodes[p.node].name + "')");
    const uint64_t kind_at = r.file_offset();
    ASIM_RETURN_IF_ERROR(r.Str(&p.kind, "kind"));
    if (p.kind.empty() || p.kind.size() > kMaxPreparedKindLength) {
      return r.ErrorAt(kind_at, "kind",
                       std::to_string(p.kind.size()) + " bytes (1 to " + std::to_string(kMaxPreparedKindLength) + ")");
    }
    ASIM_RETURN_IF_ERROR(r.I64List(&p.params, "params"));
    offset_at[i] = r.file_offset();
    ASIM_RETURN_IF_ERROR(r.U64(&p.offset, "offset"));
    if (p.offset % kPreparedDataAlignment != 0) {
      return r.ErrorAt(offset_at[i], "offset",
                       std::to_string(p.offset) + " is not a multiple of " + std::to_string(kPreparedDataAlignment));
    }
    if (p.offset < previous_end) {
      return r.ErrorAt(offset_at[i], "offset",
                       std::to_string(p.offset) + " is before the end (" + std::to_string(previous_end) +
                           ") of the previous entry's range (ranges are disjoint, in entry order)");
    }
    ASIM_RETURN_IF_ERROR(r.U64(&p.size, "size"));
    if (p.size > std::numeric_limits<uint64_t>::max() - p.offset) {
      return r.ErrorAt(offset_at[i] + 8, "size",
                       "offset " + std::to_string(p.offset) + " + size " + std::to_string(p.size) + " overflows");
    }
    previous_end = p.offset + p.size;
    entries.push_back(std::move(p));
  }
  r.set_context("");
  const uint64_t table = r.file_offset() - s.offset;
  ASIM_RETURN_IF_ERROR(r.Reserved(AlignUp(table, kPreparedDataAlignment) - table, "padding before the blob"));
  const uint64_t start = r.file_offset() - s.offset;
  const uint64_t blob = s.length - start;
  for (uint32_t i = 0; i < count; ++i) {
    const PreparedData& p = entries[i];
    if (p.offset > blob || p.size > blob - p.offset) {
      r.set_context("entry " + std::to_string(i));
      return r.ErrorAt(offset_at[i], "offset, size",
                       "range [" + std::to_string(p.offset) + ", +" + std::to_string(p.size) + ") exceeds the " +
                           std::to_string(blob) + "-byte blob (file bytes " + std::to_string(s.offset + start) + ".." +
                           std::to_string(s.offset + s.length) + ")");
    }
  }
  *out = std::move(entries);
  *blob_start = start;
  return Status::Ok();
}

// ---- whole model ---------------------------------------------------------------------

Status CheckMetaAgainstModel(const Meta& meta, const Model& m) {
  auto mismatch = [](const char* what, uint64_t meta_value, uint64_t actual, const char* where) {
    return Corrupt("metadata section: " + std::string(what) + " " + std::to_string(meta_value) + " != the " +
                   std::to_string(actual) + " " + where);
  };
  if (meta.input_count != m.inputs.size())
    return mismatch("input count", meta.input_count, m.inputs.size(), "inputs of the io section");
  if (meta.output_count != m.outputs.size()) {
    return mismatch("output count", meta.output_count, m.outputs.size(), "outputs of the io section");
  }
  if (meta.graph_count != m.graphs.size()) {
    return mismatch("graph count", meta.graph_count, m.graphs.size(), "graphs of the graphs section");
  }
  if (meta.work_size != m.work_size()) {
    return mismatch("work size", meta.work_size, m.work_size(), "bytes of the largest graph's work_size");
  }
  return Status::Ok();
}

void FillHeader(const ParsedHeader& h, Meta&& meta, ModelHeader* out) {
  ModelHeader hdr;
  hdr.format_version = h.version;
  hdr.file_size = h.file_size;
  hdr.soc_version = h.soc;
  hdr.sections = h.sections;
  hdr.name = std::move(meta.name);
  hdr.producer = std::move(meta.producer);
  hdr.dynamic = meta.dynamic;
  hdr.gear_count = static_cast<uint32_t>(meta.gears.size());
  hdr.graph_count = meta.graph_count;
  hdr.input_count = meta.input_count;
  hdr.output_count = meta.output_count;
  hdr.work_size = meta.work_size;
  hdr.weight_size = meta.weight_size;
  hdr.weight_offset = h.Get(SectionKind::kWeights).offset;
  hdr.prepared_section_size = h.Has(SectionKind::kPrepared) ? h.Get(SectionKind::kPrepared).length : 0;
  *out = std::move(hdr);
}

// The weight blob's and the prepared blob's bytes are in `p`, or not read at all (ModelFile:
// the prepared section's entry table is read, the rest is not; their CRCs are checked when the
// loader reads the weights and maps the prepared blob).
enum class WeightBytes { kPresent, kNotRead };

Status ParseModel(const uint8_t* p, size_t size, WeightCopy weights, WeightBytes present, Model* out) {
  ParsedHeader h;
  ASIM_RETURN_IF_ERROR(ParseHeader(p, size, size, &h));
  ASIM_RETURN_IF_ERROR(CheckGaps(p, size, h));
  for (const SectionInfo& s : h.sections) {
    if (present == WeightBytes::kNotRead && (s.kind == SectionKind::kWeights || s.kind == SectionKind::kPrepared)) {
      continue;
    }
    ASIM_RETURN_IF_ERROR(CheckCrc(p + s.offset, s));
  }

  Meta meta;
  const SectionInfo& ms = h.Get(SectionKind::kMetadata);
  ASIM_RETURN_IF_ERROR(ParseMetadata(p + ms.offset, ms, &meta));
  ASIM_RETURN_IF_ERROR(CheckMetaAgainstHeader(meta, h));
  Model m;
  const SectionInfo& io = h.Get(SectionKind::kIo);
  ASIM_RETURN_IF_ERROR(ParseIo(p + io.offset, io, &m));
  const SectionInfo& gs = h.Get(SectionKind::kGraphs);
  ASIM_RETURN_IF_ERROR(ParseGraphs(p + gs.offset, gs, h.version, &m));
  ASIM_RETURN_IF_ERROR(CheckMetaAgainstModel(meta, m));
  m.name = std::move(meta.name);
  m.soc_version = std::move(h.soc);
  m.producer = std::move(meta.producer);
  m.metadata = std::move(meta.metadata);
  m.dynamic = meta.dynamic;
  m.gears = std::move(meta.gears);
  const SectionInfo& ws = h.Get(SectionKind::kWeights);
  if (weights == WeightCopy::kCopy) {
    m.weights.assign(p + ws.offset, p + ws.offset + ws.length);
  } else {
    m.weights_in_source = true;
    m.source_weight_offset = ws.offset;
    m.source_weight_size = ws.length;
  }
  if (h.Has(SectionKind::kPrepared)) {
    const SectionInfo& ps = h.Get(SectionKind::kPrepared);
    uint64_t blob_start = 0;
    ASIM_RETURN_IF_ERROR(ParsePrepared(p + ps.offset, ps, m.graphs, &m.prepared, &blob_start));
    if (weights == WeightCopy::kCopy) {
      m.prepared_blob.assign(p + ps.offset + blob_start, p + ps.offset + ps.length);
    } else {
      m.prepared_in_source = true;
      m.source_prepared_offset = ps.offset + blob_start;
      m.source_prepared_size = ps.length - blob_start;
    }
  }
  ASIM_RETURN_IF_ERROR(m.Validate());
  *out = std::move(m);
  return Status::Ok();
}

// ---- files ---------------------------------------------------------------------------

Status WithPath(const std::string& path, Status s) {
  if (s.ok()) return s;
  return Status(s.code(), "model file '" + path + "': " + s.message());
}

// An open regular file, closed on scope exit.
class File {
 public:
  ~File() {
    if (fd_ >= 0) ::close(fd_);
  }
  Status Open(const std::string& path) {
    if (path.empty()) return Status(err::kGeModelPathInvalid, "model path is empty");
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
      const int e = errno;
      const bool missing = e == ENOENT || e == ENOTDIR || e == ENAMETOOLONG;
      return Status(
          missing ? err::kGeModelPathInvalid : err::kReadModelFailure,
          "model file '" + path + "' " + (missing ? "does not exist" : "cannot be read") + ": " + std::strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
      return Status(err::kReadModelFailure, "model file '" + path + "' cannot be read: it is a directory");
    }
    if (!S_ISREG(st.st_mode)) {
      return Status(err::kReadModelFailure, "model file '" + path + "' cannot be read: not a regular file");
    }
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      return Status(err::kReadModelFailure,
                    "model file '" + path + "' cannot be opened: " + std::string(std::strerror(errno)));
    }
    if (::fstat(fd_, &st) != 0) {
      return Status(err::kReadModelFailure, "model file '" + path + "': fstat: " + std::string(std::strerror(errno)));
    }
    size_ = static_cast<uint64_t>(st.st_size);
    mtime_ns_ = MtimeNs(st);
    return Status::Ok();
  }
  // Ok while the file still has the size and modification time it had at Open (the
  // descriptor keeps the same file even if the path now names another one).
  Status Unchanged(const std::string& path) const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
      return Status(err::kReadModelFailure, "model file '" + path + "': fstat: " + std::string(std::strerror(errno)));
    }
    if (static_cast<uint64_t>(st.st_size) != size_ || MtimeNs(st) != mtime_ns_) {
      return Status(err::kDeserializeModel,
                    "model file '" + path + "' changed while it was being loaded (modified in place)");
    }
    return Status::Ok();
  }
  // Reads up to `length` bytes at `offset` into `*bytes`; fewer only at the end of the file
  // (when it shrank since Open).
  Status Read(const std::string& path, uint64_t offset, uint64_t length, std::vector<uint8_t>* bytes) {
    try {
      bytes->resize(length);
    } catch (const std::bad_alloc&) {
      return Status(err::kReadModelFailure,
                    "model file '" + path + "': cannot allocate " + std::to_string(length) + " bytes to read it");
    }
    uint64_t done = 0;
    ASIM_RETURN_IF_ERROR(ReadInto(path, offset, length, bytes->data(), &done));
    bytes->resize(done);
    return Status::Ok();
  }
  // Reads up to `length` bytes at `offset` into `dst`; *done says how many (fewer only at
  // the end of the file).
  Status ReadInto(const std::string& path, uint64_t offset, uint64_t length, uint8_t* dst, uint64_t* done) {
    *done = 0;
    while (*done < length) {
      const ssize_t n = ::pread(fd_, dst + *done, length - *done, static_cast<off_t>(offset + *done));
      if (n < 0) {
        if (errno == EINTR) continue;
        return Status(err::kReadModelFailure, "model file '" + path + "': read error at byte " +
                                                  std::to_string(offset + *done) + ": " + std::strerror(errno));
      }
      if (n == 0) break;
      *done += static_cast<uint64_t>(n);
    }
    return Status::Ok();
  }
  uint64_t size() const { return size_; }
  int fd() const { return fd_; }

 private:
  static int64_t MtimeNs(const struct stat& st) {
    return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + static_cast<int64_t>(st.st_mtim.tv_nsec);
  }
  int fd_ = -1;
  uint64_t size_ = 0;
  int64_t mtime_ns_ = 0;
};

}  // namespace

Status ReadModel(const void* data, size_t size, Model* out, WeightCopy weights) {
  if (out == nullptr) return Status(err::kInvalidParam, "ReadModel: out is null");
  if (data == nullptr && size != 0) return Status(err::kInvalidParam, "ReadModel: data is null");
  static const uint8_t kEmpty = 0;
  return ParseModel(data == nullptr ? &kEmpty : static_cast<const uint8_t*>(data), size, weights, WeightBytes::kPresent,
                    out);
}

namespace {

// The file's bytes with the weight blob's and the prepared blob's ranges left unread (and,
// being untouched, costing neither page faults nor memory: the buffer is not value-initialized).
struct PartialImage {
  std::unique_ptr<uint8_t[]> bytes;
  size_t size = 0;
  const uint8_t* data() const {
    static const uint8_t kEmpty = 0;
    return size == 0 ? &kEmpty : bytes.get();
  }
};

// Reads [from, to) of the file into image + from, all of it.
Status ReadRange(File& file, const std::string& path, uint64_t from, uint64_t to, uint8_t* image) {
  if (from >= to) return Status::Ok();
  uint64_t done = 0;
  ASIM_RETURN_IF_ERROR(file.ReadInto(path, from, to - from, image + from, &done));
  if (done != to - from) {
    return Status(err::kModelSizeInvalid, "model file '" + path +
                                              "' shrank while read: " + std::to_string(from + done) + " of " +
                                              std::to_string(file.size()) + " bytes");
  }
  return Status::Ok();
}

// Reads the prepared section's entry table (and the padding after it) into image + its
// offset: the first PreparedTableBytes() bytes of the section, found by reading more (at least
// doubling) until they are known. A few KiB for a valid model, whatever its blob's size.
Status ReadPreparedTable(File& file, const std::string& path, const SectionInfo& ps, uint8_t* image) {
  uint64_t have = 0;
  uint64_t want = std::min<uint64_t>(ps.length, kHeaderPrefixBytes);
  while (true) {
    ASIM_RETURN_IF_ERROR(ReadRange(file, path, ps.offset + have, ps.offset + want, image));
    have = want;
    const uint64_t need = PreparedTableBytes(image + ps.offset, have, ps.length);
    if (need <= have) return Status::Ok();
    want = std::min(ps.length, std::max(need, 2 * have));  // > have: need > have and need <= length
  }
}

// Reads the file into `image`; with skip_blobs, all but the weight blob and the prepared blob:
// their sections (which the header gives) into *weights and *prepared, *has_prepared saying
// whether there is a prepared section. Of that section only the entry table is read.
Status ReadImage(File& file, const std::string& path, bool skip_blobs, PartialImage* image, SectionInfo* weights,
                 SectionInfo* prepared, bool* has_prepared) {
  *has_prepared = false;
  if (file.size() > std::numeric_limits<size_t>::max()) {
    return Status(err::kReadModelFailure, "model file '" + path + "' is too large for this host");
  }
  const size_t size = static_cast<size_t>(file.size());
  if (size == 0) return Status::Ok();
  image->bytes.reset(new (std::nothrow) uint8_t[size]);
  if (image->bytes == nullptr) {
    return Status(err::kReadModelFailure,
                  "model file '" + path + "': cannot allocate " + std::to_string(size) + " bytes to read it");
  }
  // Which ranges to leave, in file order: the header says (a header that does not parse is
  // read whole, and ReadModel reports what is wrong with it). The bytes between the sections
  // are read (ParseModel checks that they are zero).
  std::vector<std::pair<uint64_t, uint64_t>> holes;
  if (skip_blobs) {
    const uint64_t prefix = std::min<uint64_t>(size, kHeaderPrefixBytes);
    ASIM_RETURN_IF_ERROR(ReadRange(file, path, 0, prefix, image->bytes.get()));
    ParsedHeader h;
    if (ParseHeader(image->bytes.get(), prefix, size, &h).ok()) {
      // ParseHeader checked that the sections lie within the file, in offset order.
      for (const SectionInfo& s : h.sections) {
        if (s.kind == SectionKind::kWeights) {
          *weights = s;
          // Bytes of the blob inside the prefix are already read.
          const uint64_t begin = std::max<uint64_t>(s.offset, prefix);
          holes.emplace_back(begin, std::max(begin, s.offset + s.length));
        } else if (s.kind == SectionKind::kPrepared) {
          // Past the header (4096-aligned), so past the prefix.
          *prepared = s;
          *has_prepared = true;
          ASIM_RETURN_IF_ERROR(ReadPreparedTable(file, path, s, image->bytes.get()));
          holes.emplace_back(s.offset, s.offset + s.length);  // the table read, the blob left
        }
      }
    }
  }
  uint64_t from = 0;
  for (const auto& [begin, end] : holes) {
    ASIM_RETURN_IF_ERROR(ReadRange(file, path, from, begin, image->bytes.get()));
    from = std::max(from, end);
  }
  ASIM_RETURN_IF_ERROR(ReadRange(file, path, from, size, image->bytes.get()));
  image->size = size;
  return Status::Ok();
}

}  // namespace

struct ModelFile::Impl {
  File file;
  std::string path;
  SectionInfo weights;  // offset, length and CRC of the blob in the file
  // Per kWeightChunk of the blob, its CRC-32, once ReadWeights has checked the whole blob
  // (written by ReadWeights only, which the loader calls before any RereadWeights).
  std::vector<uint32_t> chunk_crcs;
  // The prepared section (offset, length and CRC), when the model has one; the blob starts
  // prepared_blob_start bytes into it.
  bool has_prepared = false;
  SectionInfo prepared;
  uint64_t prepared_blob_start = 0;
};

Status ModelFile::Open(const std::string& path, Model* model, std::unique_ptr<ModelFile>* out) {
  if (model == nullptr || out == nullptr) return Status(err::kInvalidParam, "ModelFile::Open: model or out is null");
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  ASIM_RETURN_IF_ERROR(impl->file.Open(path));
  PartialImage image;
  SectionInfo weights{};
  weights.kind = SectionKind::kWeights;
  SectionInfo prepared{};
  prepared.kind = SectionKind::kPrepared;
  bool has_prepared = false;
  ASIM_RETURN_IF_ERROR(ReadImage(impl->file, path, /*skip_blobs=*/true, &image, &weights, &prepared, &has_prepared));
  Model m;
  ASIM_RETURN_IF_ERROR(
      WithPath(path, ParseModel(image.data(), image.size, WeightCopy::kLeaveInSource, WeightBytes::kNotRead, &m)));
  impl->weights = weights;
  impl->weights.offset = m.source_weight_offset;
  impl->weights.length = m.source_weight_size;
  // ReadImage and ParseModel parsed the same header bytes, so they agree on the section; the
  // check keeps MapPrepared from ever using a CRC it did not take from this header.
  if (m.prepared_in_source != has_prepared || (has_prepared && m.source_prepared_offset < prepared.offset)) {
    return WithPath(path, Corrupt("the prepared section's place is inconsistent between two reads of the header"));
  }
  if (has_prepared) {
    impl->has_prepared = true;
    impl->prepared = prepared;
    impl->prepared_blob_start = m.source_prepared_offset - prepared.offset;
  }
  std::unique_ptr<ModelFile> file(new ModelFile());
  file->impl_ = std::move(impl);
  *model = std::move(m);
  *out = std::move(file);
  return Status::Ok();
}

ModelFile::~ModelFile() = default;

uint64_t ModelFile::weight_size() const {
  return impl_->weights.length;
}

namespace {

constexpr uint64_t kWeightChunk = uint64_t{4} << 20;

// CRC-32 of [data, data + length) in kWeightChunk pieces, on `parallel`'s threads when given
// (the pieces' CRCs combined in order, as ReadWeights does).
uint32_t ParallelCrc32(const uint8_t* data, uint64_t length, const ModelFile::ParallelRunner& parallel) {
  const size_t chunks = static_cast<size_t>((length + kWeightChunk - 1) / kWeightChunk);
  std::vector<uint32_t> crcs(chunks, 0);
  const auto body = [&](size_t begin, size_t end) {
    for (size_t c = begin; c < end; ++c) {
      const uint64_t at = c * kWeightChunk;
      crcs[c] = Crc32(data + at, static_cast<size_t>(std::min(kWeightChunk, length - at)));
    }
  };
  if (parallel && chunks > 1) {
    parallel(chunks, body);
  } else {
    body(0, chunks);
  }
  uint32_t crc = 0;
  for (size_t c = 0; c < chunks; ++c)
    crc = Crc32Combine(crc, crcs[c], std::min(kWeightChunk, length - c * kWeightChunk));
  return crc;
}

}  // namespace

Status ModelFile::MapPrepared(std::shared_ptr<const uint8_t>* out, uint64_t* size,
                              const ParallelRunner& parallel) const {
  if (out == nullptr || size == nullptr) {
    return Status(err::kInvalidParam, "ModelFile::MapPrepared: out or size is null");
  }
  if (!impl_->has_prepared) {
    out->reset();
    *size = 0;
    return Status::Ok();
  }
  const SectionInfo& ps = impl_->prepared;
  const std::string& path = impl_->path;
  // Touching a mapping past the end of a file that shrank since Open would be SIGBUS, not a
  // Status: the size is checked first (a truncation while the mapping is in use cannot be).
  ASIM_RETURN_IF_ERROR(impl_->file.Unchanged(path));
  // The section is 4096-aligned in the file; on a host with larger pages the mapping starts
  // at the page holding it.
  const long page_size = ::sysconf(_SC_PAGESIZE);
  const uint64_t page = page_size > 0 ? static_cast<uint64_t>(page_size) : kPreparedSectionAlignment;
  const uint64_t map_offset = ps.offset / page * page;
  const uint64_t map_length = ps.offset - map_offset + ps.length;
  if (map_length > std::numeric_limits<size_t>::max() ||
      map_offset > static_cast<uint64_t>(std::numeric_limits<off_t>::max())) {
    return Status(err::kReadModelFailure,
                  "model file '" + path + "': the " + SectionWhere(ps) + " is too large to map on this host");
  }
  int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
  flags |= MAP_POPULATE;  // the CRC reads every page anyway: fault them in with one call
#endif
  void* base = ::mmap(nullptr, static_cast<size_t>(map_length), PROT_READ, flags, impl_->file.fd(),
                      static_cast<off_t>(map_offset));
  if (base == MAP_FAILED) {
    return Status(err::kReadModelFailure,
                  "model file '" + path + "': cannot map the " + SectionWhere(ps) + ": " + std::strerror(errno));
  }
  const std::shared_ptr<const uint8_t> mapping(static_cast<const uint8_t*>(base), [map_length](const uint8_t* p) {
    ::munmap(const_cast<uint8_t*>(p), static_cast<size_t>(map_length));
  });
  const uint8_t* section = mapping.get() + (ps.offset - map_offset);
  const uint32_t crc = ParallelCrc32(section, ps.length, parallel);
  if (crc != ps.crc32) {
    return WithPath(
        path, Corrupt(SectionWhere(ps) + ": CRC-32 mismatch: stored " + Hex32(ps.crc32) + ", computed " + Hex32(crc)));
  }
  // The bytes checked are those of the file Open decoded the entry table from.
  ASIM_RETURN_IF_ERROR(impl_->file.Unchanged(path));
  *size = ps.length - impl_->prepared_blob_start;
  *out = std::shared_ptr<const uint8_t>(mapping, section + impl_->prepared_blob_start);
  return Status::Ok();
}

Status ModelFile::ReadWeights(uint8_t* dst, const ParallelRunner& parallel, const WeightRanges& skip) const {
  const SectionInfo& ws = impl_->weights;
  constexpr uint64_t kChunk = kWeightChunk;
  // A chunk is read in pieces, each CRC-checked right after its read while still in the
  // core's cache. A piece lands in dst unless it holds skipped bytes: then in a small bounce
  // buffer per worker, whose kept parts are copied on. Pieces are small because a buffer's
  // fresh pages cost more than the read (a page fault each, ~10 us on some virtual machines).
  constexpr uint64_t kPiece = uint64_t{256} << 10;
  const size_t chunks = static_cast<size_t>((ws.length + kChunk - 1) / kChunk);
  std::vector<uint32_t> crcs(chunks, 0);
  std::vector<Status> errors(chunks);
  const auto read = [&](size_t begin, size_t end) {
    std::unique_ptr<uint8_t[]> bounce;
    for (size_t c = begin; c < end; ++c) {
      const uint64_t at = c * kChunk, n = std::min(kChunk, ws.length - at);
      // The first skipped range ending after the chunk's start (skip is sorted and disjoint).
      auto r = std::lower_bound(skip.begin(), skip.end(), at,
                                [](const std::pair<uint64_t, uint64_t>& range, uint64_t offset) {
                                  return range.first + range.second <= offset;
                                });
      uint32_t crc = 0;
      for (uint64_t from = at; from < at + n && errors[c].ok(); from += kPiece) {
        const uint64_t to = std::min(from + kPiece, at + n);
        while (r != skip.end() && r->first + r->second <= from) ++r;
        const bool partial = r != skip.end() && r->first < to;
        if (partial && !bounce) {
          bounce.reset(new (std::nothrow) uint8_t[kPiece]);  // not zeroed: the read fills it
          if (!bounce) {
            errors[c] = Status(err::kReadModelFailure, "model file '" + impl_->path + "': cannot allocate " +
                                                           std::to_string(kPiece) + " bytes to read its weights");
            break;
          }
        }
        uint8_t* into = partial ? bounce.get() : dst + from;
        uint64_t done = 0;
        errors[c] = impl_->file.ReadInto(impl_->path, ws.offset + from, to - from, into, &done);
        if (errors[c].ok() && done != to - from) {
          errors[c] = Status(err::kModelSizeInvalid, "model file '" + impl_->path +
                                                         "' shrank while its weights were read: it ends at byte " +
                                                         std::to_string(ws.offset + from + done));
        }
        if (!errors[c].ok()) break;
        crc = Crc32(into, static_cast<size_t>(to - from), crc);
        if (!partial) continue;
        // The parts of [from, to) outside the skipped ranges go to dst.
        for (uint64_t pos = from; pos < to;) {
          while (r != skip.end() && r->first + r->second <= pos) ++r;
          if (r == skip.end() || r->first >= to) {
            std::memcpy(dst + pos, into + (pos - from), static_cast<size_t>(to - pos));
            break;
          }
          if (r->first > pos) std::memcpy(dst + pos, into + (pos - from), static_cast<size_t>(r->first - pos));
          pos = std::min(to, r->first + r->second);
        }
      }
      crcs[c] = crc;
    }
  };
  if (parallel && chunks > 1) {
    parallel(chunks, read);
  } else {
    read(0, chunks);
  }
  uint32_t crc = 0;
  for (size_t c = 0; c < chunks; ++c) {
    ASIM_RETURN_IF_ERROR(errors[c]);
    crc = Crc32Combine(crc, crcs[c], std::min(kChunk, ws.length - c * kChunk));
  }
  if (crc != ws.crc32) {
    return WithPath(impl_->path, Corrupt(SectionWhere(ws) + ": CRC-32 mismatch: stored " + Hex32(ws.crc32) +
                                         ", computed " + Hex32(crc)));
  }
  impl_->chunk_crcs = std::move(crcs);
  return Status::Ok();
}

Status ModelFile::ReadWeightRange(uint64_t offset, uint64_t len, uint8_t* dst) const {
  const SectionInfo& ws = impl_->weights;
  if (offset > ws.length || len > ws.length - offset) {
    return Status(err::kInvalidParam, "model file '" + impl_->path + "': weight bytes [" + std::to_string(offset) +
                                          ", +" + std::to_string(len) + ") are outside the " +
                                          std::to_string(ws.length) + "-byte blob");
  }
  uint64_t done = 0;
  ASIM_RETURN_IF_ERROR(impl_->file.ReadInto(impl_->path, ws.offset + offset, len, dst, &done));
  if (done != len) {
    return Status(err::kModelSizeInvalid, "model file '" + impl_->path +
                                              "' shrank while its weights were read: it ends at byte " +
                                              std::to_string(ws.offset + offset + done));
  }
  return impl_->file.Unchanged(impl_->path);
}

Status ModelFile::RereadWeights(uint64_t offset, uint64_t len, uint8_t* dst) const {
  const SectionInfo& ws = impl_->weights;
  if (impl_->chunk_crcs.empty() && ws.length > 0) {
    return Status(err::kInvalidParam, "model file '" + impl_->path + "': weights re-read before they were read");
  }
  if (offset > ws.length || len > ws.length - offset) {
    return Status(err::kInvalidParam, "model file '" + impl_->path + "': weight bytes [" + std::to_string(offset) +
                                          ", +" + std::to_string(len) + ") are outside the " +
                                          std::to_string(ws.length) + "-byte blob");
  }
  std::vector<uint8_t> chunk;
  for (uint64_t c = offset / kWeightChunk; len > 0 && c * kWeightChunk < offset + len; ++c) {
    const uint64_t at = c * kWeightChunk, n = std::min(kWeightChunk, ws.length - at);
    chunk.resize(static_cast<size_t>(n));
    uint64_t done = 0;
    ASIM_RETURN_IF_ERROR(impl_->file.ReadInto(impl_->path, ws.offset + at, n, chunk.data(), &done));
    if (done != n || Crc32(chunk.data(), n) != impl_->chunk_crcs[static_cast<size_t>(c)]) {
      return WithPath(impl_->path,
                      Corrupt(SectionWhere(ws) + ": bytes [" + std::to_string(at) + ", +" + std::to_string(n) +
                              ") of the weights changed since it was loaded (" +
                              (done != n ? "the file shrank" : "CRC-32 mismatch") +
                              "): the file must not be modified in place while a model loaded from it is in use"));
    }
    const uint64_t from = std::max(offset, at), to = std::min(offset + len, at + n);
    std::memcpy(dst + (from - offset), chunk.data() + (from - at), static_cast<size_t>(to - from));
  }
  return Status::Ok();
}

Status ReadModelFile(const std::string& path, Model* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "ReadModelFile: out is null");
  File file;
  ASIM_RETURN_IF_ERROR(file.Open(path));
  PartialImage image;
  SectionInfo unused{};
  bool unused_has_prepared = false;
  ASIM_RETURN_IF_ERROR(ReadImage(file, path, /*skip_blobs=*/false, &image, &unused, &unused, &unused_has_prepared));
  return WithPath(path, ReadModel(image.data(), image.size, out));
}

Status ReadModelHeader(const void* data, size_t size, ModelHeader* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "ReadModelHeader: out is null");
  if (data == nullptr && size != 0) return Status(err::kInvalidParam, "ReadModelHeader: data is null");
  static const uint8_t kEmpty = 0;
  const uint8_t* p = data == nullptr ? &kEmpty : static_cast<const uint8_t*>(data);
  ParsedHeader h;
  ASIM_RETURN_IF_ERROR(ParseHeader(p, size, size, &h));
  const SectionInfo& ms = h.Get(SectionKind::kMetadata);
  ASIM_RETURN_IF_ERROR(CheckCrc(p + ms.offset, ms));
  Meta meta;
  ASIM_RETURN_IF_ERROR(ParseMetadata(p + ms.offset, ms, &meta));
  ASIM_RETURN_IF_ERROR(CheckMetaAgainstHeader(meta, h));
  FillHeader(h, std::move(meta), out);
  return Status::Ok();
}

Status ReadModelHeaderFile(const std::string& path, ModelHeader* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "ReadModelHeaderFile: out is null");
  File file;
  ASIM_RETURN_IF_ERROR(file.Open(path));
  std::vector<uint8_t> prefix;
  ASIM_RETURN_IF_ERROR(file.Read(path, 0, std::min<uint64_t>(file.size(), kHeaderPrefixBytes), &prefix));
  // A file that shrank while read is judged by the bytes it still has.
  const uint64_t total =
      prefix.size() < std::min<uint64_t>(file.size(), kHeaderPrefixBytes) ? prefix.size() : file.size();
  static const uint8_t kEmpty = 0;
  ParsedHeader h;
  ASIM_RETURN_IF_ERROR(WithPath(path, ParseHeader(prefix.empty() ? &kEmpty : prefix.data(), prefix.size(), total, &h)));
  const SectionInfo& ms = h.Get(SectionKind::kMetadata);
  std::vector<uint8_t> section;
  ASIM_RETURN_IF_ERROR(file.Read(path, ms.offset, ms.length, &section));
  if (section.size() != ms.length) {
    return Status(err::kModelSizeInvalid, "model file '" + path + "': truncated while reading the " + SectionWhere(ms));
  }
  static const uint8_t kEmptySection = 0;
  const uint8_t* sp = section.empty() ? &kEmptySection : section.data();
  ASIM_RETURN_IF_ERROR(WithPath(path, CheckCrc(sp, ms)));
  Meta meta;
  ASIM_RETURN_IF_ERROR(WithPath(path, ParseMetadata(sp, ms, &meta)));
  ASIM_RETURN_IF_ERROR(WithPath(path, CheckMetaAgainstHeader(meta, h)));
  FillHeader(h, std::move(meta), out);
  return Status::Ok();
}

}  // namespace asim::om
