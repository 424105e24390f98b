/*
 * hccl.h -- the HCCL C API: communicators and collective operations between Ascend devices.
 *
 * Declarations as in the CANN HCCL headers (docs/hccl.md lists the sources and what the
 * simulated libhccl.so does). Every collective is an asynchronous task on `stream`: it is
 * ordered with the stream's other work and its result is ready when the stream is
 * synchronized; a failure found while it runs (a peer's mismatched arguments, a peer that
 * never joins within HCCL_EXEC_TIMEOUT seconds) fails the stream's synchronization.
 * C99 and C++11 clean.
 */
#ifndef HCCL_H_
#define HCCL_H_

#include <acl/acl.h>
#include <hccl/hccl_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A communicator from a rank table (JSON) file; `rank` is this process's rank in it. */
extern HcclResult HcclCommInitClusterInfo(const char* clusterInfo, uint32_t rank, HcclComm* comm);

/* The root info of a new communicator, made on the root rank and passed to every rank. */
extern HcclResult HcclGetRootInfo(HcclRootInfo* rootInfo);

/* This process's communicator of `nRanks` ranks, as rank `rank` (one device per process). */
extern HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank, HcclComm* comm);

/* Communicators for `ndev` devices of this process: comms[i] is rank i on devices[i]. */
extern HcclResult HcclCommInitAll(uint32_t ndev, int32_t* devices, HcclComm* comms);

extern HcclResult HcclAllReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                                HcclComm comm, aclrtStream stream);

extern HcclResult HcclBroadcast(void* buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                                aclrtStream stream);

extern HcclResult HcclReduceScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType,
                                    HcclReduceOp op, HcclComm comm, aclrtStream stream);

extern HcclResult HcclAllGather(void* sendBuf, void* recvBuf, uint64_t sendCount, HcclDataType dataType, HcclComm comm,
                                aclrtStream stream);

extern HcclResult HcclGetRankSize(HcclComm comm, uint32_t* rankSize);

extern HcclResult HcclGetRankId(HcclComm comm, uint32_t* rank);

extern HcclResult HcclBarrier(HcclComm comm, aclrtStream stream);

extern HcclResult HcclSend(void* sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank, HcclComm comm,
                           aclrtStream stream);

extern HcclResult HcclRecv(void* recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank, HcclComm comm,
                           aclrtStream stream);

/* sendCounts, sdispls, recvCounts, rdispls: arrays of rank-size uint64_t, in elements. */
extern HcclResult HcclAlltoAllV(const void* sendBuf, const void* sendCounts, const void* sdispls, HcclDataType sendType,
                                const void* recvBuf, const void* recvCounts, const void* rdispls, HcclDataType recvType,
                                HcclComm comm, aclrtStream stream);

extern HcclResult HcclAlltoAll(const void* sendBuf, uint64_t sendCount, HcclDataType sendType, const void* recvBuf,
                               uint64_t recvCount, HcclDataType recvType, HcclComm comm, aclrtStream stream);

extern HcclResult HcclCommDestroy(HcclComm comm);

/* A static description of `code`; never NULL. */
extern const char* HcclGetErrorString(HcclResult code);

#ifdef __cplusplus
}
#endif
#endif /* HCCL_H_ */
