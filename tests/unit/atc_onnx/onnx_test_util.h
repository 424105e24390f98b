// Test support for the ONNX converter: small ONNX models built in C++ (onnx::ModelProto),
// written to a temporary directory, converted with ConvertModel and run on the host with the
// kernels (tests/onnx_conformance/om_interpreter.h).
//
// Thread safety: a builder is used from one test. Failure: gtest assertions.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "om/model.h"
#include "tools/atc/driver/convert.h"
#include "tools/atc/onnx/onnx_proto.h"

namespace asim::atc::testing {

// A dim: a value, or a symbolic name ("N").
struct Dim {
  Dim(int64_t v) : value(v) {}      // NOLINT(runtime/explicit)
  Dim(const char* s) : param(s) {}  // NOLINT(runtime/explicit)
  int64_t value = -1;
  std::string param;
};

// `dir` is removed when the test program exits (not when its owner goes: a path may outlive
// the model that wrote it, e.g. fixtures keep converted models in statics).
inline void RemoveAtExit(const std::filesystem::path& dir) {
  struct Dirs {
    std::mutex mutex;
    std::vector<std::filesystem::path> paths;
    ~Dirs() {
      std::error_code ec;
      for (const auto& p : paths) std::filesystem::remove_all(p, ec);
    }
  };
  static Dirs dirs;
  std::lock_guard<std::mutex> lock(dirs.mutex);
  dirs.paths.push_back(dir);
}

class OnnxModel {
 public:
  explicit OnnxModel(int64_t opset = 13, int64_t ir_version = 8) {
    model_.set_ir_version(ir_version);
    model_.set_producer_name("atc_onnx_test");
    auto* op = model_.add_opset_import();
    op->set_domain("");
    op->set_version(opset);
    model_.mutable_graph()->set_name("test");
  }
  onnx::ModelProto& proto() { return model_; }
  onnx::GraphProto& graph() { return *model_.mutable_graph(); }

  OnnxModel& Input(const std::string& name, int32_t elem, const std::vector<Dim>& dims) {
    ValueInfo(graph().add_input(), name, elem, dims);
    return *this;
  }
  OnnxModel& Output(const std::string& name, int32_t elem = onnx::TensorProto::FLOAT, std::vector<Dim> dims = {},
                    bool with_shape = false) {
    auto* v = graph().add_output();
    v->set_name(name);
    v->mutable_type()->mutable_tensor_type()->set_elem_type(elem);
    v->mutable_type()->mutable_tensor_type()->mutable_shape();  // ONNX's checker wants the field, dims may be unknown
    if (with_shape) ValueInfo(v, name, elem, dims);
    return *this;
  }
  OnnxModel& Floats(const std::string& name, const std::vector<int64_t>& dims, const std::vector<float>& values) {
    auto* t = graph().add_initializer();
    Tensor(t, name, onnx::TensorProto::FLOAT, dims);
    t->set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
    return *this;
  }
  OnnxModel& Bools(const std::string& name, const std::vector<int64_t>& dims, const std::vector<bool>& values) {
    auto* t = graph().add_initializer();
    Tensor(t, name, onnx::TensorProto::BOOL, dims);
    for (bool v : values) t->add_int32_data(v ? 1 : 0);
    return *this;
  }
  OnnxModel& Ints(const std::string& name, const std::vector<int64_t>& dims, const std::vector<int64_t>& values) {
    auto* t = graph().add_initializer();
    Tensor(t, name, onnx::TensorProto::INT64, dims);
    for (int64_t v : values) t->add_int64_data(v);
    return *this;
  }
  onnx::NodeProto& Node(const std::string& op, const std::vector<std::string>& inputs,
                        const std::vector<std::string>& outputs, const std::string& name = "") {
    auto* n = graph().add_node();
    n->set_op_type(op);
    n->set_name(name.empty() ? op + "_" + std::to_string(graph().node_size()) : name);
    for (const auto& i : inputs) n->add_input(i);
    for (const auto& o : outputs) n->add_output(o);
    return *n;
  }
  // Writes the model under a fresh temporary directory; returns the path.
  std::string Save(const std::string& file = "model.onnx") {
    dir_ = std::filesystem::temp_directory_path() /
           ("atc_onnx_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++));
    std::filesystem::create_directories(dir_);
    RemoveAtExit(dir_);
    const std::string path = (dir_ / file).string();
    std::ofstream f(path, std::ios::binary);
    model_.SerializeToOstream(&f);
    return path;
  }
  std::filesystem::path dir() const { return dir_; }

 private:
  static int& counter() {
    static int n = 0;
    return n;
  }
  static void ValueInfo(onnx::ValueInfoProto* v, const std::string& name, int32_t elem, const std::vector<Dim>& dims) {
    v->set_name(name);
    auto* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elem);
    auto* shape = tt->mutable_shape();
    shape->clear_dim();
    for (const auto& d : dims) {
      auto* dim = shape->add_dim();
      if (!d.param.empty()) {
        dim->set_dim_param(d.param);
      } else {
        dim->set_dim_value(d.value);
      }
    }
  }
  static void Tensor(onnx::TensorProto* t, const std::string& name, int32_t elem, const std::vector<int64_t>& dims) {
    t->set_name(name);
    t->set_data_type(elem);
    for (int64_t d : dims) t->add_dims(d);
  }

  onnx::ModelProto model_;
  std::filesystem::path dir_;
};

inline void SetInts(onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a->add_ints(x);
}
inline void SetInt(onnx::NodeProto& n, const std::string& name, int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}
inline void SetFloat(onnx::NodeProto& n, const std::string& name, float v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(v);
}
inline void SetString(onnx::NodeProto& n, const std::string& name, const std::string& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}

// A graph attribute (If's branches, Loop's and Scan's body): `body`'s graph.
inline void SetGraph(onnx::NodeProto& n, const std::string& name, const onnx::GraphProto& body) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  *a->mutable_g() = body;
}

inline std::vector<uint8_t> Bytes(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(float));
  if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());
  return b;
}
inline std::vector<float> AsFloats(const std::vector<uint8_t>& b) {
  std::vector<float> v(b.size() / sizeof(float));
  if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * sizeof(float));
  return v;
}

// The tests' usual options: Ascend910B2 (its cube computes fp32), must_keep_origin_dtype.
inline ConvertOptions TestOptions() {
  ConvertOptions o;
  o.soc_version = "Ascend910B2";
  o.precision_mode = ir::PrecisionMode::kMustKeepOriginDtype;
  return o;
}

inline Status Convert(const std::string& path, om::Model* model, ConvertResult* result = nullptr,
                      ConvertOptions options = TestOptions()) {
  options.model_path = path;
  ConvertResult local;
  return ConvertModel(options, model, result != nullptr ? result : &local);
}

// Runs a converted model on the host; output `output` as floats (an fp32 output), with its
// dims when `dims` is given.
std::vector<float> RunModelFloat(const om::Model& model, const std::vector<std::vector<float>>& inputs,
                                 size_t output = 0, std::vector<int64_t>* dims = nullptr);

// Converts (as Convert), runs on the host, returns output 0 as floats (fp32 outputs).
std::vector<float> RunFloat(const std::string& path, const std::vector<std::vector<float>>& inputs,
                            ConvertOptions options = TestOptions(), size_t output = 0);

// The ATC code a failed conversion reports ("E16002").
std::string CodeOf(const Status& st);

}  // namespace asim::atc::testing
