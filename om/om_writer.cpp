// The .om writer. See om_writer.h for the contract and docs/om_format.md for the layout.
//
// Owns: the encoders of the metadata, io, graphs and prepared sections and the file assembly.
// Thread safety: no shared state. Failure: see om_writer.h.
#include "om/om_writer.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <variant>

#include "om/byte_io.h"
#include "om/om_format.h"
#include "om/prepared_spill.h"

namespace asim::om {
namespace {

constexpr uint64_t kMax32 = std::numeric_limits<uint32_t>::max();

// A ByteWriter that remembers when a count or string length does not fit the format's u32.
class SectionWriter : public ByteWriter {
 public:
  void Count(size_t n, const char* what) {
    if (n > kMax32 && too_large_.empty()) too_large_ = what;
    U32(static_cast<uint32_t>(n));
  }
  void String(const std::string& s, const char* what) {
    if (s.size() > kMax32 && too_large_.empty()) too_large_ = what;
    Str(s);
  }
  void Dims(const std::vector<int64_t>& dims, const char* what) {
    Count(dims.size(), what);
    for (int64_t d : dims) I64(d);
  }
  const std::string& too_large() const { return too_large_; }

 private:
  std::string too_large_;
};

void WriteAttr(SectionWriter& w, const kernels::AttrValue& value) {
  w.U8(static_cast<uint8_t>(value.index()));
  std::visit(
      [&w](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          w.U8(v ? 1 : 0);
        } else if constexpr (std::is_same_v<T, int64_t>) {
          w.I64(v);
        } else if constexpr (std::is_same_v<T, float>) {
          w.F32(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          w.String(v, "attr string");
        } else if constexpr (std::is_same_v<T, DataType>) {
          w.I32(static_cast<int32_t>(v));
        } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
          w.Count(v.size(), "attr list");
          for (bool b : v) w.U8(b ? 1 : 0);
        } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          w.Dims(v, "attr list");
        } else if constexpr (std::is_same_v<T, std::vector<float>>) {
          w.Count(v.size(), "attr list");
          for (float f : v) w.F32(f);
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          w.Count(v.size(), "attr list");
          for (const std::string& s : v) w.String(s, "attr string");
        } else if constexpr (std::is_same_v<T, std::vector<DataType>>) {
          w.Count(v.size(), "attr list");
          for (DataType t : v) w.I32(static_cast<int32_t>(t));
        } else {
          static_assert(std::is_same_v<T, std::vector<std::vector<int64_t>>>);
          w.Count(v.size(), "attr list");
          for (const auto& inner : v) w.Dims(inner, "attr list");
        }
      },
      value);
}

void WriteMetadata(SectionWriter& w, const Model& m) {
  w.String(m.name, "model name");
  w.String(m.producer, "producer");
  w.U64(m.work_size());
  w.U64(m.weight_size());
  w.Count(m.inputs.size(), "input count");
  w.Count(m.outputs.size(), "output count");
  w.Count(m.graphs.size(), "graph count");
  w.U8(static_cast<uint8_t>(m.dynamic));
  w.Zeros(3);
  w.Count(m.gears.size(), "gear count");
  for (const auto& gear : m.gears) w.Dims(gear, "gear");
  w.Count(m.metadata.size(), "metadata count");
  for (const auto& [key, value] : m.metadata) {
    w.String(key, "metadata key");
    w.String(value, "metadata value");
  }
}

void WriteIoList(SectionWriter& w, const std::vector<IoDesc>& list) {
  w.Count(list.size(), "io count");
  for (const IoDesc& io : list) {
    w.String(io.name, "io name");
    w.I32(static_cast<int32_t>(io.dtype));
    w.I32(static_cast<int32_t>(io.format));
    w.Dims(io.dims, "io dims");
    w.U64(io.size);
  }
}

