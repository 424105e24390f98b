// ChipTraits: what kernel selection may ask about the chip it is compiling for.
//
// Owns: the few capability bits that decide whether an AI Core kernel can run (the runtime
// fills them from the SoC spec; kernels must not see device_sim). Thread safety: value
// type. Failure: none.
#pragma once

#include <cstdint>
#include <string>

namespace asim::kernels {

struct ChipTraits {
  std::string soc_version = "Ascend310";
  uint32_t ai_core_count = 2;
  bool cube_fp32 = false;  // the cube computes fp32 (910B "hf32"); elsewhere fp32 matmuls go to AI CPU
  bool cube_bf16 = false;
  bool cube_int8 = true;
  bool vector_fp32 = true;  // every Da Vinci vector unit has fp32 lanes
};

}  // namespace asim::kernels
