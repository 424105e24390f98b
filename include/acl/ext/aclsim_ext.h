/*
 * aclsim_ext.h -- extensions of the simulated Ascend runtime for testing applications in CI:
 * memcheck control and findings, fault injection, and the fast deterministic modes.
 * NOT part of AscendCL: these functions exist only in the simulator's libascendcl.so (they
 * are its only exported symbols outside the AscendCL API, all prefixed aclsim). An application
 * that must also build against real CANN should keep their use in its test code.
 * Every knob is also available without code, through acl.json ("sim" section) or the
 * ASCEND_SIM_* environment: see docs/testing-your-app.md.
 * C99 and C++11 clean.
 */
#ifndef INC_EXTERNAL_ACL_EXT_ACLSIM_EXT_H_
#define INC_EXTERNAL_ACL_EXT_ACLSIM_EXT_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Version of this extension interface. */
#define ACLSIM_EXT_VERSION 1

/* Kinds of memcheck finding (aclsimGetFindingCount). */
typedef enum aclsimFinding {
    ACLSIM_FINDING_ANY = 0,                 /* every kind together */
    ACLSIM_FINDING_OUT_OF_BOUNDS = 1,       /* a copy / memset / model buffer range leaves its allocation */
    ACLSIM_FINDING_USE_AFTER_FREE = 2,      /* a device address inside a freed allocation */
    ACLSIM_FINDING_DOUBLE_FREE = 3,         /* aclrtFree / aclrtFreeHost of an allocation already freed */
    ACLSIM_FINDING_INVALID_FREE = 4,        /* freeing a pointer that is not the start of an allocation */
    ACLSIM_FINDING_FREE_MISMATCH = 5,       /* aclrtFree of host memory, aclrtFreeHost of device memory */
    ACLSIM_FINDING_KIND_MISMATCH = 6,       /* an aclrtMemcpyKind contradicting the pointers */
    ACLSIM_FINDING_UNSYNCHRONIZED_READ = 7, /* reading what an asynchronous task may still be writing */
    ACLSIM_FINDING_LEAK = 8,                /* an object still alive at aclrtResetDevice / aclFinalize */
    ACLSIM_FINDING_HOST_ACCESS = 9          /* host dereference of device memory (reported, then the crash) */
} aclsimFinding;

/* What memcheck does (aclsimSetMemcheck). */
typedef enum aclsimMemcheckMode {
    ACLSIM_MEMCHECK_OFF = 0,   /* no checks (the default) */
    ACLSIM_MEMCHECK_ERROR = 1, /* a finding is reported and fails the offending call */
    ACLSIM_MEMCHECK_ABORT = 2  /* a finding is reported and the process aborts */
} aclsimMemcheckMode;

/* ---- memcheck ---------------------------------------------------------------------------- */

/* Switches memcheck for the rest of the process (aclInit applies the configuration again).
   Allocations made while it was off are still known, without call sites. Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimSetMemcheck(aclsimMemcheckMode mode);

/* Findings since aclInit (or aclsimResetFindings) of one kind, or of all (ACLSIM_FINDING_ANY). */
ACL_FUNC_VISIBILITY uint64_t aclsimGetFindingCount(aclsimFinding finding);

/* The report of the latest finding ("memcheck: <kind>: ..."), or NULL when there is none. The
   text stays valid on the calling thread until its next call of this function. */
ACL_FUNC_VISIBILITY const char *aclsimGetLastFinding(void);

ACL_FUNC_VISIBILITY aclError aclsimResetFindings(void);

/* ---- fault injection (every fault is cleared by aclInit, aclFinalize, aclsimClearFaults) ---- */

/* The nth device allocation from now (aclrtMalloc, aclrtMallocAlign32, aclrtMallocCached;
   1 = the next one) fails with ACL_ERROR_RT_MEMORY_ALLOCATION. Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimInjectMallocFailure(uint64_t nth);

/* The next execution of model `modelId` fails with `errorCode` (non-zero): aclmdlExecute
   returns it; after aclmdlExecuteAsync the stream's next synchronize returns it (the model's
   tasks run, then a failing task; the exception callback is called). Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimInjectModelExecuteFailure(uint32_t modelId, aclError errorCode);

/* The nthTask-th task submitted to `stream` from now (NULL: the current context's default
   stream; every copy, memset, kernel, event record / wait / reset and callback counts) times
   out: it does not run, and the stream's next synchronize returns ACL_ERROR_RT_AICORE_TIMEOUT
   (AI Core kernel), ACL_ERROR_RT_AICPU_TIMEOUT (AI CPU kernel) or ACL_ERROR_RT_TASK_TIMEOUT.
   Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimInjectStreamTaskTimeout(aclrtStream stream, uint64_t nthTask);

/* The nth acltdtSendTensor from now on the channel named `channelName` (NULL or "": any
   channel) fails with `errorCode` (0: ACL_ERROR_FAILURE) and sends nothing. Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimInjectChannelSendFailure(const char *channelName, uint64_t nth, aclError errorCode);

/* Arms faults written in the ASCEND_SIM_FAULTS syntax, counted from now, e.g.
   "malloc:nth=2,count=0;task_timeout:nth=5". ACL_ERROR_INVALID_PARAM (with the reason in
   aclGetRecentErrMsg) if the text is malformed; nothing is armed then. Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimInjectFaults(const char *faultList);

ACL_FUNC_VISIBILITY aclError aclsimClearFaults(void);

/* ---- modes for fast, reproducible tests ------------------------------------------------- */

/* enabled 0: functional-only -- tasks take no simulated time (event elapsed times are 0).
   Applies to tasks submitted from now on, on every device. Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimSetTimingEnabled(int enabled);

/* enabled 1: tasks run on the thread that submits them, in stream order (a task that would
   wait, or a host callback, still goes to the stream's worker). Needs aclInit. */
ACL_FUNC_VISIBILITY aclError aclsimSetInlineExecution(int enabled);

/* ---- the simulating host ---------------------------------------------------------------- */

/* The vector instruction set the simulator's kernels run on now: "avx512", "avx2", "neon" or
   "scalar". aclInit chooses it: the best this CPU supports, or the "sim" section's "isa" /
   ASCEND_SIM_ISA. Host wall times depend on it; simulated device times do not. Never NULL;
   works without aclInit. */
ACL_FUNC_VISIBILITY const char *aclsimGetVectorIsa(void);

/* ---- the simulated HCCL ----------------------------------------------------------------- */

/* Fills `hooks` (hooksSize bytes; the layout is private to the simulator's libraries) with the runtime hooks of the given version that the
   simulator's libhccl.so uses to put collectives on streams. Internal to the simulator's own
   libraries: applications use hccl/hccl.h. Works without aclInit (the hooks need it). */
typedef struct aclsimCollectiveHooks aclsimCollectiveHooks;
ACL_FUNC_VISIBILITY aclError aclsimGetCollectiveHooks(uint32_t version, aclsimCollectiveHooks *hooks,
                                                      size_t hooksSize);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_EXT_ACLSIM_EXT_H_ */
