// Single ops from several threads at once, each on its own stream: the same ops compiled on
// demand concurrently, models shared between threads, results per thread intact. Runs under
// TSan too (label "threads"). Public API only.
#include <gtest/gtest.h>

#include <vector>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "conformance_util.h"
#include "op_util.h"

namespace {

using conformance::DevTensor;

::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

TEST(OpThreads, ConcurrentExecutionsOnTheirOwnStreams) {
  ASSERT_EQ(aclSetCompileopt(ACL_OP_JIT_COMPILE, "enable"), ACL_SUCCESS);
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
  constexpr int kThreads = 4, kRounds = 25;
  const int failures = conformance::OnThreadsWithStreams(ctx, kThreads, [](int t, aclrtStream s) {
    int failed = 0;
    for (int r = 0; r < kRounds; ++r) {
      const int64_t n = 1 + (r % 5);  // shapes shared between threads: same models
      DevTensor a(ACL_FLOAT, {n}), b(ACL_FLOAT, {n}), y(ACL_FLOAT, {n});
      std::vector<float> x0(static_cast<size_t>(n)), x1(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) {
        x0[static_cast<size_t>(i)] = static_cast<float>(t * 100 + r);
        x1[static_cast<size_t>(i)] = static_cast<float>(i);
      }
      a.UploadFloats(x0);
      b.UploadFloats(x1);
      aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
      aclDataBuffer* in_buf[] = {a.buffer(), b.buffer()};
      aclTensorDesc* out_desc[] = {y.desc()};
      aclDataBuffer* out_buf[] = {y.buffer()};
      if (aclopExecuteV2(r % 2 ? "Mul" : "Add", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, s) != ACL_SUCCESS ||
          aclrtSynchronizeStream(s) != ACL_SUCCESS) {
        ++failed;
        continue;
      }
      const std::vector<float> got = y.DownloadFloats();
      for (int64_t i = 0; i < n; ++i) {
        const float want = r % 2 ? x0[static_cast<size_t>(i)] * x1[static_cast<size_t>(i)]
                                 : x0[static_cast<size_t>(i)] + x1[static_cast<size_t>(i)];
        if (got[static_cast<size_t>(i)] != want) ++failed;
      }
    }
    return failed;
  });
  EXPECT_EQ(failures, 0);
}

}  // namespace
