// AclExecutor: see acl_executor.h.
#include "tests/onnx_conformance/acl_executor.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace asim::onnx_conformance {
namespace {

// Releases what RunOmThroughAcl creates, whatever happens; the device and AscendCL last.
struct Session {
  bool initialised = false, device = false, loaded = false;
  uint32_t id = 0;
  aclmdlDesc* desc = nullptr;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
  std::vector<void*> memory;
  ~Session() {
    for (aclmdlDataset* set : {in, out}) {
      if (set == nullptr) continue;
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) {
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
      }
      (void)aclmdlDestroyDataset(set);
    }
    for (void* p : memory) (void)aclrtFree(p);
    if (desc != nullptr) (void)aclmdlDestroyDesc(desc);
    if (loaded) (void)aclmdlUnload(id);
    if (device) (void)aclrtResetDevice(0);
    if (initialised) (void)aclFinalize();
  }
};

std::string Failed(const std::string& call, aclError e) {
  std::string msg = call + " returned " + std::to_string(e);
  const char* recent = aclGetRecentErrMsg();
  if (recent != nullptr && *recent != '\0') msg += ": " + std::string(recent);
  return msg;
}

// A device buffer of `size` bytes (at least 1) added to `set`; nullptr with *error set.
void* AddBuffer(Session* s, aclmdlDataset* set, size_t size, std::string* error) {
  size = std::max<size_t>(size, 1);
  void* p = nullptr;
  aclError e = aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST);
  if (e != ACL_SUCCESS) {
    *error = Failed("aclrtMalloc", e);
    return nullptr;
  }
  s->memory.push_back(p);
  aclDataBuffer* b = aclCreateDataBuffer(p, size);
  if (b == nullptr) {
    *error = "aclCreateDataBuffer returned nullptr";
    return nullptr;
  }
  e = aclmdlAddDatasetBuffer(set, b);
  if (e != ACL_SUCCESS) {
    (void)aclDestroyDataBuffer(b);
    *error = Failed("aclmdlAddDatasetBuffer", e);
    return nullptr;
  }
  return p;
}

// The actual dims of output `i`: the dataset's tensor desc (set by aclmdlExecute for a
// data-dependent output), else aclmdlGetCurOutputDims.
std::string OutputDims(const Session& s, size_t i, std::vector<int64_t>* dims) {
  dims->clear();
  if (const aclTensorDesc* d = aclmdlGetDatasetTensorDesc(s.out, i); d != nullptr) {
    const size_t n = aclGetTensorDescNumDims(d);
    for (size_t k = 0; k < n; ++k) {
      int64_t v = 0;
      aclError e = aclGetTensorDescDimV2(d, k, &v);
      if (e != ACL_SUCCESS) return Failed("aclGetTensorDescDimV2", e);
      dims->push_back(v);
    }
    return "";
  }
  aclmdlIODims io = {};
  aclError e = aclmdlGetCurOutputDims(s.desc, i, &io);
  if (e != ACL_SUCCESS) return Failed("aclmdlGetCurOutputDims", e);
  dims->assign(io.dims, io.dims + io.dimCount);
  return "";
}

// Whether output `i` has a dim known only at execution (-1) in the model's desc.
bool HasUnknownDims(const Session& s, size_t i) {
  aclmdlIODims io = {};
  if (aclmdlGetOutputDims(s.desc, i, &io) != ACL_SUCCESS) return false;
  for (size_t k = 0; k < io.dimCount; ++k) {
    if (io.dims[k] < 0) return true;
  }
  return false;
}

// Bytes a DT_STRING output of `dims` uses in CANN's layout (docs/models.md "String
// tensors"): its heads {offset, length} and, after them, each element's bytes and NUL.
// "" with *used set, or why the buffer is malformed.
std::string StringBytesUsed(const std::vector<uint8_t>& buf, const std::vector<int64_t>& dims, size_t* used) {
  uint64_t n = 1;
  for (int64_t d : dims) n *= d < 0 ? 0 : static_cast<uint64_t>(d);
  if (n > buf.size() / 16)
    return std::to_string(n) + " string heads do not fit its " + std::to_string(buf.size()) + " bytes";
  uint64_t end = n * 16;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t head[2];  // offset from the buffer's start, length without the NUL
    std::memcpy(head, buf.data() + i * 16, sizeof head);
    if (head[0] > buf.size() || head[1] >= buf.size() - head[0]) {
      return "string element " + std::to_string(i) + " lies outside its " + std::to_string(buf.size()) + " bytes";
    }
    end = std::max(end, head[0] + head[1] + 1);
  }
  *used = static_cast<size_t>(end);
  return "";
}

}  // namespace

