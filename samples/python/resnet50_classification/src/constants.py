"""AscendCL constants as the public Python samples keep them (pyACL exports no constants:
every sample hard-codes the values of acl/acl_base.h and acl/acl_rt.h)."""

# error code
ACL_SUCCESS = 0

# rule for memory allocation (aclrtMemMallocPolicy)
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEM_MALLOC_HUGE_ONLY = 1
ACL_MEM_MALLOC_NORMAL_ONLY = 2

# memory copy code (aclrtMemcpyKind)
ACL_MEMCPY_HOST_TO_HOST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_MEMCPY_DEVICE_TO_DEVICE = 3

# run mode (aclrtRunMode)
ACL_DEVICE = 0
ACL_HOST = 1

# data types (aclDataType) and numpy types for acl.util.ptr_to_numpy
ACL_FLOAT = 0
ACL_FLOAT16 = 1
NPY_FLOAT32 = 11
NPY_FLOAT16 = 23

# model buffers
BUFFER_SIZE_BY_INDEX = True
