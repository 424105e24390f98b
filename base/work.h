// WorkDesc: the data-free description of what one kernel launch asks of the chip.
//
// Owns: the vocabulary between kernels (which fill it from shapes and attributes, never
// from data) and the simulator's cost model (device_sim/cost, which turns it into cycles
// per pipe on a SoC). It lives in the shared leaf because kernels and device_sim must not
// know each other (DESIGN.md).
// Thread safety: a value type. Failure: none.
#pragma once

#include <cstdint>

#include "base/dtype.h"

namespace asim {

struct WorkDesc {
  // Where the work runs: the AI Core pipes, or the AI CPU's scalar cores.
  bool on_ai_cpu = false;
  // Cores the launch occupies (AI Core blocks run in waves of ai_core_count).
  uint32_t block_dim = 1;

  // ---- AI Core ------------------------------------------------------------------------
  // Cube multiply-accumulates, already padded to whole fractals (16x16x16 for fp16/bf16,
  // 16x32x16 for int8): the cube does a whole fractal even when the tensor is smaller.
  uint64_t cube_macs = 0;
  DataType cube_dtype = DataType::kFloat16;
  // Vector element operations and the element width they run at (2 for fp16, 4 for fp32).
  uint64_t vector_ops = 0;
  uint32_t vector_elem_bytes = 2;
  // Scalar instructions (address generation, loop control, tiling arithmetic).
  uint64_t scalar_ops = 0;
  // Memory transfer engines: MTE2 global memory -> L1/UB, MTE1 L1 -> L0A/L0B,
  // MTE3 UB -> global memory.
  uint64_t mte2_bytes = 0;
  uint64_t mte1_bytes = 0;
  uint64_t mte3_bytes = 0;

  // ---- AI CPU -------------------------------------------------------------------------
  // Scalar element operations on the AI CPU's cores and the bytes they touch.
  uint64_t aicpu_ops = 0;
  uint64_t aicpu_bytes = 0;
};

}  // namespace asim
