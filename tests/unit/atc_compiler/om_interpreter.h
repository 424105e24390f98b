// A host-side interpreter of om graphs for the compiler's tests: runs one graph of a model
// node by node with the kernels' compute functions over host buffers laid out exactly as
// the memory plan says (work memory, weight blob, one buffer per input and output), as the
// runtime's executor will on the simulated device.
//
// Work memory and output buffers start filled with 0xFF bytes (NaN as fp16 / fp32), so a
// kernel that reads bytes nobody wrote, or a plan that lets a live tensor be overwritten,
// shows up as a wrong result.
// Thread safety: pure (the registry is read-only). Failure: kInvalidParam for inputs of the
// wrong size or a tensor outside its buffer; kOpNotFound when no kernel has the node's type
// and engine; a kernel's own Status, prefixed with the node's name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/model.h"

namespace asim::atc::testing {

// Runs model.graphs[graph] on `inputs` (the data inputs' bytes at that graph's shapes;
// the dynamic tensor is filled from model.gears[graph]). `outputs` get each output's bytes
// at the graph's shapes.
Status InterpretGraph(const om::Model& model, size_t graph, const std::vector<std::vector<uint8_t>>& inputs,
                      std::vector<std::vector<uint8_t>>* outputs);

// "" when no two work tensors / node workspaces that are live at the same time overlap,
// every work offset is aligned and every work tensor is written by a node before it is
// read; else the first problem.
std::string CheckWorkPlan(const om::Graph& graph);

}  // namespace asim::atc::testing