std::string RunOmThroughAcl(const std::string& om_path, const std::vector<std::vector<uint8_t>>& inputs,
                            std::vector<AclOutput>* outputs) {
  outputs->clear();
  Session s;
  aclError e = aclInit(nullptr);
  if (e != ACL_SUCCESS) return Failed("aclInit", e);
  s.initialised = true;
  if ((e = aclrtSetDevice(0)) != ACL_SUCCESS) return Failed("aclrtSetDevice", e);
  s.device = true;
  if ((e = aclmdlLoadFromFile(om_path.c_str(), &s.id)) != ACL_SUCCESS) return Failed("aclmdlLoadFromFile", e);
  s.loaded = true;
  s.desc = aclmdlCreateDesc();
  if (s.desc == nullptr) return "aclmdlCreateDesc returned nullptr";
  if ((e = aclmdlGetDesc(s.desc, s.id)) != ACL_SUCCESS) return Failed("aclmdlGetDesc", e);
  const size_t n_in = aclmdlGetNumInputs(s.desc), n_out = aclmdlGetNumOutputs(s.desc);
  if (n_in != inputs.size()) {
    return "the model has " + std::to_string(n_in) + " inputs, the test gives " + std::to_string(inputs.size());
  }
  s.in = aclmdlCreateDataset();
  s.out = aclmdlCreateDataset();
  if (s.in == nullptr || s.out == nullptr) return "aclmdlCreateDataset returned nullptr";
  std::string error;
  for (size_t i = 0; i < n_in; ++i) {
    const size_t size = std::max(inputs[i].size(), aclmdlGetInputSizeByIndex(s.desc, i));
    void* p = AddBuffer(&s, s.in, size, &error);
    if (p == nullptr) return error;
    if (inputs[i].empty()) continue;
    e = aclrtMemcpy(p, size, inputs[i].data(), inputs[i].size(), ACL_MEMCPY_HOST_TO_DEVICE);
    if (e != ACL_SUCCESS) return Failed("aclrtMemcpy (input " + std::to_string(i) + ")", e);
  }
  // A string output's size depends on its contents (aclmdlGetOutputSizeByIndex says 0): the
  // documented bound for element-wise string ops is twice the string inputs' bytes + 32.
  size_t string_input_bytes = 0;
  for (size_t i = 0; i < n_in; ++i) {
    if (aclmdlGetInputDataType(s.desc, i) == ACL_STRING) string_input_bytes += inputs[i].size();
  }
  // An output whose dims depend on input values has no size before execution (0 from
  // aclmdlGetOutputSizeByIndex, -1 dims): it gets a NULL 0-byte buffer for aclmdlExecute to
  // allocate, read back through the dataset and freed here with aclrtFree.
  std::vector<size_t> out_sizes;
  std::vector<bool> runtime_allocated;
  for (size_t i = 0; i < n_out; ++i) {
    const bool is_string = aclmdlGetOutputDataType(s.desc, i) == ACL_STRING;
    out_sizes.push_back(is_string ? 2 * string_input_bytes + 32 : aclmdlGetOutputSizeByIndex(s.desc, i));
    runtime_allocated.push_back(!is_string && out_sizes.back() == 0 && HasUnknownDims(s, i));
    if (runtime_allocated.back()) {
      aclDataBuffer* b = aclCreateDataBuffer(nullptr, 0);
      if (b == nullptr) return "aclCreateDataBuffer(nullptr, 0) returned nullptr";
      if ((e = aclmdlAddDatasetBuffer(s.out, b)) != ACL_SUCCESS) {
        (void)aclDestroyDataBuffer(b);
        return Failed("aclmdlAddDatasetBuffer", e);
      }
      continue;
    }
    if (AddBuffer(&s, s.out, out_sizes.back(), &error) == nullptr) return error;
  }
  e = aclmdlExecute(s.id, s.in, s.out);
  for (size_t i = 0; i < n_out; ++i) {  // freed with the session whatever happened
    aclDataBuffer* b = aclmdlGetDatasetBuffer(s.out, i);
    if (!runtime_allocated[i] || aclGetDataBufferAddr(b) == nullptr) continue;
    s.memory.push_back(aclGetDataBufferAddr(b));
    out_sizes[i] = aclGetDataBufferSizeV2(b);
  }
  if (e != ACL_SUCCESS) return Failed("aclmdlExecute", e);
  for (size_t i = 0; i < n_out; ++i) {
    AclOutput o;
    o.dtype = static_cast<int32_t>(aclmdlGetOutputDataType(s.desc, i));
    const char* name = aclmdlGetOutputNameByIndex(s.desc, i);
    o.name = name != nullptr ? name : "";
    error = OutputDims(s, i, &o.dims);
    if (!error.empty()) return error;
    o.bytes.resize(out_sizes[i]);
    if (!o.bytes.empty()) {
      aclDataBuffer* b = aclmdlGetDatasetBuffer(s.out, i);
      e = aclrtMemcpy(o.bytes.data(), o.bytes.size(), aclGetDataBufferAddr(b), o.bytes.size(),
                      ACL_MEMCPY_DEVICE_TO_HOST);
      if (e != ACL_SUCCESS) return Failed("aclrtMemcpy (output " + std::to_string(i) + ")", e);
    }
    if (o.dtype == ACL_STRING) {  // only the bytes the strings use
      size_t used = 0;
      error = StringBytesUsed(o.bytes, o.dims, &used);
      if (!error.empty()) return "output " + std::to_string(i) + " '" + o.name + "': " + error;
      o.bytes.resize(used);
    }
    outputs->push_back(std::move(o));
  }
  return "";
}

}  // namespace asim::onnx_conformance
