// LoadCaffeNet (see caffe_loader.h). Thread safety and failure: as the header says.
#include "tools/atc/caffe/caffe_loader.h"

#include <fcntl.h>
#include <unistd.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/text_format.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <map>

#include "base/log.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::caffe_import {
namespace {

namespace pb = google::protobuf;
using asim::caffe::LayerParameter;
using asim::caffe::NetParameter;
using asim::caffe::NetStateRule;
using asim::caffe::V1LayerParameter;

// Keeps the first syntax error (protobuf counts lines and columns from 0) and logs the fields
// the schema does not carry, which the parser skips.
class TextErrors : public pb::io::ErrorCollector {
 public:
  explicit TextErrors(std::string path) : path_(std::move(path)) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    if (!first_.empty()) return;
    first_ = path_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " + message;
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    ASIM_LOG_DEBUG("[ATC] {}:{}:{}: {} (skipped)", path_, line + 1, column + 1, message);
  }
  const std::string& first() const { return first_; }

 private:
  std::string path_;
  std::string first_;
};

class Fd {
 public:
  explicit Fd(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

Status OpenError(const std::string& path, const std::string& param) {
  return AtcError(ecode::kOpenFile, err::kInvalidFile,
                  "Failed to open file [" + path + "] for parameter [" + param + "]: " + std::strerror(errno) + ".");
}

Status ParseText(const std::string& path, NetParameter* net) {
  Fd fd(path);
  if (fd.get() < 0) return OpenError(path, "--model");
  pb::io::FileInputStream stream(fd.get());
  TextErrors errors(path);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.AllowUnknownField(true);
  parser.AllowUnknownExtension(true);
  if (!parser.Parse(&stream, net)) {
    const std::string why =
        errors.first().empty() ? path + ": not a Caffe network in protobuf text format" : errors.first();
    return AtcError(ecode::kParseFile, err::kParseFile,
                    "Failed to parse file [" + path + "]: " + why +
                        ". A --framework=0 --model is a Caffe .prototxt (NetParameter, protobuf text format).");
  }
  return Status::Ok();
}

Status ParseBinary(const std::string& path, NetParameter* net) {
  Fd fd(path);
  if (fd.get() < 0) return OpenError(path, "--weight");
  pb::io::FileInputStream stream(fd.get());
  pb::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT_MAX);
  const bool parsed = net->ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
  const auto no_layers = [&] {
    for (const auto& l : net->layer()) {
      if (!l.name().empty()) return false;
    }
    for (const auto& l : net->layers()) {
      if (!l.name().empty()) return false;
    }
    return true;
  };
  if (!parsed || no_layers()) {
    return AtcError(
        ecode::kParseFile, err::kParseFile,
        "Failed to parse file [" + path + "] for parameter [--weight]: " +
            (parsed ? std::string("it holds no named layers") : std::string("it is not a binary Caffe NetParameter")) +
            ". --weight is the .caffemodel trained for the --model .prototxt.");
  }
  return Status::Ok();
}

// Caffe's NetStateRule against the TEST phase at level 0 with no stages.
bool RuleMet(const NetStateRule& rule) {
  if (rule.has_phase() && rule.phase() != asim::caffe::TEST) return false;
  if (rule.has_min_level() && rule.min_level() > 0) return false;
  if (rule.has_max_level() && rule.max_level() < 0) return false;
  return rule.stage_size() == 0;  // a required stage is never set at inference
}

bool InTestPhase(const LayerParameter& l) {
  if (l.include_size() > 0) {
    for (const auto& r : l.include()) {
      if (RuleMet(r)) return true;
    }
    return false;
  }
  for (const auto& r : l.exclude()) {
    if (RuleMet(r)) return false;
  }
  return true;
}

// The message fields both forms share by name (convolution_param ...) are copied by
// reflection, so every parameter the schema gives V1 travels.
Status UpgradeV1(const V1LayerParameter& v1, LayerParameter* l) {
  const std::string enum_name = V1LayerParameter::LayerType_Name(v1.type());
  const std::string type = V1TypeName(enum_name);
  if (type.empty()) {
    return AtcError(ecode::kMalformedModel, err::kParseModel,
                    "Layer [" + v1.name() + "] has the old layer type " +
                        (enum_name.empty() ? std::to_string(v1.type()) : enum_name) +
                        ", which has no equivalent in the current layer format.");
  }
  l->set_name(v1.name());
  l->set_type(type);
  *l->mutable_bottom() = v1.bottom();
  *l->mutable_top() = v1.top();
  *l->mutable_include() = v1.include();
  *l->mutable_exclude() = v1.exclude();
  *l->mutable_blobs() = v1.blobs();
  *l->mutable_loss_weight() = v1.loss_weight();
  const pb::Descriptor* from = V1LayerParameter::descriptor();
  const pb::Descriptor* to = LayerParameter::descriptor();
  const pb::Reflection* rf = V1LayerParameter::GetReflection();
  const pb::Reflection* rt = LayerParameter::GetReflection();
  for (int i = 0; i < from->field_count(); ++i) {
    const pb::FieldDescriptor* f = from->field(i);
    if (f->is_repeated() || f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f->name().size() < 6 || f->name().compare(f->name().size() - 6, 6, "_param") != 0) continue;
    if (!rf->HasField(v1, f)) continue;
    const pb::FieldDescriptor* g = to->FindFieldByName(f->name());
    if (g == nullptr || g->message_type() != f->message_type()) continue;
    rt->MutableMessage(l, g)->CopyFrom(rf->GetMessage(v1, f));
  }
  return Status::Ok();
}

// A network's V1 layers become `layer`s. Of a weight file only the names and blobs matter, so
// its V1 layers move over whatever their type (old caffemodels may carry types with no
// modern equivalent, or none).
Status UpgradeNet(NetParameter* net, bool weights_only) {
  if (net->layers_size() == 0) return Status::Ok();
  if (weights_only) {
    for (auto& v1 : *net->mutable_layers()) {
      auto* l = net->add_layer();
      l->set_name(v1.name());
      l->mutable_blobs()->Swap(v1.mutable_blobs());
    }
    net->clear_layers();
    return Status::Ok();
  }
  if (net->layer_size() > 0) {
    return AtcError(ecode::kParseFile, err::kParseFile,
                    "Failed to parse the network: it mixes the `layer` and the old `layers` forms.");
  }
  for (const auto& v1 : net->layers()) ASIM_RETURN_IF_ERROR(UpgradeV1(v1, net->add_layer()));
  net->clear_layers();
  return Status::Ok();
}

}  // namespace

