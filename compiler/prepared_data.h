// What the kernels derive from a model's constant weights, derived once at conversion and
// stored in the model (om::PreparedData, format version 3): e.g. every AI Core convolution's
// filter repacked (and Winograd-transformed) for the engine, so that aclmdlLoadFromFile maps
// it from the file instead of writing ~110 MB of fresh memory for ResNet-50.
//
// For every node whose inputs and outputs are static and whose kernel (the registry's choice
// for its layouts, as at load) has a PrepareFn and KernelDef::export_prepared, runs prepare on
// the node's weights and appends the exported bytes (64-byte aligned) to the model's prepared
// blob. The layout is planned for the vector target this process runs (kernels::isa): a
// loader whose own plan differs prepares the node again, so the data is an optimization only.
// Owner: the compiler. Thread safety: as CompileGraph. Failure: none beyond a node left
// without prepared data (its kernel refuses, prepare returns nothing, memory runs out).
#pragma once

#include "kernels/framework/kernel_def.h"
#include "om/model.h"
#include "om/prepared_spill.h"

namespace asim::atc {

// Replaces model->prepared and model->prepared_blob (the weights must be in model->weights).
// With `spill`, the bytes are appended to that file instead of held in memory, and the model
// records its blob as in the source (prepared_in_source, offset 0, the spill's size): write it
// with om::WriteModelFile(model, path, spill). A node whose bytes the spill cannot take (a
// full disk) is left without prepared data.
void AttachPreparedData(const kernels::ChipTraits& chip, om::Model* model, om::PreparedSpill* spill = nullptr);

}  // namespace asim::atc
