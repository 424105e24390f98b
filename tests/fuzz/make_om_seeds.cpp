// make_om_seeds <dir>: writes the seed corpus of om_reader_fuzz (small valid .om files).
//
// Owns: the choice of seeds: the unit tests' reference models (tests/unit/om/test_models.h)
// plus an empty model and dynamic image-size / dims variants, so every section (the optional
// prepared one included) and attribute type appears in some seed. scripts/fuzz.sh runs it before each fuzzing run (so
// the seeds follow format changes); the committed copies in tests/fuzz/corpus/om_reader are its output. Thread safety:
// single-threaded tool. Failure: exit 1 with the Status message.
#include <cstdio>
#include <string>

#include "om/om_writer.h"
#include "tests/unit/om/test_models.h"

namespace {

asim::om::Model EmptyModel() {
  asim::om::Model m;
  m.name = "empty";
  m.graphs.resize(1);
  return m;
}

asim::om::Model DynamicImageSize() {
  asim::om::Model m = asim::om::testing::MakeDynamicBatchModel();
  m.name = "dyn_hw";
  m.dynamic = asim::om::DynamicKind::kImageSize;
  m.gears = {{4, 4}, {8, 8}};
  m.inputs[0].dims = {1, 3, -1, -1};
  m.inputs[0].size = 3 * 8 * 8 * 2;
  m.inputs[1].dims = {2};
  m.inputs[1].size = 16;
  m.outputs[0].dims = {1, 3, -1, -1};
  m.outputs[0].size = 3 * 8 * 8 * 2;
  for (int g = 0; g < 2; ++g) {
    const int64_t hw = g == 0 ? 4 : 8;
    for (asim::om::Tensor& t : m.graphs[g].tensors) {
      if (t.place != asim::om::TensorPlace::kWeight) t.desc.dims = {1, 3, hw, hw};
    }
  }
  return m;
}

asim::om::Model DynamicDims() {
  asim::om::Model m = asim::om::testing::MakeDynamicBatchModel();
  m.name = "dyn_dims";
  m.dynamic = asim::om::DynamicKind::kDims;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_om_seeds <output dir>\n");
    return 2;
  }
  const std::string dir = argv[1];
  const std::pair<const char*, asim::om::Model> seeds[] = {
      {"conv_relu.om", asim::om::testing::MakeConvReluModel()},
      {"dyn_batch.om", asim::om::testing::MakeDynamicBatchModel()},
      {"all_attrs.om", asim::om::testing::MakeAllAttrsModel()},
      {"empty.om", EmptyModel()},
      {"dyn_hw.om", DynamicImageSize()},
      {"dyn_dims.om", DynamicDims()},
      {"data_dependent.om", asim::om::testing::MakeDataDependentModel()},
      {"prepared.om", asim::om::testing::MakePreparedModel()},
      {"prepared_gears.om", asim::om::testing::MakePreparedGearsModel()},
  };
  for (const auto& [name, model] : seeds) {
    const asim::Status s = asim::om::WriteModelFile(model, dir + "/" + name);
    if (!s.ok()) {
      std::fprintf(stderr, "make_om_seeds: %s: %s\n", name, s.message().c_str());
      return 1;
    }
  }
  return 0;
}
