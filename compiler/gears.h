// Gears: the concrete input shapes of every graph a (dynamic) model compiles into.
//
// Owns: the rules that put a gear's values into the -1 dims of the graph inputs —
// batch: dim 0 of every input that has -1 there; image size {h, w}: the H and W dims of
// every NCHW / NHWC input that has -1 there; dims: every -1 of the inputs, in input order —
// and the checks that the options and the inputs agree (a static model has no -1 and no
// gears; a dynamic one has -1 only where its kind allows and gears of the right length).
// Thread safety: pure. Failure: kInvalidParam naming the input, its dims and the gear.
#pragma once

#include <cstdint>
#include <vector>

#include "base/status.h"
#include "compiler/plain_graph.h"
#include "om/model.h"

namespace asim::atc {

// Dims of every graph input, for one gear.
using GearShapes = std::vector<std::vector<int64_t>>;

// Number of values per gear for `kind` and these inputs (1 for batch, 2 for image size,
// the count of -1 dims for dims; 0 for a static model).
size_t DynamicValueCount(om::DynamicKind kind, const std::vector<PlainInput>& inputs);

// The inputs' dims as atc's --input_shape writes them ("x:1,3,224,224;y:-1,8").
std::string InputShapesText(const std::vector<PlainInput>& inputs);

// One GearShapes per gear (exactly one for a static model, whose `gears` must be empty).
Status ResolveGears(const std::vector<PlainInput>& inputs, om::DynamicKind kind,
                    const std::vector<std::vector<int64_t>>& gears, std::vector<GearShapes>* out);

}  // namespace asim::atc
