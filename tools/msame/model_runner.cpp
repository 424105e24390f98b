// model_runner.cpp: see model_runner.h.
#include "tools/msame/model_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "tools/msame/log.h"

namespace asim::msame {
namespace {

std::vector<int64_t> ToVector(const aclmdlIODims& dims) {
  return std::vector<int64_t>(dims.dims, dims.dims + std::min<size_t>(dims.dimCount, ACL_MAX_DIM_CNT));
}

bool HasUnknown(const std::vector<int64_t>& dims) {
  return std::any_of(dims.begin(), dims.end(), [](int64_t d) { return d < 0; });
}

// Bytes of `dims` elements of `dtype`; 0 when unknown (a -1 dim, a type without a size).
size_t Bytes(aclDataType dtype, const std::vector<int64_t>& dims) {
  if (HasUnknown(dims) || ElementSize(dtype) == 0) return 0;
  size_t n = ElementSize(dtype);
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void PrintDimsLine(const std::vector<int64_t>& dims) {
  std::string line;
  for (int64_t d : dims) line += std::to_string(d) + " ";
  std::printf("%s\n", line.c_str());
}

}  // namespace

// ---- AclSession ------------------------------------------------------------------------

bool AclSession::Init(int32_t device) {
  std::error_code ec;
  const bool config = std::filesystem::is_regular_file("./acl.json", ec);
  aclError ret = aclInit(config ? "./acl.json" : nullptr);
  if (ret != ACL_SUCCESS) {
    Error("acl init failed%s: %s", config ? " (with ./acl.json)" : "", AclFailure(ret).c_str());
    return false;
  }
  initialized_ = true;
  Info("acl init success");
  device_ = device;
  ret = aclrtSetDevice(device);
  if (ret != ACL_SUCCESS) {
    Error("acl open device %d failed: %s", device, AclFailure(ret).c_str());
    return false;
  }
  device_set_ = true;
  Info("open device %d success", device);
  ret = aclrtCreateContext(&context_, device);
  if (ret != ACL_SUCCESS) {
    context_ = nullptr;
    Error("acl create context failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("create context success");
  ret = aclrtCreateStream(&stream_);
  if (ret != ACL_SUCCESS) {
    stream_ = nullptr;
    Error("acl create stream failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("create stream success");
  aclrtRunMode mode = ACL_HOST;
  ret = aclrtGetRunMode(&mode);
  if (ret != ACL_SUCCESS) {
    Error("acl get run mode failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("get run mode success");
  return true;
}

AclSession::~AclSession() {
  if (!initialized_) return;
  aclError ret = ACL_SUCCESS;
  if (stream_ != nullptr) {
    ret = aclrtDestroyStream(stream_);
    if (ret != ACL_SUCCESS) Error("destroy stream failed: %s", AclFailure(ret).c_str());
  }
  Info("end to destroy stream");
  if (context_ != nullptr) {
    ret = aclrtDestroyContext(context_);
    if (ret != ACL_SUCCESS) Error("destroy context failed: %s", AclFailure(ret).c_str());
  }
  Info("end to destroy context");
  if (device_set_) {
    ret = aclrtResetDevice(device_);
    if (ret != ACL_SUCCESS) Error("reset device failed: %s", AclFailure(ret).c_str());
  }
  Info("end to reset device is %d", device_);
  ret = aclFinalize();
  if (ret != ACL_SUCCESS) Error("finalize acl failed: %s", AclFailure(ret).c_str());
  Info("end to finalize acl");
}

// ---- ProfilingSession ------------------------------------------------------------------

bool ProfilingSession::Start(const std::string& dir, uint32_t device) {
  dir_ = dir;
  aclError ret = aclprofInit(dir.c_str(), dir.size());
  if (ret != ACL_SUCCESS) {
    Error("aclprofInit failed, profiling output %s: %s", dir.c_str(), AclFailure(ret).c_str());
    return false;
  }
  initialized_ = true;
  uint32_t devices[1] = {device};
  config_ = aclprofCreateConfig(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr,
                                ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU);
  if (config_ == nullptr) {
    Error("aclprofCreateConfig failed for device %u: %s", device, AclFailure(ACL_ERROR_INVALID_PARAM).c_str());
    return false;
  }
  ret = aclprofStart(config_);
  if (ret != ACL_SUCCESS) {
    Error("aclprofStart failed: %s", AclFailure(ret).c_str());
    return false;
  }
  started_ = true;
  Info("start profiling success, the data goes to %s", dir.c_str());
  return true;
}

bool ProfilingSession::Stop() {
  bool ok = true;
  const bool was_started = started_;
  if (started_) {
    started_ = false;
    const aclError ret = aclprofStop(config_);
    if (ret != ACL_SUCCESS) {
      Error("aclprofStop failed, profiling output %s: %s", dir_.c_str(), AclFailure(ret).c_str());
      ok = false;
    }
  }
  if (config_ != nullptr) {
    (void)aclprofDestroyConfig(config_);
    config_ = nullptr;
  }
  if (initialized_) {
    initialized_ = false;
    const aclError ret = aclprofFinalize();
    if (ret != ACL_SUCCESS) {
      Error("aclprofFinalize failed: %s", AclFailure(ret).c_str());
      ok = false;
    }
  }
  if (ok && was_started) Info("stop profiling success, the data is in %s", dir_.c_str());
  return ok;
}

ProfilingSession::~ProfilingSession() {
  (void)Stop();
}

// ---- DumpSession -----------------------------------------------------------------------

bool DumpSession::Start(const std::string& dump_dir, const std::string& config) {
  dir_ = dump_dir;
  std::error_code ec;
  const std::string absolute = std::filesystem::absolute(dump_dir, ec).string();
  {
    std::ofstream out(config, std::ios::trunc);
    // No model_name in the dump_list entry: every model loaded after aclmdlSetDump (msame
    // loads one) is dumped, whatever name atc gave it.
    out << "{\n  \"dump\": {\n    \"dump_path\": " << JsonString(ec ? dump_dir : absolute)
        << ",\n    \"dump_mode\": \"output\",\n    \"dump_list\": [{}]\n  }\n}\n";
    out.close();
    if (!out) {
      Error("cannot write the dump configuration %s", config.c_str());
      return false;
    }
  }
  aclError ret = aclmdlInitDump();
  if (ret != ACL_SUCCESS) {
    Error("aclmdlInitDump failed: %s", AclFailure(ret).c_str());
    return false;
  }
  initialized_ = true;
  ret = aclmdlSetDump(config.c_str());
  if (ret != ACL_SUCCESS) {
    Error("aclmdlSetDump failed, dump configuration %s: %s", config.c_str(), AclFailure(ret).c_str());
    return false;
  }
  Info("set dump config success, the data goes to %s", dump_dir.c_str());
  return true;
}

bool DumpSession::Stop() {
  if (!initialized_) return true;
  initialized_ = false;
  const aclError ret = aclmdlFinalizeDump();
  if (ret != ACL_SUCCESS) {
    Error("aclmdlFinalizeDump failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("finalize dump success, the data is in %s", dir_.c_str());
  return true;
}

DumpSession::~DumpSession() {
  (void)Stop();
}

// ---- ModelRunner -----------------------------------------------------------------------

ModelRunner::~ModelRunner() {
  for (aclmdlDataset* set : {input_, output_}) {
    if (set == nullptr) continue;
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) {
      (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
    }
    (void)aclmdlDestroyDataset(set);
  }
  for (void* p : input_buffers_) {
    if (p != nullptr) (void)aclrtFree(p);
  }
  for (void* p : output_buffers_) {
    if (p != nullptr) (void)aclrtFree(p);
  }
  for (aclTensorDesc* d : shape_descs_) aclDestroyTensorDesc(d);
  if (start_ != nullptr) (void)aclrtDestroyEvent(start_);
  if (end_ != nullptr) (void)aclrtDestroyEvent(end_);
  if (desc_ != nullptr) (void)aclmdlDestroyDesc(desc_);
  if (loaded_) {
    const aclError ret = aclmdlUnload(id_);
    if (ret != ACL_SUCCESS) {
      Error("unload model failed, modelId is %u: %s", id_, AclFailure(ret).c_str());
    } else {
      Info("unload model success, model Id is %u", id_);
    }
  }
}

bool ModelRunner::Load(const std::string& path) {
  path_ = path;
  aclError ret = aclmdlLoadFromFile(path.c_str(), &id_);
  if (ret != ACL_SUCCESS) {
    Error("load model from file failed, model file is %s: %s", path.c_str(), AclFailure(ret).c_str());
    return false;
  }
  loaded_ = true;
  Info("load model %s success", path.c_str());
  desc_ = aclmdlCreateDesc();
  if (desc_ == nullptr) {
    Error("create model description failed: %s", AclFailure(ACL_ERROR_BAD_ALLOC).c_str());
    return false;
  }
  ret = aclmdlGetDesc(desc_, id_);
  if (ret != ACL_SUCCESS) {
    Error("get model description failed, model file is %s: %s", path.c_str(), AclFailure(ret).c_str());
    return false;
  }
  for (int io = 0; io < 2; ++io) {
    const size_t n = io == 0 ? aclmdlGetNumInputs(desc_) : aclmdlGetNumOutputs(desc_);
    for (size_t i = 0; i < n; ++i) {
      IoInfo info;
      info.index = i;
      const char* name = io == 0 ? aclmdlGetInputNameByIndex(desc_, i) : aclmdlGetOutputNameByIndex(desc_, i);
      info.name = name != nullptr ? name : "";
      info.dtype = io == 0 ? aclmdlGetInputDataType(desc_, i) : aclmdlGetOutputDataType(desc_, i);
      info.format = io == 0 ? aclmdlGetInputFormat(desc_, i) : aclmdlGetOutputFormat(desc_, i);
      info.size = io == 0 ? aclmdlGetInputSizeByIndex(desc_, i) : aclmdlGetOutputSizeByIndex(desc_, i);
      aclmdlIODims dims{};
      ret = io == 0 ? aclmdlGetInputDims(desc_, i, &dims) : aclmdlGetOutputDims(desc_, i, &dims);
      if (ret != ACL_SUCCESS) {
        Error("get the dims of %s %zu failed, model file is %s: %s", io == 0 ? "input" : "output", i, path.c_str(),
              AclFailure(ret).c_str());
        return false;
      }
      info.dims = ToVector(dims);
      if (io == 1) {
        outputs_.push_back(info);
        continue;
      }
      if (info.name == ACL_DYNAMIC_TENSOR_NAME) {
        gear_index_ = i;
      } else {
        data_inputs_.push_back(info);
      }
      inputs_.push_back(info);
    }
  }
  Info("create model description success");
  return true;
}

std::string ModelRunner::InputNames() const {
  std::string text;
  for (const IoInfo& in : data_inputs_) {
    text += (text.empty() ? "" : ", ") + in.name + " " + DimsText(in.dims) + " " + DataTypeName(in.dtype);
  }
  return text;
}

bool ModelRunner::Configure(const Options& options) {
  size_t gear_count = 0;
  aclError ret = aclmdlGetInputDynamicGearCount(desc_, static_cast<size_t>(-1), &gear_count);
  if (ret != ACL_SUCCESS) {
    Error("get input dynamic gear count failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("get input dynamic gear count success");
  aclmdlBatch batch{};
  aclmdlHW hw{};
  ret = aclmdlGetDynamicBatch(desc_, &batch);
  if (ret == ACL_SUCCESS) ret = aclmdlGetDynamicHW(desc_, static_cast<size_t>(-1), &hw);
  if (ret != ACL_SUCCESS) {
    Error("get the dynamic batch / image size gears failed: %s", AclFailure(ret).c_str());
    return false;
  }
  std::vector<aclmdlIODims> gears(gear_count);
  if (gear_count > 0) {
    ret = aclmdlGetInputDynamicDims(desc_, static_cast<size_t>(-1), gears.data(), gear_count);
    if (ret != ACL_SUCCESS) {
      Error("get the dynamic dims gears failed: %s", AclFailure(ret).c_str());
      return false;
    }
  }
  const Dynamic kind = batch.batchCount > 0 ? Dynamic::kBatch
                       : hw.hwCount > 0     ? Dynamic::kImageSize
                       : gear_count > 0     ? Dynamic::kDims
                                            : Dynamic::kNone;
  const bool dynamic_shape =
      kind == Dynamic::kNone &&
      std::any_of(data_inputs_.begin(), data_inputs_.end(), [](const IoInfo& in) { return HasUnknown(in.dims); });
  std::string batch_text, hw_text, dims_text;
  for (size_t i = 0; i < batch.batchCount; ++i) batch_text += "[" + std::to_string(batch.batch[i]) + "]";
  for (size_t i = 0; i < hw.hwCount; ++i) {
    hw_text += "[" + std::to_string(hw.hw[i][0]) + "," + std::to_string(hw.hw[i][1]) + "]";
  }
  for (size_t g = 0; g < gear_count; ++g) {
    dims_text += (g ? "; " : "") + std::string("dims[") + std::to_string(g) + "]:";
    for (size_t j = 0; j < gears[g].dimCount; ++j) dims_text += "[" + std::to_string(gears[g].dims[j]) + "]";
  }
  const char* kind_text = kind == Dynamic::kBatch       ? "a dynamic batch model (atc --dynamic_batch_size)"
                          : kind == Dynamic::kImageSize ? "a dynamic image size model (atc --dynamic_image_size)"
                          : kind == Dynamic::kDims      ? "a dynamic dims model (atc --dynamic_dims)"
                          : dynamic_shape               ? "a dynamic shape model"
                                                        : "a static model";
  if (kind != Dynamic::kNone && gear_index_ >= inputs_.size()) {
    Error("%s is %s but has no %s input", path_.c_str(), kind_text, ACL_DYNAMIC_TENSOR_NAME);
    return false;
  }
  if (kind != Dynamic::kNone) Info("get input index by name success");

  if (options.dym_batch > 0) {
    if (kind != Dynamic::kBatch) {
      Error(
          "the dynamic_batch_size parameter is not specified for model conversion: %s is %s, --dymBatch does not "
          "apply",
          path_.c_str(), kind_text);
      return false;
    }
    if (std::find(batch.batch, batch.batch + batch.batchCount, options.dym_batch) == batch.batch + batch.batchCount) {
      Error("the dymBatch parameter is not correct: %llu", static_cast<unsigned long long>(options.dym_batch));
      Error("model has dynamic batch size:{%s}, please set correct dynamic batch size", batch_text.c_str());
      return false;
    }
    dynamic_ = Dynamic::kBatch;
    batch_ = options.dym_batch;
    Info("check dynamic batch success");
  } else if (options.has_dym_hw) {
    if (kind != Dynamic::kImageSize) {
      Error(
          "the dynamic_image_size parameter is not specified for model conversion: %s is %s, --dymHW does not "
          "apply",
          path_.c_str(), kind_text);
      return false;
    }
    bool found = false;
    for (size_t i = 0; i < hw.hwCount; ++i) found |= hw.hw[i][0] == options.dym_h && hw.hw[i][1] == options.dym_w;
    if (!found) {
      Error("the dymHW parameter is not correct: %llu,%llu", static_cast<unsigned long long>(options.dym_h),
            static_cast<unsigned long long>(options.dym_w));
      Error("model has %zu gear of HW:{%s}, please set correct dynamic image size", hw.hwCount, hw_text.c_str());
      return false;
    }
    dynamic_ = Dynamic::kImageSize;
    height_ = options.dym_h;
    width_ = options.dym_w;
    Info("check dynamic image size success");
  } else if (!options.dym_dims.empty() || !options.dym_shape.empty()) {
    const bool dims_option = !options.dym_dims.empty();
    const char* option = dims_option ? "--dymDims" : "--dymShape";
    if (dims_option && kind != Dynamic::kDims) {
      Error("the dynamic_dims parameter is not specified for model conversion: %s is %s, --dymDims does not apply",
            path_.c_str(), kind_text);
      return false;
    }
    if (!dims_option && !dynamic_shape) {
      Error(
          "%s is %s: --dymShape applies to a model whose inputs have unknown dims (atc --input_shape_range); its "
          "inputs are %s",
          path_.c_str(), kind_text, InputNames().c_str());
      return false;
    }
    const std::vector<NamedDims>& given = dims_option ? options.dym_dims : options.dym_shape;
    std::map<std::string, const NamedDims*> by_name;
    for (const NamedDims& nd : given) by_name[nd.name] = &nd;
    for (const NamedDims& nd : given) {
      if (std::none_of(data_inputs_.begin(), data_inputs_.end(),
                       [&](const IoInfo& in) { return in.name == nd.name; })) {
        Error("the %s parameter set error: the model has no input '%s'; its inputs are %s", option + 2, nd.name.c_str(),
              InputNames().c_str());
        return false;
      }
    }
    std::vector<int64_t> all;
    for (const IoInfo& in : data_inputs_) {
      auto it = by_name.find(in.name);
      if (it == by_name.end()) {
        Error("the %s parameter set error: input '%s' is missing (give every input: %s)", option + 2, in.name.c_str(),
              InputNames().c_str());
        return false;
      }
      const std::vector<int64_t>& dims = it->second->dims;
      bool fits = dims.size() == in.dims.size();
      for (size_t j = 0; fits && j < dims.size(); ++j) fits = in.dims[j] < 0 || in.dims[j] == dims[j];
      if (!fits) {
        Error(
            "the %s parameter set error: input '%s' is %s in the model, %s does not fit it (the rank and the known "
            "dims must match)",
            option + 2, in.name.c_str(), DimsText(in.dims).c_str(), DimsText(dims).c_str());
        return false;
      }
      all.insert(all.end(), dims.begin(), dims.end());
      shapes_.push_back(dims);
    }
    if (dims_option) {
      bool found = false;
      for (size_t g = 0; g < gear_count && !found; ++g) found = ToVector(gears[g]) == all;
      if (!found || all.size() > ACL_MAX_DIM_CNT) {
        Error("the dymDims parameter is not correct: %s is not one of the model's gears", DimsText(all).c_str());
        Error("model has %zu gear of dims: %s", gear_count, dims_text.c_str());
        return false;
      }
      gear_dims_.dimCount = all.size();
      std::copy(all.begin(), all.end(), gear_dims_.dims);
      dynamic_ = Dynamic::kDims;
      Info("check dynamic dims success");
    } else {
      dynamic_ = Dynamic::kShape;
      Info("check Dynamic Shape success");
    }
  } else if (kind == Dynamic::kDims) {
    Error("model has dynamic_dims, please add dymDims parameter (%s is %s; %s)", path_.c_str(), kind_text,
          dims_text.c_str());
    return false;
  } else if (kind == Dynamic::kBatch) {
    Error("model has dynamic batch size:{%s}, please add the dymBatch parameter (%s is %s)", batch_text.c_str(),
          path_.c_str(), kind_text);
    return false;
  } else if (kind == Dynamic::kImageSize) {
    Error("model has dynamic image size:{%s}, please add the dymHW parameter (%s is %s)", hw_text.c_str(),
          path_.c_str(), kind_text);
    return false;
  } else if (dynamic_shape) {
    Error("model has inputs of unknown dims (%s), please add the dymShape and outputSize parameters",
          InputNames().c_str());
    return false;
  }

  if (!options.output_size.empty() && options.output_size.size() != outputs_.size()) {
    Error("om has %zu output, but outputSize parameter give %zu", outputs_.size(), options.output_size.size());
    return false;
  }
  output_sizes_.clear();
  for (size_t i = 0; i < outputs_.size(); ++i) {
    output_sizes_.push_back(options.output_size.empty() ? outputs_[i].size : options.output_size[i]);
    if (output_sizes_.back() == 0) {
      Error("output %zu ('%s') of %s has size 0 (its shape is only known when the model runs): give --outputSize", i,
            outputs_[i].name.c_str(), path_.c_str());
      return false;
    }
  }
  ExpectedSizes();
  return true;
}

void ModelRunner::ExpectedSizes() {
  expected_sizes_.clear();
  for (size_t k = 0; k < data_inputs_.size(); ++k) {
    const IoInfo& in = data_inputs_[k];
    std::vector<int64_t> dims = in.dims;
    size_t unknown = 0;
    switch (dynamic_) {
      case Dynamic::kNone: expected_sizes_.push_back(in.size); continue;
      case Dynamic::kBatch:
        for (int64_t& d : dims) d = d < 0 ? static_cast<int64_t>(batch_) : d;
        break;
      case Dynamic::kImageSize:
        for (int64_t& d : dims) {
          if (d < 0) d = static_cast<int64_t>(unknown++ == 0 ? height_ : width_);
        }
        break;
      case Dynamic::kDims:
      case Dynamic::kShape: dims = shapes_[k]; break;
    }
    const size_t bytes = Bytes(in.dtype, dims);
    expected_sizes_.push_back(bytes != 0 ? bytes : in.size);
  }
}

void ModelRunner::PrintDesc() const {
  Debug("start print model description");
  Debug("NumInputs: %zu", inputs_.size());
  Debug("NumOutputs: %zu", outputs_.size());
  for (const IoInfo& in : inputs_) {
    Debug("the size of %zu input: %zu", in.index, in.size);
    Debug("the dims of %zu input:", in.index);
    PrintDimsLine(in.dims);
    Debug("the name of %zu input: %s", in.index, in.name.c_str());
    Debug("the Format of %zu input: %d", in.index, static_cast<int>(in.format));
    Debug("the DataType of %zu input: %d (%s)", in.index, static_cast<int>(in.dtype), DataTypeName(in.dtype));
  }
  for (const IoInfo& out : outputs_) {
    Debug("the size of %zu output: %zu", out.index, out.size);
    Debug("the dims of %zu output:", out.index);
    PrintDimsLine(out.dims);
    Debug("the name of %zu output: %s", out.index, out.name.c_str());
    Debug("the Format of %zu output: %d", out.index, static_cast<int>(out.format));
    Debug("the DataType of %zu output: %d (%s)", out.index, static_cast<int>(out.dtype), DataTypeName(out.dtype));
  }
  aclmdlBatch batch{};
  if (aclmdlGetDynamicBatch(desc_, &batch) == ACL_SUCCESS && batch.batchCount != 0) {
    Debug("DynamicBatch:");
    std::string line;
    for (size_t i = 0; i < batch.batchCount; ++i) line += std::to_string(batch.batch[i]) + " ";
    std::printf("%s\n", line.c_str());
  }
  aclmdlHW hw{};
  if (aclmdlGetDynamicHW(desc_, static_cast<size_t>(-1), &hw) == ACL_SUCCESS && hw.hwCount != 0) {
    Debug("DynamicHW:");
    std::string line;
    for (size_t i = 0; i < hw.hwCount; ++i)
      line += std::to_string(hw.hw[i][0]) + "," + std::to_string(hw.hw[i][1]) + " ";
    std::printf("%s\n", line.c_str());
  }
  size_t gear_count = 0;
  if (aclmdlGetInputDynamicGearCount(desc_, static_cast<size_t>(-1), &gear_count) == ACL_SUCCESS && gear_count != 0) {
    std::vector<aclmdlIODims> gears(gear_count);
    if (aclmdlGetInputDynamicDims(desc_, static_cast<size_t>(-1), gears.data(), gear_count) == ACL_SUCCESS) {
      Debug("DynamicDims:");
      for (const aclmdlIODims& g : gears) PrintDimsLine(ToVector(g));
    }
  }
  Debug("end print model description");
  std::fflush(stdout);
}

bool ModelRunner::AddBuffer(aclmdlDataset* set, size_t size, bool is_input) {
  std::vector<void*>& owner = is_input ? input_buffers_ : output_buffers_;
  void* device = nullptr;
  aclError ret = aclrtMalloc(&device, size, ACL_MEM_MALLOC_HUGE_FIRST);
  if (ret != ACL_SUCCESS) {
    Error("malloc device buffer failed. size is %zu: %s", size, AclFailure(ret).c_str());
    owner.push_back(nullptr);
    return false;
  }
  owner.push_back(device);
  aclDataBuffer* buffer = aclCreateDataBuffer(device, size);
  if (buffer == nullptr) {
    Error("can't create data buffer of %zu bytes: %s", size, AclFailure(ACL_ERROR_BAD_ALLOC).c_str());
    return false;
  }
  ret = aclmdlAddDatasetBuffer(set, buffer);
  if (ret != ACL_SUCCESS) {
    (void)aclDestroyDataBuffer(buffer);
    Error("add dataset buffer failed: %s", AclFailure(ret).c_str());
    return false;
  }
  return true;
}

bool ModelRunner::Prepare() {
  input_ = aclmdlCreateDataset();
  output_ = aclmdlCreateDataset();
  if (input_ == nullptr || output_ == nullptr) {
    Error("can't create dataset: %s", AclFailure(ACL_ERROR_BAD_ALLOC).c_str());
    return false;
  }
  size_t k = 0;
  for (const IoInfo& in : inputs_) {
    size_t size = in.size;
    if (in.index != gear_index_) size = std::max(size, expected_sizes_[k++]);
    if (!AddBuffer(input_, std::max<size_t>(size, 1), true)) return false;
  }
  for (size_t i = 0; i < outputs_.size(); ++i) {
    if (!AddBuffer(output_, output_sizes_[i], false)) {
      Error("create output %zu failed", i);
      return false;
    }
  }
  Info("create model output success");
  aclError ret = aclrtCreateEvent(&start_);
  if (ret == ACL_SUCCESS) ret = aclrtCreateEvent(&end_);
  if (ret != ACL_SUCCESS) {
    Error("create the timing events failed: %s", AclFailure(ret).c_str());
    return false;
  }
  switch (dynamic_) {
    case Dynamic::kBatch:
      ret = aclmdlSetDynamicBatchSize(id_, input_, gear_index_, batch_);
      if (ret != ACL_SUCCESS) {
        Error("aclmdlSetDynamicBatchSize failed: %s", AclFailure(ret).c_str());
        return false;
      }
      Info("set dynamic batch size success");
      break;
    case Dynamic::kImageSize:
      ret = aclmdlSetDynamicHWSize(id_, input_, gear_index_, height_, width_);
      if (ret != ACL_SUCCESS) {
        Error("aclmdlSetDynamicHWSize failed: %s", AclFailure(ret).c_str());
        return false;
      }
      Info("set Dynamic HW success");
      break;
    case Dynamic::kDims:
      ret = aclmdlSetInputDynamicDims(id_, input_, gear_index_, &gear_dims_);
      if (ret != ACL_SUCCESS) {
        Error("aclmdlSetInputDynamicDims failed: %s", AclFailure(ret).c_str());
        return false;
      }
      Info("set dynamic dims success");
      break;
    case Dynamic::kShape:
      for (size_t j = 0; j < data_inputs_.size(); ++j) {
        const IoInfo& in = data_inputs_[j];
        aclTensorDesc* desc =
            aclCreateTensorDesc(in.dtype, static_cast<int>(shapes_[j].size()), shapes_[j].data(), in.format);
        if (desc == nullptr) {
          Error("aclCreateTensorDesc failed for input '%s' %s: %s", in.name.c_str(), DimsText(shapes_[j]).c_str(),
                AclFailure(ACL_ERROR_INVALID_PARAM).c_str());
          return false;
        }
        shape_descs_.push_back(desc);
        ret = aclmdlSetDatasetTensorDesc(input_, desc, in.index);
        if (ret != ACL_SUCCESS) {
          Error("aclmdlSetDatasetTensorDesc failed for input '%s': %s", in.name.c_str(), AclFailure(ret).c_str());
          return false;
        }
      }
      Info("set Dynamic shape success");
      break;
    case Dynamic::kNone: break;
  }
  return true;
}

bool ModelRunner::CopyInput(size_t k, const std::vector<uint8_t>& bytes) {
  const size_t index = data_inputs_[k].index;
  const size_t capacity = aclGetDataBufferSizeV2(aclmdlGetDatasetBuffer(input_, index));
  const aclError ret =
      aclrtMemcpy(input_buffers_[index], capacity, bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
  if (ret != ACL_SUCCESS) {
    Error("memcpy of input %zu ('%s', %zu bytes) to the device failed: %s", k, data_inputs_[k].name.c_str(),
          bytes.size(), AclFailure(ret).c_str());
    return false;
  }
  return true;
}

bool ModelRunner::ZeroInputs() {
  for (const IoInfo& in : data_inputs_) {
    const size_t size = aclGetDataBufferSizeV2(aclmdlGetDatasetBuffer(input_, in.index));
    const aclError ret = aclrtMemset(input_buffers_[in.index], size, 0, size);
    if (ret != ACL_SUCCESS) {
      Error("memory set of input %zu ('%s') failed: %s", in.index, in.name.c_str(), AclFailure(ret).c_str());
      return false;
    }
  }
  return true;
}

bool ModelRunner::Execute(aclrtStream stream, double* host_ms, float* device_ms) {
  const auto begin = std::chrono::steady_clock::now();
  aclError ret = aclrtRecordEvent(start_, stream);
  if (ret != ACL_SUCCESS) {
    Error("aclrtRecordEvent failed: %s", AclFailure(ret).c_str());
    return false;
  }
  ret = aclmdlExecuteAsync(id_, input_, output_, stream);
  if (ret != ACL_SUCCESS) {
    Error("execute model failed, modelId is %u: %s", id_, AclFailure(ret).c_str());
    (void)aclrtSynchronizeStream(stream);
    return false;
  }
  ret = aclrtRecordEvent(end_, stream);
  if (ret != ACL_SUCCESS) {
    Error("aclrtRecordEvent failed: %s", AclFailure(ret).c_str());
    (void)aclrtSynchronizeStream(stream);
    return false;
  }
  ret = aclrtSynchronizeStream(stream);
  const auto end = std::chrono::steady_clock::now();
  if (ret != ACL_SUCCESS) {
    Error("execute model failed, modelId is %u: %s", id_, AclFailure(ret).c_str());
    return false;
  }
  *host_ms = std::chrono::duration<double, std::milli>(end - begin).count();
  ret = aclrtEventElapsedTime(device_ms, start_, end_);
  if (ret != ACL_SUCCESS) {
    Error("aclrtEventElapsedTime failed: %s", AclFailure(ret).c_str());
    return false;
  }
  Info("model execute success");
  return true;
}

bool ModelRunner::ReadOutput(size_t i, OutputTensor* out) {
  const IoInfo& o = outputs_[i];
  const size_t buffer = output_sizes_[i];
  out->dtype = o.dtype;
  out->dims_known = false;
  out->dims.clear();
  size_t n = buffer;
  if (dynamic_ == Dynamic::kNone && !HasUnknown(o.dims)) {
    if (o.size > 0) n = std::min(buffer, o.size);
    if (Bytes(o.dtype, o.dims) == n) {
      out->dims_known = true;
      out->dims = o.dims;
    }
  } else {
    aclmdlIODims cur{};
    if (aclmdlGetCurOutputDims(desc_, i, &cur) == ACL_SUCCESS) {
      const std::vector<int64_t> dims = ToVector(cur);
      const size_t bytes = Bytes(o.dtype, dims);
      if ((bytes != 0 || !HasUnknown(dims)) && bytes <= buffer && ElementSize(o.dtype) != 0) {
        n = bytes;
        out->dims_known = true;
        out->dims = dims;
      }
    }
  }
  out->bytes.resize(n);
  if (n == 0) return true;
  const aclError ret = aclrtMemcpy(out->bytes.data(), n, output_buffers_[i], n, ACL_MEMCPY_DEVICE_TO_HOST);
  if (ret != ACL_SUCCESS) {
    Error("memcpy of output %zu ('%s', %zu bytes) from the device failed: %s", i, o.name.c_str(), n,
          AclFailure(ret).c_str());
    return false;
  }
  return true;
}

}  // namespace asim::msame
