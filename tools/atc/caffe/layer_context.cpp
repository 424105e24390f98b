// LayerContext (see layer_context.h). Thread safety and failure: as the header says.
#include "tools/atc/caffe/layer_context.h"

#include <cstring>

#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/emit_node.h"

namespace asim::atc::caffe_import {

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

LayerContext::LayerContext(ImportState& state, const CaffeLayer& layer) : state_(state), layer_(layer) {}

int LayerContext::bottom(int i) const {
  return state_.blobs.at(layer_.param->bottom(i));
}

void LayerContext::SetTop(int k, int value) {
  if (k < 0 || k >= top_count() || value < 0) return;
  state_.blobs[layer_.param->top(k)] = value;
  if (tops_set_.size() < static_cast<size_t>(top_count())) tops_set_.resize(static_cast<size_t>(top_count()), false);
  tops_set_[static_cast<size_t>(k)] = true;
}

void LayerContext::SetTops(const std::vector<int>& values) {
  for (size_t k = 0; k < values.size(); ++k) SetTop(static_cast<int>(k), values[k]);
}

std::vector<int64_t> LayerContext::BlobDims(int k) const {
  const auto& b = *layer_.blobs.at(static_cast<size_t>(k));
  if (b.has_shape()) return std::vector<int64_t>(b.shape().dim().begin(), b.shape().dim().end());
  // The legacy 4-D form; Caffe reads unset fields as 1... except a blob with none of them.
  if (!b.has_num() && !b.has_channels() && !b.has_height() && !b.has_width()) {
    return {static_cast<int64_t>(b.data_size() > 0 ? b.data_size() : b.double_data_size())};
  }
  return {b.num(), b.channels(), b.height(), b.width()};
}

Status LayerContext::BlobValues(int k, int64_t count, const std::vector<int64_t>& expected,
                                std::vector<float>* out) const {
  if (k >= blob_count()) {
    return Malformed("has " + std::to_string(blob_count()) + " weight blob(s), blob " + std::to_string(k) +
                     " of shape " + DimsText(expected) +
                     " is missing (is --weight the caffemodel trained for this prototxt?)");
  }
  const auto& b = *layer_.blobs[static_cast<size_t>(k)];
  const int64_t have = b.data_size() > 0 ? b.data_size() : b.double_data_size();
  int64_t declared = 1;
  for (int64_t d : BlobDims(k)) declared *= d;
  if (have != count || declared != count) {
    return Malformed("weight blob " + std::to_string(k) + " has shape " + DimsText(BlobDims(k)) + " (" +
                     std::to_string(have) + " values), the prototxt's parameters need " + DimsText(expected) + " (" +
                     std::to_string(count) + " values)");
  }
  out->resize(static_cast<size_t>(count));
  if (b.data_size() > 0) {
    std::memcpy(out->data(), b.data().data(), out->size() * sizeof(float));
  } else {
    for (int64_t i = 0; i < count; ++i)
      (*out)[static_cast<size_t>(i)] = static_cast<float>(b.double_data(static_cast<int>(i)));
  }
  return Status::Ok();
}

Status LayerContext::BlobConstant(int k, const std::vector<int64_t>& dims, const std::string& suffix, int* value) {
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  std::vector<float> v;
  ASIM_RETURN_IF_ERROR(BlobValues(k, count, dims, &v));
  *value = ConstFloat(suffix, v, dims);
  return Status::Ok();
}

Status LayerContext::ExpectIo(int bottoms, int tops) const {
  const bool bottoms_ok = bottoms < 0 ? bottom_count() >= 1 : bottom_count() == bottoms;
  const bool tops_ok = tops < 0 ? top_count() >= 1 : top_count() == tops;
  if (bottoms_ok && tops_ok) return Status::Ok();
  const auto want = [](int n) { return n < 0 ? std::string("at least 1") : std::to_string(n); };
  return Malformed("has " + std::to_string(bottom_count()) + " bottom(s) and " + std::to_string(top_count()) +
                   " top(s); a " + type() + " layer takes " + want(bottoms) + " bottom(s) and " + want(tops) +
                   " top(s)");
}

Status LayerContext::Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
                          std::vector<int>* outs, const std::string& suffix) {
  ir::Graph& g = *state_.graph;
  // AddNode makes the name unique (a taken name gets "_1", "_2" ...).
  std::string node_name;
  if (suffix.empty() && !named_) {
    node_name = name();
    named_ = true;
  } else {
    node_name = name() + "_" + (suffix.empty() ? type : suffix);
  }
  return ir::EmitNode(g,
                      ir::EmitRequest{type, node_name, std::move(inputs), std::move(attrs), num_outputs,
                                      "Caffe " + this->type() + " '" + name() + "'",
                                      type == this->type() ? type : type + ", from Caffe " + this->type()},
                      state_.chip, state_.fold, outs);
}

Status LayerContext::EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                             const std::string& suffix) {
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(Emit(type, std::move(inputs), std::move(attrs), 1, &outs, suffix));
  *out = outs.at(0);
  return Status::Ok();
}

int LayerContext::ConstFloat(const std::string& suffix, const std::vector<float>& values, std::vector<int64_t> dims) {
  return ir::AddFloatConstant(*state_.graph, name() + "_" + suffix, values, std::move(dims));
}

int LayerContext::ConstInt64(const std::string& suffix, const std::vector<int64_t>& values) {
  return ir::AddInt64Constant(*state_.graph, name() + "_" + suffix, values, {static_cast<int64_t>(values.size())});
}

Status LayerContext::Scale(int x, float c, const std::string& suffix, int* out) {
  if (c == 1.0f) {
    *out = x;
    return Status::Ok();
  }
  return EmitOne("Mul", {x, ConstFloat(suffix + "_factor", {c}, {})}, {}, out, suffix);
}

std::string LayerContext::Where() const {
  return "Layer [" + name() + "] (type [" + type() + "])";
}

Status LayerContext::Unsupported(const std::string& why) const {
  return AtcError(ecode::kUnsupportedOnnx, err::kParseModel, Where() + ": " + why + ".");
}

Status LayerContext::Malformed(const std::string& why) const {
  return AtcError(ecode::kMalformedModel, err::kParseModel, Where() + " " + why + ".");
}

}  // namespace asim::atc::caffe_import