void WriteGraphs(SectionWriter& w, const std::vector<Graph>& graphs) {
  w.Count(graphs.size(), "graph count");
  for (const Graph& g : graphs) {
    w.U64(g.work_size);
    w.Count(g.tensors.size(), "tensor count");
    for (const Tensor& t : g.tensors) {
      w.String(t.name, "tensor name");
      w.I32(static_cast<int32_t>(t.desc.dtype));
      w.I32(static_cast<int32_t>(t.desc.format));
      w.Dims(t.desc.dims, "tensor dims");
      w.I32(static_cast<int32_t>(t.desc.origin_format));
      w.Dims(t.desc.origin_dims, "tensor origin dims");
      w.U8(static_cast<uint8_t>(t.place));
      w.U8(t.dynamic ? 1 : 0);  // flags (version 2; always 0 in version 1)
      w.Zeros(2);
      w.U32(t.io_index);
      w.U64(t.offset);
      w.U64(t.size);
    }
    w.Count(g.nodes.size(), "node count");
    for (const Node& n : g.nodes) {
      w.String(n.name, "node name");
      w.String(n.type, "node type");
      w.U8(static_cast<uint8_t>(n.engine));
      w.Zeros(3);
      w.Count(n.inputs.size(), "node inputs");
      for (int32_t i : n.inputs) w.I32(i);
      w.Count(n.outputs.size(), "node outputs");
      for (int32_t i : n.outputs) w.I32(i);
      w.U64(n.workspace_offset);
      w.U64(n.workspace_size);
      w.Count(n.attrs.values().size(), "attr count");
      for (const auto& [name, value] : n.attrs.values()) {
        w.String(name, "attr name");
        WriteAttr(w, value);
      }
    }
  }
}

// The prepared section up to its blob: the entry table and the zero padding that puts the
// blob at a multiple of kPreparedDataAlignment from the section start. The blob itself is
// copied from the model straight into the file's bytes (it may be ~100 MB).
void WritePreparedTable(SectionWriter& w, const std::vector<PreparedData>& prepared) {
  w.Count(prepared.size(), "prepared entry count");
  w.U32(0);
  for (const PreparedData& p : prepared) {
    w.U32(p.graph);
    w.U32(p.node);
    w.String(p.kind, "prepared kind");
    w.Dims(p.params, "prepared params");
    w.U64(p.offset);
    w.U64(p.size);
  }
  w.AlignTo(kPreparedDataAlignment);
}

