/* Calls with enum arguments outside their enumerators (see op_raw_enum.h). PUBLIC API ONLY. */
#include "op_raw_enum.h"

aclError OpCompileRaw(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[], int num_outputs,
                      const aclTensorDesc* const output_desc[], int engine_type, int compile_type) {
  return aclopCompile(op_type, num_inputs, input_desc, num_outputs, output_desc, NULL, (aclopEngineType)engine_type,
                      (aclopCompileType)compile_type, NULL);
}

aclError OpSetCompileoptRaw(int opt, const char* value) {
  return aclSetCompileopt((aclCompileOpt)opt, value);
}

size_t OpGetCompileoptSizeRaw(int opt) {
  return aclGetCompileoptSize((aclCompileOpt)opt);
}

aclError OpSetCompileFlagRaw(int flag) {
  return aclopSetCompileFlag((aclOpCompileFlag)flag);
}
