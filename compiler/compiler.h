// CompileGraph: a plain graph -> an om::Model for one SoC (what GraphBuilder::Compile runs).
//
// Steps: the builder's recorded misuse, if any, is returned first; the SoC's ChipTraits
// come from the SoC catalog; the gears give each graph its input shapes (gears.h); every
// gear is lowered (lowering.h: selection, conversions, Identity outputs); the weights all
// gears use are packed once (weight_table.h); every gear is emitted with its memory plan
// (emit.h); the I/O descriptions are built (inputs: dims as declared, -1 kept; outputs:
// -1 where gears disagree; sizes are the bytes at the largest gear; a dynamic model gets
// the extra last input om::kDynamicTensorName, DT_INT64 [values per gear]); finally
// om::Model::Validate.
// Thread safety: pure apart from the read-only registry and SoC catalog; concurrent calls
// are fine. Failure: kInvalidParam for builder misuse (unknown value, duplicate name, no
// outputs), options that do not fit the inputs (gears), or an unknown SoC; the kernel
// registry's code (kOpNotFound, kUnsupportedDataType, kFormatNotMatch, kOpAttrNotMatch ...)
// with "node '<name>' (<type>): " before its explanation; Validate's kDeserializeModel if
// the result is inconsistent (a compiler bug). *out and *report are unspecified on failure.
#pragma once

#include "compiler/compile_report.h"
#include "compiler/graph_builder.h"
#include "compiler/plain_graph.h"
#include "om/model.h"

namespace asim::atc {

Status CompileGraph(const PlainGraph& graph, const CompileOptions& options, om::Model* out,
                    CompileReport* report = nullptr);

}  // namespace asim::atc