uint64_t AlignUp(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

// A model's file as pieces: the header (with the section table), then each section's bytes at
// its offset (zeros in between): WriteModel copies them into one buffer, WriteModelFile
// writes them as they are (the weights and the prepared blob are not copied first: ~200 MB
// for ResNet-50 fp32). A piece is in memory (`data`) or, for a prepared blob the compiler
// spilled, in `spill`.
struct Piece {
  uint64_t offset;
  const uint8_t* data;
  uint64_t length;
  const PreparedSpill* spill = nullptr;
};
struct Encoded {
  SectionWriter sections[4];  // metadata, io, graphs, the prepared entry table
  std::vector<uint8_t> header;
  std::vector<Piece> pieces;  // in offset order, after the header
  uint64_t size = 0;
};

// `spill`: where the prepared blob is when the model has it "in the source" (null: nowhere).
Status Encode(const Model& model, const PreparedSpill* spill, Encoded* e) {
  ASIM_RETURN_IF_ERROR(model.Validate());
  if (model.weights_in_source) {
    return Status(err::kInvalidParam, "WriteModel: model '" + model.name +
                                          "' was read without its weight blob (WeightCopy::kLeaveInSource)");
  }
  const PreparedSpill* const from_spill = model.prepared_in_source ? spill : nullptr;
  if (model.prepared_in_source && from_spill == nullptr) {
    return Status(err::kInvalidParam, "WriteModel: model '" + model.name +
                                          "' was read without its prepared blob (WeightCopy::kLeaveInSource)");
  }
  if (from_spill != nullptr &&
      (model.source_prepared_offset != 0 || model.source_prepared_size != from_spill->size())) {
    return Status(err::kInvalidParam, "WriteModelFile: model '" + model.name + "' has its prepared blob at [" +
                                          std::to_string(model.source_prepared_offset) + ", +" +
                                          std::to_string(model.source_prepared_size) + ") but the spill file holds " +
                                          std::to_string(from_spill->size()) + " bytes");
  }
  if (model.soc_version.size() > kMaxSocLength) {
    return Status(err::kInvalidParam, "cannot write model '" + model.name + "': SoC version is " +
                                          std::to_string(model.soc_version.size()) + " bytes, the format allows " +
                                          std::to_string(kMaxSocLength));
  }

  // metadata, io, graphs and the prepared entry table; the weights and the prepared blob are
  // copied as they are.
  SectionWriter* sections = e->sections;
  WriteMetadata(sections[0], model);
  WriteIoList(sections[1], model.inputs);
  WriteIoList(sections[1], model.outputs);
  WriteGraphs(sections[2], model.graphs);
  const bool has_prepared = !model.prepared.empty();
  if (has_prepared) WritePreparedTable(sections[3], model.prepared);
  for (int i = 0; i < 4; ++i) {
    const SectionWriter& s = sections[i];
    if (!s.too_large().empty()) {
      return Status(err::kInvalidParam, "cannot write model '" + model.name + "': a " + s.too_large() +
                                            " exceeds the format's 2^32-1 limit");
    }
  }

  const uint32_t section_count = has_prepared ? kSectionKindCount : kRequiredSectionKindCount;
  const uint32_t soc_padded = static_cast<uint32_t>(AlignUp(model.soc_version.size(), 8));
  const uint32_t header_size = kFixedHeaderBytes + soc_padded + section_count * kSectionEntryBytes;
  // A section's bytes: `head` then `tail` (only the prepared section has a tail, its blob).
  struct Placed {
    SectionKind kind;
    const uint8_t* head;
    uint64_t head_length;
    const uint8_t* tail;
    uint64_t tail_length;
    uint64_t offset;
    uint64_t length() const { return head_length + tail_length; }
  };
  Placed placed[kSectionKindCount] = {
      {SectionKind::kMetadata, sections[0].bytes().data(), sections[0].size(), nullptr, 0, 0},
      {SectionKind::kIo, sections[1].bytes().data(), sections[1].size(), nullptr, 0, 0},
      {SectionKind::kGraphs, sections[2].bytes().data(), sections[2].size(), nullptr, 0, 0},
      {SectionKind::kWeights, model.weights.data(), model.weights.size(), nullptr, 0, 0},
      {SectionKind::kPrepared, sections[3].bytes().data(), sections[3].size(), model.prepared_blob.data(),
       model.prepared_size(), 0},
  };
  uint64_t end = header_size;
  for (uint32_t i = 0; i < section_count; ++i) {
    Placed& p = placed[i];
    const uint64_t align = p.kind == SectionKind::kWeights    ? kWeightAlignment
                           : p.kind == SectionKind::kPrepared ? kPreparedSectionAlignment
                                                              : kSectionAlignment;
    p.offset = AlignUp(end, align);
    end = p.offset + p.length();
  }

  ByteWriter w;
  w.Bytes(kMagic, sizeof kMagic);
  w.U32(FormatVersionOf(model));
  w.U32(header_size);
  w.U64(end);
  w.U32(0);  // header CRC, patched below
  w.U32(section_count);
  w.U32(static_cast<uint32_t>(model.soc_version.size()));
  w.U32(0);
  w.Bytes(model.soc_version.data(), model.soc_version.size());
  w.AlignTo(8);
  for (uint32_t i = 0; i < section_count; ++i) {
    const Placed& p = placed[i];
    w.U32(static_cast<uint32_t>(p.kind));
    w.U32(0);
    w.U64(p.offset);
    w.U64(p.length());
    const uint32_t head_crc = Crc32(p.head, p.head_length);
    const bool spilled = p.kind == SectionKind::kPrepared && from_spill != nullptr;
    w.U32(spilled ? Crc32Combine(head_crc, from_spill->crc(), from_spill->size())
                  : Crc32(p.tail, p.tail_length, head_crc));
    w.U32(0);
  }
  w.PatchU32(kOffHeaderCrc, Crc32(w.bytes().data(), header_size));
  e->header = std::move(w.bytes());
  e->pieces.clear();
  for (uint32_t i = 0; i < section_count; ++i) {
    const Placed& p = placed[i];
    e->pieces.push_back(Piece{p.offset, p.head, p.head_length});
    e->pieces.push_back(Piece{p.offset + p.head_length, p.tail, p.tail_length,
                              p.kind == SectionKind::kPrepared ? from_spill : nullptr});
  }
  e->size = end;
  return Status::Ok();
}

}  // namespace

