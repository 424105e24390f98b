// AttachPreparedData: see prepared_data.h.
#include "compiler/prepared_data.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>

#include "kernels/framework/registry.h"
#include "om/tensor_spec.h"

namespace asim::atc {
namespace {

bool AnyDynamic(const om::Graph& g, const om::Node& node) {
  for (const std::vector<int32_t>* list : {&node.inputs, &node.outputs}) {
    for (int32_t t : *list) {
      if (t >= 0 && g.tensors[static_cast<size_t>(t)].dynamic) return true;
    }
  }
  return false;
}

}  // namespace

void AttachPreparedData(const kernels::ChipTraits& chip, om::Model* model, om::PreparedSpill* spill) {
  model->prepared.clear();
  model->prepared_blob.clear();
  model->prepared_in_source = false;
  model->source_prepared_offset = 0;
  model->source_prepared_size = 0;
  for (size_t gi = 0; gi < model->graphs.size(); ++gi) {
    const om::Graph& g = model->graphs[gi];
    for (size_t ni = 0; ni < g.nodes.size(); ++ni) {
      const om::Node& node = g.nodes[ni];
      if (AnyDynamic(g, node)) continue;
      std::vector<kernels::TensorSpec> inputs;
      bool has_weight = false;
      for (int32_t t : node.inputs) {
        if (t < 0) {
          inputs.push_back(kernels::TensorSpec{DataType::kUndefined, Format::kNd, {}, nullptr, Format::kUndefined, {}});
          continue;
        }
        const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
        inputs.push_back(om::SpecOf(tensor));
        if (tensor.place == om::TensorPlace::kWeight && tensor.offset + tensor.size <= model->weights.size()) {
          inputs.back().host_data = model->weights.data() + tensor.offset;
          has_weight = true;
        }
      }
      if (!has_weight) continue;
      const kernels::KernelDef* def = kernels::KernelRegistry::Get().FindForLayouts(node.type, node.engine, inputs);
      if (def == nullptr || !def->prepare || !def->export_prepared) continue;
      kernels::AttrMap attrs;
      if (!def->Match(inputs, node.attrs, chip).ok() || !def->ResolveAttrs(node.attrs, &attrs).ok()) continue;
      std::shared_ptr<const void> prepared;
      try {
        prepared = def->prepare(inputs, attrs);
      } catch (const std::bad_alloc&) {
        continue;  // the loader prepares it then
      }
      kernels::PreparedImage image;
      if (prepared == nullptr || !def->export_prepared(prepared.get(), &image) || image.data == nullptr) continue;
      uint64_t at = 0;
      if (spill != nullptr) {
        if (!spill->Append(image.data, image.size, &at).ok()) continue;  // the loader prepares this node
      } else {
        at = (model->prepared_blob.size() + om::kPreparedDataAlignment - 1) / om::kPreparedDataAlignment *
             om::kPreparedDataAlignment;
        try {
          // Grown geometrically by resize; ResNet-50's filters are ~110 MB in ~50 pieces.
          if (model->prepared_blob.capacity() < at + image.size) {
            model->prepared_blob.reserve(std::max<size_t>(at + image.size, model->prepared_blob.capacity() * 2));
          }
          model->prepared_blob.resize(at + image.size);
        } catch (const std::bad_alloc&) {
          continue;  // the blob is as it was; the loader prepares this node
        }
        std::memcpy(model->prepared_blob.data() + at, image.data, image.size);
      }
      om::PreparedData entry;
      entry.graph = static_cast<uint32_t>(gi);
      entry.node = static_cast<uint32_t>(ni);
      entry.kind = std::move(image.kind);
      entry.params = std::move(image.params);
      entry.offset = at;
      entry.size = image.size;
      model->prepared.push_back(std::move(entry));
    }
  }
  if (spill != nullptr && !model->prepared.empty()) {
    model->prepared_in_source = true;
    model->source_prepared_size = spill->size();
  }
}

}  // namespace asim::atc
