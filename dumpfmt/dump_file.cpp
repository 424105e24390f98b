// Dump file encoding and decoding over the generated DumpData (protobuf lite).
// See dump_file.h for the layout and the contract.
#include "dumpfmt/dump_file.h"

#include <fcntl.h>
#include <spdlog/fmt/fmt.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "dump_data.pb.h"

namespace asim::dump {
namespace pb = toolkit::dumpdata;

uint64_t DumpRecord::DataBytes() const {
  uint64_t n = 0;
  for (const auto& t : inputs) n += t.data.size();
  for (const auto& t : outputs) n += t.data.size();
  for (const auto& b : buffers) n += b.data.size();
  for (const auto& s : spaces) n += s.data.size();
  return n;
}

namespace {

void ToShape(const std::vector<uint64_t>& dims, pb::Shape* shape) {
  for (uint64_t d : dims) shape->add_dim(d);
}

std::vector<uint64_t> FromShape(const pb::Shape& shape) {
  return {shape.dim().begin(), shape.dim().end()};
}

pb::DumpData ToProto(const DumpRecord& r, bool with_data) {
  pb::DumpData d;
  d.set_version(r.version);
  d.set_dump_time(r.dump_time);
  d.set_op_name(r.op_name);
  for (const DumpTensor& t : r.outputs) {
    pb::OpOutput* o = d.add_output();
    o->set_data_type(static_cast<pb::OutputDataType>(t.data_type));
    o->set_format(static_cast<pb::OutputFormat>(t.format));
    ToShape(t.shape, o->mutable_shape());
    if (t.original_op) {
      pb::OriginalOp* op = o->mutable_original_op();
      op->set_name(t.original_op->name);
      op->set_output_index(t.original_op->output_index);
      op->set_data_type(static_cast<pb::OutputDataType>(t.original_op->data_type));
      op->set_format(static_cast<pb::OutputFormat>(t.original_op->format));
    }
    if (with_data) o->set_data(t.data.data(), t.data.size());
    o->set_size(t.data.size());
    if (!t.original_shape.empty()) ToShape(t.original_shape, o->mutable_original_shape());
    o->set_sub_format(t.sub_format);
    o->set_address(t.address);
    o->set_offset(t.offset);
  }
  for (const DumpTensor& t : r.inputs) {
    pb::OpInput* i = d.add_input();
    i->set_data_type(static_cast<pb::OutputDataType>(t.data_type));
    i->set_format(static_cast<pb::OutputFormat>(t.format));
    ToShape(t.shape, i->mutable_shape());
    if (with_data) i->set_data(t.data.data(), t.data.size());
    i->set_size(t.data.size());
    if (!t.original_shape.empty()) ToShape(t.original_shape, i->mutable_original_shape());
    i->set_sub_format(t.sub_format);
    i->set_address(t.address);
    i->set_offset(t.offset);
  }
  for (const DumpBlob& b : r.buffers) {
    pb::OpBuffer* o = d.add_buffer();
    o->set_buffer_type(static_cast<pb::BufferType>(b.type));
    if (with_data) o->set_data(b.data.data(), b.data.size());
    o->set_size(b.data.size());
  }
  for (const DumpAttr& a : r.attrs) {
    pb::OpAttr* o = d.add_attr();
    o->set_name(a.name);
    o->set_value(a.value);
  }
  for (const DumpBlob& s : r.spaces) {
    pb::Workspace* o = d.add_space();
    o->set_type(static_cast<pb::Workspace::SpaceType>(s.type));
    if (with_data) o->set_data(s.data.data(), s.data.size());
    o->set_size(s.data.size());
  }
  return d;
}

// Fills `out` from a parsed header; tensor data is left empty (sizes in `sizes`, in file
// order) unless the header carries it inline (`inline_data`).
void FromProto(const pb::DumpData& d, bool inline_data, DumpRecord* out, std::vector<uint64_t>* sizes) {
  DumpRecord r;
  r.version = d.version();
  r.dump_time = d.dump_time();
  r.op_name = d.op_name();
  for (const pb::OpInput& i : d.input()) {
    DumpTensor t;
    t.data_type = i.data_type();
    t.format = i.format();
    t.shape = FromShape(i.shape());
    t.original_shape = FromShape(i.original_shape());
    t.sub_format = i.sub_format();
    t.address = i.address();
    t.offset = i.offset();
    if (inline_data) t.data.assign(i.data().begin(), i.data().end());
    sizes->push_back(i.size());
    r.inputs.push_back(std::move(t));
  }
  for (const pb::OpOutput& o : d.output()) {
    DumpTensor t;
    t.data_type = o.data_type();
    t.format = o.format();
    t.shape = FromShape(o.shape());
    t.original_shape = FromShape(o.original_shape());
    if (o.has_original_op()) {
      t.original_op = DumpOriginalOp{o.original_op().name(), o.original_op().output_index(),
                                     o.original_op().data_type(), o.original_op().format()};
    }
    t.sub_format = o.sub_format();
    t.address = o.address();
    t.offset = o.offset();
    if (inline_data) t.data.assign(o.data().begin(), o.data().end());
    sizes->push_back(o.size());
    r.outputs.push_back(std::move(t));
  }
  for (const pb::OpBuffer& b : d.buffer()) {
    DumpBlob blob{b.buffer_type(), {}};
    if (inline_data) blob.data.assign(b.data().begin(), b.data().end());
    sizes->push_back(b.size());
    r.buffers.push_back(std::move(blob));
  }
  for (const pb::OpAttr& a : d.attr()) r.attrs.push_back({a.name(), a.value()});
  for (const pb::Workspace& s : d.space()) {
    DumpBlob blob{s.type(), {}};
    if (inline_data) blob.data.assign(s.data().begin(), s.data().end());
    sizes->push_back(s.size());
    r.spaces.push_back(std::move(blob));
  }
  *out = std::move(r);
}

// Every data vector of `r` in file order.
std::vector<std::vector<uint8_t>*> DataSlots(DumpRecord* r) {
  std::vector<std::vector<uint8_t>*> slots;
  for (auto& t : r->inputs) slots.push_back(&t.data);
  for (auto& t : r->outputs) slots.push_back(&t.data);
  for (auto& b : r->buffers) slots.push_back(&b.data);
  for (auto& s : r->spaces) slots.push_back(&s.data);
  return slots;
}

std::vector<const std::vector<uint8_t>*> DataSlots(const DumpRecord& r) {
  std::vector<const std::vector<uint8_t>*> slots;
  for (const auto& t : r.inputs) slots.push_back(&t.data);
  for (const auto& t : r.outputs) slots.push_back(&t.data);
  for (const auto& b : r.buffers) slots.push_back(&b.data);
  for (const auto& s : r.spaces) slots.push_back(&s.data);
  return slots;
}

void PutLength(uint64_t v, uint8_t out[kHeaderLengthBytes]) {
  for (size_t i = 0; i < kHeaderLengthBytes; ++i) out[i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t GetLength(const uint8_t* p) {
  uint64_t v = 0;
  for (size_t i = 0; i < kHeaderLengthBytes; ++i) v |= static_cast<uint64_t>(p[i]) << (8 * i);
  return v;
}

std::string ErrnoText(int error) {
  return std::error_code(error, std::generic_category()).message();
}

bool WriteAll(int fd, const void* data, size_t size, int* error) {
  const auto* p = static_cast<const uint8_t*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = errno;
      return false;
    }
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

std::string EncodeDumpHeader(const DumpRecord& record) {
  return ToProto(record, /*with_data=*/false).SerializeAsString();
}

std::vector<uint8_t> EncodeDumpFile(const DumpRecord& record) {
  const std::string header = EncodeDumpHeader(record);
  std::vector<uint8_t> out(kHeaderLengthBytes);
  PutLength(header.size(), out.data());
  out.reserve(kHeaderLengthBytes + header.size() + record.DataBytes());
  out.insert(out.end(), header.begin(), header.end());
  for (const auto* slot : DataSlots(record)) out.insert(out.end(), slot->begin(), slot->end());
  return out;
}

Status WriteDumpFile(const std::string& path, const DumpRecord& record) {
  const std::string header = EncodeDumpHeader(record);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) {
    const int error = errno;
    return Status(err::kWriteFile, fmt::format("cannot create dump file '{}': {}", path, ErrnoText(error)));
  }
  uint8_t length[kHeaderLengthBytes];
  PutLength(header.size(), length);
  int error = 0;
  bool ok = WriteAll(fd, length, sizeof(length), &error) && WriteAll(fd, header.data(), header.size(), &error);
  for (const auto* slot : DataSlots(record)) {
    if (!ok) break;
    ok = WriteAll(fd, slot->data(), slot->size(), &error);
  }
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    ::unlink(path.c_str());
    return Status(err::kWriteFile, fmt::format("cannot write dump file '{}': {}", path, ErrnoText(error)));
  }
  return Status::Ok();
}

Status DecodeDumpFile(std::span<const uint8_t> bytes, std::string_view source, DumpRecord* out) {
  std::string big_error;
  // ">=": a record with nothing set encodes to an empty header, i.e. just the 8-byte length
  // (EncodeDumpFile writes it, so it must read back).
  if (bytes.size() >= kHeaderLengthBytes) {
    const uint64_t header_length = GetLength(bytes.data());
    const uint64_t rest = bytes.size() - kHeaderLengthBytes;
    pb::DumpData header;
    if (header_length > rest) {
      big_error = fmt::format("header length {} exceeds the {} bytes after it", header_length, rest);
    } else if (!header.ParseFromArray(bytes.data() + kHeaderLengthBytes, static_cast<int>(header_length))) {
      big_error = fmt::format("the {}-byte header is not a DumpData message", header_length);
    } else {
      DumpRecord r;
      std::vector<uint64_t> sizes;
      FromProto(header, /*inline_data=*/false, &r, &sizes);
      uint64_t total = 0;
      bool overflow = false;
      for (uint64_t s : sizes) {
        overflow |= s > rest;
        total += s;
      }
      if (overflow || total != rest - header_length) {
        big_error =
            fmt::format("the header's sizes add up to {} bytes but {} bytes follow it", total, rest - header_length);
      } else {
        const uint8_t* p = bytes.data() + kHeaderLengthBytes + header_length;
        auto slots = DataSlots(&r);
        for (size_t i = 0; i < slots.size(); ++i) {
          slots[i]->assign(p, p + sizes[i]);
          p += sizes[i];
        }
        *out = std::move(r);
        return Status::Ok();
      }
    }
  } else {
    big_error = fmt::format("{} bytes is too short for the 8-byte header length", bytes.size());
  }
  // The layout before version 2.0: one DumpData with the data inline.
  pb::DumpData whole;
  if (!bytes.empty() && whole.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) &&
      !whole.op_name().empty() && whole.version() != kDumpVersion) {
    std::vector<uint64_t> sizes;
    FromProto(whole, /*inline_data=*/true, out, &sizes);
    return Status::Ok();
  }
  return Status(err::kParseFile, fmt::format("'{}' is not a dump file: {}", source, big_error));
}

Status ReadDumpFile(const std::string& path, DumpRecord* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    return Status(err::kInvalidFile, fmt::format("cannot open dump file '{}': {}", path, ErrnoText(errno)));
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) return Status(err::kInvalidFile, fmt::format("cannot read dump file '{}'", path));
  return DecodeDumpFile(bytes, path, out);
}

}  // namespace asim::dump