Status WriteModel(const Model& model, std::vector<uint8_t>* bytes) {
  if (bytes == nullptr) return Status(err::kInvalidParam, "WriteModel: bytes is null");
  Encoded e;
  ASIM_RETURN_IF_ERROR(Encode(model, nullptr, &e));
  ByteWriter w;
  w.bytes().reserve(e.size);
  w.Bytes(e.header.data(), e.header.size());
  for (const Piece& p : e.pieces) {
    w.Zeros(p.offset - w.size());
    w.Bytes(p.data, p.length);
  }
  *bytes = std::move(w.bytes());
  return Status::Ok();
}

Status WriteModelFile(const Model& model, const std::string& path, const PreparedSpill* prepared) {
  Encoded e;
  ASIM_RETURN_IF_ERROR(Encode(model, prepared, &e));
  auto fail = [&path](const char* what, int error) {
    return Status(err::kWriteFile,
                  "cannot " + std::string(what) + " model file '" + path + "': " + std::strerror(error));
  };
  // Written beside the path, then renamed over it: a process that has the previous model at
  // that path loaded keeps reading the old file (a loader maps its prepared data), and a
  // failed write leaves the previous model as it was.
  const std::string temp = path + ".tmp" + std::to_string(::getpid());
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (f == nullptr) return fail("create", errno);
  errno = 0;
  static const uint8_t kZeros[4096] = {};
  uint64_t at = 0;
  bool ok = true;
  const auto put = [&](const void* data, uint64_t length) {
    ok = ok && (length == 0 || std::fwrite(data, 1, static_cast<size_t>(length), f) == length);
    at += length;
  };
  Status spill_status;
  std::vector<uint8_t> chunk;
  put(e.header.data(), e.header.size());
  for (const Piece& p : e.pieces) {
    while (ok && at < p.offset) put(kZeros, std::min<uint64_t>(p.offset - at, sizeof kZeros));
    if (p.spill == nullptr) {
      put(p.data, p.length);
      continue;
    }
    chunk.resize(static_cast<size_t>(std::min<uint64_t>(p.length, uint64_t{1} << 20)));
    for (uint64_t done = 0; ok && done < p.length; done += chunk.size()) {
      const uint64_t n = std::min<uint64_t>(chunk.size(), p.length - done);
      spill_status = p.spill->Read(done, chunk.data(), n);
      ok = spill_status.ok();
      put(chunk.data(), n);
    }
  }
  int error = ok && at == e.size ? 0 : (errno != 0 ? errno : EIO);
  if (std::fclose(f) != 0 && error == 0) error = errno != 0 ? errno : EIO;
  if (error == 0 && std::rename(temp.c_str(), path.c_str()) != 0) error = errno != 0 ? errno : EIO;
  if (error != 0) {
    std::remove(temp.c_str());
    if (!spill_status.ok())
      return Status(spill_status.code(), "cannot write model file '" + path + "': " + spill_status.message());
    return fail("write", error);
  }
  return Status::Ok();
}

}  // namespace asim::om