std::string V1TypeName(const std::string& v1) {
  static const std::map<std::string, std::string> kNames = {
      {"ABSVAL", "AbsVal"},
      {"ACCURACY", "Accuracy"},
      {"ARGMAX", "ArgMax"},
      {"BNLL", "BNLL"},
      {"CONCAT", "Concat"},
      {"CONTRASTIVE_LOSS", "ContrastiveLoss"},
      {"CONVOLUTION", "Convolution"},
      {"DATA", "Data"},
      {"DECONVOLUTION", "Deconvolution"},
      {"DROPOUT", "Dropout"},
      {"DUMMY_DATA", "DummyData"},
      {"EUCLIDEAN_LOSS", "EuclideanLoss"},
      {"ELTWISE", "Eltwise"},
      {"EXP", "Exp"},
      {"FLATTEN", "Flatten"},
      {"HDF5_DATA", "HDF5Data"},
      {"HDF5_OUTPUT", "HDF5Output"},
      {"HINGE_LOSS", "HingeLoss"},
      {"IM2COL", "Im2col"},
      {"IMAGE_DATA", "ImageData"},
      {"INFOGAIN_LOSS", "InfogainLoss"},
      {"INNER_PRODUCT", "InnerProduct"},
      {"LRN", "LRN"},
      {"MEMORY_DATA", "MemoryData"},
      {"MULTINOMIAL_LOGISTIC_LOSS", "MultinomialLogisticLoss"},
      {"MVN", "MVN"},
      {"POOLING", "Pooling"},
      {"POWER", "Power"},
      {"RELU", "ReLU"},
      {"SIGMOID", "Sigmoid"},
      {"SIGMOID_CROSS_ENTROPY_LOSS", "SigmoidCrossEntropyLoss"},
      {"SILENCE", "Silence"},
      {"SOFTMAX", "Softmax"},
      {"SOFTMAX_LOSS", "SoftmaxWithLoss"},
      {"SPLIT", "Split"},
      {"SLICE", "Slice"},
      {"TANH", "TanH"},
      {"WINDOW_DATA", "WindowData"},
      {"THRESHOLD", "Threshold"},
  };
  auto it = kNames.find(v1);
  return it == kNames.end() ? "" : it->second;
}

Status LoadCaffeNet(const std::string& model_path, const std::string& weight_path, CaffeNet* out) {
  out->model_path = model_path;
  out->weight_path = weight_path;
  ASIM_RETURN_IF_ERROR(ParseText(model_path, &out->net));
  ASIM_RETURN_IF_ERROR(UpgradeNet(&out->net, false));
  if (!weight_path.empty()) {
    ASIM_RETURN_IF_ERROR(ParseBinary(weight_path, &out->weights));
    ASIM_RETURN_IF_ERROR(UpgradeNet(&out->weights, true));
  }
  std::map<std::string, const LayerParameter*> trained;
  for (const auto& l : out->weights.layer()) {
    if (l.blobs_size() > 0) trained.emplace(l.name(), &l);
  }
  for (const auto& l : out->net.layer()) {
    if (!InTestPhase(l)) {
      ++out->skipped_layers;
      continue;
    }
    CaffeLayer layer;
    layer.param = &l;
    auto it = trained.find(l.name());
    const LayerParameter* source = it != trained.end() ? it->second : &l;
    for (const auto& b : source->blobs()) layer.blobs.push_back(&b);
    out->layers.push_back(std::move(layer));
  }
  return Status::Ok();
}

}  // namespace asim::atc::caffe_import
