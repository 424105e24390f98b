// ToBuilder: an ir::Graph -> the graph compiler's GraphBuilder (compiler).
//
// Owns the hand-over: graph inputs with their declared dims (-1 where a gear decides) and
// format, constants as the builder's constants (only those a live node or an output
// reads), live nodes in order, outputs in order. The builder has one namespace for input,
// constant and op names, the IR has two (values and nodes), so clashing names get a
// "_1"-style suffix.
// Thread safety: pure (reads the graph). Failure: kInvalidParam naming the value for a
// live node that reads a value no one produces (a pass bug); the builder remembers its
// own misuse and GraphBuilder::Compile reports it.
#pragma once

#include "base/status.h"
#include "compiler/graph_builder.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

Status ToBuilder(const Graph& graph, GraphBuilder* builder);

}  // namespace asim::atc::ir
