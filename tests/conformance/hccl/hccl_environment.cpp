// The HCCL conformance suite's process setup: 8 simulated Ascend910B2 devices and a short
// HCCL_EXEC_TIMEOUT (so that a rank that never joins fails its peers within seconds), then
// aclInit once for the executable.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include "hccl_test_util.h"

namespace {

class HcclEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    setenv("ASCEND_SIM_DEVICE_COUNT", std::to_string(hccl_test::kDevices).c_str(), 1);
    setenv("ASCEND_SIM_SOC_VERSION", "Ascend910B2", 1);
    setenv("HCCL_EXEC_TIMEOUT", std::to_string(hccl_test::kExecTimeoutSeconds).c_str(), 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  }
  void TearDown() override {
    for (uint32_t i = 0; i < hccl_test::kDevices; ++i) aclrtResetDevice(static_cast<int32_t>(i));
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }
};

const ::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(new HcclEnvironment);

}  // namespace
