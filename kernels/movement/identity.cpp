// Identity (ONNX opset 1-19): the output is the input. Owner: the movement / shape kernel
// family. AI Core: static shapes; AI CPU: every fixed-size type, any shape.
// Thread safety: re-entrant. Failure: none beyond selection.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/view_copy.h"

namespace asim::kernels {

KernelDef BuildIdentity_AiCore() {
  return KernelBuilder("Identity", Engine::kAiCore)
      .Input("input", AiCoreMoveTypes())
      .Output("output", {})
      .StaticShapesOnly()
      .InferShape(SameAsInput(0))
      .Compute(ViewCopy("Identity"))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildIdentity_AiCpu() {
  return KernelBuilder("Identity", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Output("output", {})
      .InferShape(SameAsInput(0))
      .Compute(ViewCopy("Identity"))
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
