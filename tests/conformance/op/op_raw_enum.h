/* Calls of acl_op_compiler.h with enum arguments outside their enumerators: legal in C (an
 * enum argument is an int), undefined in C++, so the C++ tests go through these. PUBLIC API
 * ONLY. Owner: tests/conformance/op. */
#ifndef ASIM_TESTS_CONFORMANCE_OP_RAW_ENUM_H_
#define ASIM_TESTS_CONFORMANCE_OP_RAW_ENUM_H_

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

aclError OpCompileRaw(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[], int num_outputs,
                      const aclTensorDesc* const output_desc[], int engine_type, int compile_type);
aclError OpSetCompileoptRaw(int opt, const char* value);
size_t OpGetCompileoptSizeRaw(int opt);
aclError OpSetCompileFlagRaw(int flag);

#ifdef __cplusplus
}
#endif

#endif
