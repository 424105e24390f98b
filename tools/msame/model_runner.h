// msame's AscendCL side, public API only (acl/acl.h, acl/acl_prof.h):
//   AclSession       aclInit (./acl.json when the working directory has one, as the real
//                    msame) .. aclFinalize, the device, a context and a stream;
//   ProfilingSession aclprofInit / CreateConfig / Start .. Stop / DestroyConfig / Finalize;
//   DumpSession      aclmdlInitDump + aclmdlSetDump(config) .. aclmdlFinalizeDump;
//   ModelRunner      one loaded model: description, the dynamic options checked against it
//                    (gears, input sizes), device buffers and datasets, the gear set on the
//                    input dataset, timed executions and the outputs read back.
// Each prints the real msame's "[INFO] ..." lines as it goes and, on a failure, one
// "[ERROR] <what failed>, <where>: error <code>: <aclGetRecentErrMsg>" line, then returns
// false. Destructors release whatever was created, in reverse order (no leaks on any path).
// Owner: tools/msame. Thread safety: single-threaded; one instance of each at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "tools/msame/options.h"
#include "tools/msame/tensor_io.h"

namespace asim::msame {

class AclSession {
 public:
  AclSession() = default;
  AclSession(const AclSession&) = delete;
  AclSession& operator=(const AclSession&) = delete;
  ~AclSession();  // destroy stream, context, reset device, aclFinalize (with the real lines)

  bool Init(int32_t device);
  aclrtStream stream() const { return stream_; }

 private:
  bool initialized_ = false;
  bool device_set_ = false;
  int32_t device_ = 0;
  aclrtContext context_ = nullptr;
  aclrtStream stream_ = nullptr;
};

class ProfilingSession {
 public:
  ProfilingSession() = default;
  ProfilingSession(const ProfilingSession&) = delete;
  ProfilingSession& operator=(const ProfilingSession&) = delete;
  ~ProfilingSession();  // Stop() if still running

  // Profiles `device` (AscendCL API, task time, AI Core metrics, AI CPU) into `dir`.
  bool Start(const std::string& dir, uint32_t device);
  // Stops the session (writes the PROF_* directory) and finalizes; true when not started.
  bool Stop();

 private:
  bool initialized_ = false;
  bool started_ = false;
  aclprofConfig* config_ = nullptr;
  std::string dir_;
};

class DumpSession {
 public:
  DumpSession() = default;
  DumpSession(const DumpSession&) = delete;
  DumpSession& operator=(const DumpSession&) = delete;
  ~DumpSession();  // Stop() if still running

  // Writes `config` (an acl.json with a "dump" section: every operator's output of every
  // model loaded after this into `dump_dir`) and applies it (aclmdlInitDump, aclmdlSetDump).
  bool Start(const std::string& dump_dir, const std::string& config);
  bool Stop();  // aclmdlFinalizeDump; true when not started

 private:
  bool initialized_ = false;
  std::string dir_;
};

// One model input or output as the description gives it.
struct IoInfo {
  size_t index = 0;  // in the model's inputs / outputs
  std::string name;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> dims;  // -1 at dynamic positions
  size_t size = 0;            // aclmdlGet{Input,Output}SizeByIndex (the largest gear)
};

class ModelRunner {
 public:
  ModelRunner() = default;
  ModelRunner(const ModelRunner&) = delete;
  ModelRunner& operator=(const ModelRunner&) = delete;
  ~ModelRunner();  // datasets, buffers, events, tensor descs, description, aclmdlUnload

  bool Load(const std::string& path);
  // Checks --dymBatch / --dymHW / --dymDims / --dymShape / --outputSize against the model
  // (a dynamic option on a model without that kind of gears, a value that is not a gear, a
  // dynamic model without its option, names that are not inputs ...) and computes the byte
  // size every input file must have.
  bool Configure(const Options& options);
  void PrintDesc() const;  // --debug: the real msame's "[DEBUG] ..." description
  // Device buffers and datasets for every input (the gear tensor too) and output, the gear or
  // the dynamic-shape tensor descs set on the input dataset, the timing events.
  bool Prepare();

  // The data inputs (every input but ACL_DYNAMIC_TENSOR_NAME), in model order.
  const std::vector<IoInfo>& data_inputs() const { return data_inputs_; }
  // Bytes an input file for data input `k` must hold for the chosen gear / shape.
  size_t expected_input_size(size_t k) const { return expected_sizes_[k]; }
  bool CopyInput(size_t k, const std::vector<uint8_t>& bytes);  // host -> device
  bool ZeroInputs();                                            // every data input zero-filled

  // One execution: aclrtRecordEvent, aclmdlExecuteAsync, aclrtRecordEvent on `stream`, then
  // aclrtSynchronizeStream; *host_ms is the host wall time of all four, *device_ms the
  // simulated device time between the events (aclrtEventElapsedTime).
  bool Execute(aclrtStream stream, double* host_ms, float* device_ms);

  size_t output_count() const { return outputs_.size(); }
  // Output `i` of the latest execution: the bytes of the gear / shape that ran (the whole
  // buffer of a static model), its type and dims.
  bool ReadOutput(size_t i, OutputTensor* out);

  uint32_t id() const { return id_; }

 private:
  enum class Dynamic { kNone, kBatch, kImageSize, kDims, kShape };

  bool AddBuffer(aclmdlDataset* set, size_t size, bool is_input);
  void ExpectedSizes();
  std::string InputNames() const;

  uint32_t id_ = 0;
  bool loaded_ = false;
  std::string path_;
  aclmdlDesc* desc_ = nullptr;
  std::vector<IoInfo> inputs_;       // every input
  std::vector<IoInfo> data_inputs_;  // without the gear tensor
  std::vector<IoInfo> outputs_;
  Dynamic dynamic_ = Dynamic::kNone;
  size_t gear_index_ = static_cast<size_t>(-1);  // the ACL_DYNAMIC_TENSOR_NAME input
  uint64_t batch_ = 0, height_ = 0, width_ = 0;
  aclmdlIODims gear_dims_{};                  // --dymDims, concatenated in input order
  std::vector<std::vector<int64_t>> shapes_;  // --dymShape, per data input
  std::vector<size_t> expected_sizes_;        // per data input
  std::vector<size_t> output_sizes_;          // output buffer sizes
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
  std::vector<void*> input_buffers_;  // per model input (index = model index)
  std::vector<void*> output_buffers_;
  std::vector<aclTensorDesc*> shape_descs_;  // --dymShape descs set on input_
  aclrtEvent start_ = nullptr;
  aclrtEvent end_ = nullptr;
};

}  // namespace asim::msame
