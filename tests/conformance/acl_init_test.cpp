// Conformance: acl.h — aclInit / aclFinalize / aclrtGetVersion / aclGetRecentErrMsg, the
// acl.json file rules and the simulator's "sim" settings (file and environment).
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
//
// Every test here runs its own aclInit .. aclFinalize sequence (the fixture finalizes
// whatever a failed test left initialized), so there is no global environment.
#include <gtest/gtest.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/ext/aclsim_ext.h"
#include "conformance_util.h"

namespace {

using conformance::LastMsg;
using conformance::RecentMsg;
using conformance::ScopedEnv;
using conformance::TempDir;

class AclInitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // The simulator's environment overrides must not leak in from the caller.
    ::unsetenv("ASCEND_SIM_SOC_VERSION");
    ::unsetenv("ASCEND_SIM_DEVICE_COUNT");
    ::unsetenv("ASCEND_SIM_RUN_MODE");
    ::unsetenv("ASCEND_SIM_ISA");
  }
  void TearDown() override { (void)aclFinalize(); }

  // aclInit with `json` written to a temporary acl.json.
  aclError InitWith(const std::string& json, std::string* path_out = nullptr) {
    const std::string path = dir_.Write("acl.json", json);
    if (path_out != nullptr) *path_out = path;
    return aclInit(path.c_str());
  }

  TempDir dir_;
};

// ---- successful initialisation -------------------------------------------------------

TEST_F(AclInitTest, InitWithNullPathSucceeds) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, InitWithEmptyStringSucceeds) {
  ASSERT_ACL_OK(aclInit(""));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, InitWithEmptyObjectFileSucceeds) {
  ASSERT_ACL_OK(InitWith("{}"));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, InitWithEmptyFileSucceeds) {
  ASSERT_ACL_OK(InitWith(""));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, InitThenFinalizeThenInitAgainWorks) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* dev = nullptr;
  EXPECT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_ACL_OK(aclrtFree(dev));
  EXPECT_ACL_OK(aclFinalize());
}

// ---- repeat / out-of-order lifecycle calls -------------------------------------------

TEST_F(AclInitTest, RepeatInitIsRepeatInitialize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "already");
  EXPECT_EQ(ACL_ERROR_REPEAT_INITIALIZE, 100002);
  // The first initialisation is intact.
  EXPECT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, FinalizeTwiceIsRepeatFinalize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_ACL_ERROR(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "already");
  EXPECT_EQ(ACL_ERROR_REPEAT_FINALIZE, 100037);
}

// Needs a process that has never initialised: the death-test machinery re-runs this test
// alone in a fresh child process ("threadsafe" style), which reports through its exit code.
TEST_F(AclInitTest, FinalizeBeforeInitIsUninitialize) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        const aclError ret = aclFinalize();
        const char* msg = aclGetRecentErrMsg();
        const bool ok = ret == ACL_ERROR_UNINITIALIZE && msg != nullptr && std::strstr(msg, "aclInit") != nullptr;
        std::fprintf(stderr, "aclFinalize -> %d (%s)\n", ret, msg == nullptr ? "NULL" : msg);
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(AclInitTest, CallsBeforeInitAreUninitialize) {
  // A fresh thread and a process that has not called aclInit (or has finalized).
  EXPECT_ACL_ERROR(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclInit");
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE, "aclInit");
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStream(&stream), ACL_ERROR_UNINITIALIZE, "aclInit");
  aclrtContext ctx = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateContext(&ctx, 0), ACL_ERROR_UNINITIALIZE, "aclInit");
  aclrtEvent event = nullptr;
  EXPECT_ACL_ERROR_WITH(aclrtCreateEvent(&event), ACL_ERROR_UNINITIALIZE, "aclInit", "aclInit");
  EXPECT_EQ(ACL_ERROR_UNINITIALIZE, 100001);
}

// Real AscendCL answers the driver-level queries without aclInit: the public memory-management
// samples call aclrtGetRunMode first, and tools ask for the device count and SoC name.
TEST_F(AclInitTest, DriverQueriesAnswerBeforeInit) {
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_HOST);
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  EXPECT_STREQ(soc, "Ascend310");
  int32_t major = -1, minor = -1, patch = -1;
  EXPECT_ACL_OK(aclrtGetVersion(&major, &minor, &patch));
  EXPECT_GE(major, 1);
  // NULL outputs are still refused.
  EXPECT_ACL_ERROR(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM, "runMode");
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "count");
}

// Host-side objects need no device and no aclInit: applications build their datasets,
// descriptions and attributes before initializing (or keep them across aclFinalize).
TEST_F(AclInitTest, HostObjectsWorkBeforeInit) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclFloat16ToFloat(aclFloatToFloat16(1.5f)), 1.5f);
  float value = 0.0f;
  aclDataBuffer* buffer = aclCreateDataBuffer(&value, sizeof(value));
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), sizeof(value));
  aclmdlDataset* dataset = aclmdlCreateDataset();
  ASSERT_NE(dataset, nullptr);
  EXPECT_ACL_OK(aclmdlAddDatasetBuffer(dataset, buffer));
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(dataset), 1u);
  const int64_t dims[] = {1, 3};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
  ASSERT_NE(desc, nullptr);
  EXPECT_EQ(aclGetTensorDescSize(desc), 12u);
  aclmdlDesc* model_desc = aclmdlCreateDesc();
  EXPECT_NE(model_desc, nullptr);
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_NE(attr, nullptr);
  EXPECT_ACL_OK(aclopSetAttrInt(attr, "axis", 1));
  aclmdlConfigHandle* config = aclmdlCreateConfigHandle();
  EXPECT_NE(config, nullptr);
  EXPECT_ACL_OK(aclmdlDestroyConfigHandle(config));
  aclopDestroyAttr(attr);
  EXPECT_ACL_OK(aclmdlDestroyDesc(model_desc));
  aclDestroyTensorDesc(desc);
  EXPECT_ACL_OK(aclmdlDestroyDataset(dataset));
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

TEST_F(AclInitTest, DriverQueriesBeforeInitFollowTheEnvironment) {
  ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend910B2");
  ScopedEnv devices("ASCEND_SIM_DEVICE_COUNT", "8");
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 8u);
  const char* soc_name = aclrtGetSocName();
  ASSERT_NE(soc_name, nullptr);
  EXPECT_STREQ(soc_name, "Ascend910B2");
  // aclInit then agrees with what was answered before it.
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 8u);
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B2");
  EXPECT_STREQ(soc_name, "Ascend910B2");  // the earlier pointer stays valid
  ASSERT_ACL_OK(aclFinalize());
}

// aclGetCannAttributeList / aclGetCannAttribute / aclGetDeviceCapability describe the SoC,
// before aclInit (the driver's answer) and after it.
TEST_F(AclInitTest, CannAttributesAndDeviceCapabilitiesFollowTheSoc) {
  // Ascend310, the default: saturation mode, no bf16; 2 AI Cores, no vector cores, 8 MiB L2.
  const aclCannAttr* list = nullptr;
  size_t num = 99;
  EXPECT_ACL_OK(aclGetCannAttributeList(&list, &num));
  ASSERT_EQ(num, 1u);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list[0], ACL_CANN_ATTR_JIT_COMPILE);
  int32_t value = -1;
  EXPECT_ACL_OK(aclGetCannAttribute(ACL_CANN_ATTR_INF_NAN, &value));
  EXPECT_EQ(value, 0);
  EXPECT_ACL_OK(aclGetCannAttribute(ACL_CANN_ATTR_BF16, &value));
  EXPECT_EQ(value, 0);
  EXPECT_ACL_OK(aclGetCannAttribute(ACL_CANN_ATTR_JIT_COMPILE, &value));
  EXPECT_EQ(value, 1);
  int64_t cap = -1;
  EXPECT_ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &cap));
  EXPECT_EQ(cap, 2);
  EXPECT_ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &cap));
  EXPECT_EQ(cap, 0);
  EXPECT_ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &cap));
  EXPECT_EQ(cap, 8 << 20);
  // Bad arguments.
  EXPECT_ACL_ERROR(aclGetCannAttributeList(nullptr, &num), ACL_ERROR_INVALID_PARAM, "cannAttrList");
  EXPECT_ACL_ERROR(aclGetCannAttributeList(&list, nullptr), ACL_ERROR_INVALID_PARAM, "num");
  EXPECT_ACL_ERROR(aclGetCannAttribute(ACL_CANN_ATTR_BF16, nullptr), ACL_ERROR_INVALID_PARAM, "value");
  EXPECT_ACL_ERROR(aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &value), ACL_ERROR_INVALID_PARAM, "cannAttr -1");
  EXPECT_ACL_ERROR(aclGetCannAttribute(static_cast<aclCannAttr>(7), &value), ACL_ERROR_INVALID_PARAM, "cannAttr 7");
  EXPECT_ACL_ERROR(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, nullptr), ACL_ERROR_INVALID_PARAM, "value");
  EXPECT_ACL_ERROR(aclGetDeviceCapability(0, ACL_DEVICE_INFO_UNDEFINED, &cap), ACL_ERROR_INVALID_PARAM,
                   "deviceInfo -1");
  EXPECT_ACL_ERROR(aclGetDeviceCapability(1, ACL_DEVICE_INFO_AI_CORE_NUM, &cap), ACL_ERROR_INVALID_DEVICE,
                   "device id 1");

  // Ascend910B2 with 2 devices: INF/NaN mode and bf16; 24 cube and 48 vector cores, 192 MiB L2.
  ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend910B2");
  ScopedEnv devices("ASCEND_SIM_DEVICE_COUNT", "2");
  for (bool initialized : {false, true}) {
    SCOPED_TRACE(initialized ? "after aclInit" : "before aclInit");
    if (initialized) ASSERT_ACL_OK(aclInit(nullptr));
    EXPECT_ACL_OK(aclGetCannAttributeList(&list, &num));
    ASSERT_EQ(num, 3u);
    EXPECT_EQ(list[0], ACL_CANN_ATTR_INF_NAN);
    EXPECT_EQ(list[1], ACL_CANN_ATTR_BF16);
    EXPECT_EQ(list[2], ACL_CANN_ATTR_JIT_COMPILE);
    EXPECT_ACL_OK(aclGetCannAttribute(ACL_CANN_ATTR_BF16, &value));
    EXPECT_EQ(value, 1);
    EXPECT_ACL_OK(aclGetDeviceCapability(1, ACL_DEVICE_INFO_AI_CORE_NUM, &cap));
    EXPECT_EQ(cap, 24);
    EXPECT_ACL_OK(aclGetDeviceCapability(1, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &cap));
    EXPECT_EQ(cap, 48);
    EXPECT_ACL_OK(aclGetDeviceCapability(1, ACL_DEVICE_INFO_L2_SIZE, &cap));
    EXPECT_EQ(cap, int64_t{192} << 20);
  }
  ASSERT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, DriverQueriesAnswerAfterFinalize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclFinalize());
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_HOST);
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
  EXPECT_NE(aclrtGetSocName(), nullptr);
}

TEST_F(AclInitTest, DriverQueriesBeforeInitRefuseABadEnvironment) {
  ScopedEnv devices("ASCEND_SIM_DEVICE_COUNT", "many");
  uint32_t count = 0;
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(&count), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_DEVICE_COUNT");
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(AclInitTest, CallsAfterFinalizeAreUninitialize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_ACL_ERROR(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclInit");
}

// ---- acl.json errors -----------------------------------------------------------------

TEST_F(AclInitTest, MissingConfigFileIsInvalidFile) {
  const std::string missing = dir_.Path() + "/does_not_exist.json";
  EXPECT_ACL_ERROR(aclInit(missing.c_str()), ACL_ERROR_INVALID_FILE, "does_not_exist.json");
  // Not initialised after a failure: a second try with a good config works.
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(AclInitTest, DirectoryAsConfigFileIsInvalidFile) {
  EXPECT_ACL_ERROR(aclInit(dir_.Path().c_str()), ACL_ERROR_INVALID_FILE, "directory");
}

TEST_F(AclInitTest, MalformedJsonIsParseFileNamingTheFile) {
  std::string path;
  const std::string bad = dir_.Write("broken_config.json", "{\"dump\": {\"dump_mode\": \"all\",,}");
  EXPECT_ACL_ERROR_WITH(aclInit(bad.c_str()), ACL_ERROR_PARSE_FILE, "broken_config.json", "line 1");
  EXPECT_EQ(ACL_ERROR_PARSE_FILE, 100006);
  ASSERT_ACL_OK(aclInit(nullptr));
}

TEST_F(AclInitTest, TopLevelArrayIsParseFile) {
  const std::string bad = dir_.Write("array.json", "[1, 2]");
  EXPECT_ACL_ERROR(aclInit(bad.c_str()), ACL_ERROR_PARSE_FILE, "array.json");
}

TEST_F(AclInitTest, BadDumpSectionIsInvalidDumpConfig) {
  EXPECT_ACL_ERROR_WITH(InitWith(R"({"dump": {"dump_path": "/tmp/d", "dump_mode": "sideways"}})"),
                        ACL_ERROR_INVALID_DUMP_CONFIG, "dump_mode", "sideways");
  EXPECT_EQ(ACL_ERROR_INVALID_DUMP_CONFIG, 100009);
}

TEST_F(AclInitTest, DumpListWithoutDumpPathIsInvalidDumpConfig) {
  EXPECT_ACL_ERROR(InitWith(R"({"dump": {"dump_list": [{"model_name": "m"}]}})"), ACL_ERROR_INVALID_DUMP_CONFIG,
                   "dump_path");
}

TEST_F(AclInitTest, BadProfilerSectionIsInvalidProfilingConfig) {
  EXPECT_ACL_ERROR_WITH(InitWith(R"({"profiler": {"switch": "maybe"}})"), ACL_ERROR_INVALID_PROFILING_CONFIG, "switch",
                        "maybe");
  EXPECT_EQ(ACL_ERROR_INVALID_PROFILING_CONFIG, 100010);
}

TEST_F(AclInitTest, UnsupportedSocVersionIsRejectedNamingIt) {
  const aclError ret = InitWith(R"({"sim": {"soc_version": "Ascend999"}})");
  EXPECT_EQ(ret, ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_NE(RecentMsg().find("Ascend999"), std::string::npos) << LastMsg();
}

TEST_F(AclInitTest, DeviceCountOutOfRangeIsRejected) {
  EXPECT_ACL_ERROR(InitWith(R"({"sim": {"device_count": 0}})"), ACL_ERROR_FILE_ATTR_INVALID, "device_count");
  EXPECT_ACL_ERROR(InitWith(R"({"sim": {"device_count": "65"}})"), ACL_ERROR_FILE_ATTR_INVALID, "device_count");
}

TEST_F(AclInitTest, UnknownTopLevelKeysAreIgnored) {
  ASSERT_ACL_OK(InitWith(R"({"some_future_key": {"x": 1}, "err_msg_mode": "0"})"));
}

// ---- the simulated chip: SoC, device count, run mode ---------------------------------

struct SocCase {
  const char* soc_version;  // acl.json "sim": {"soc_version"}
  const char* soc_name;     // what aclrtGetSocName reports
  aclrtMemAttr memory;      // the kind of device memory the chip has
  uint64_t capacity;        // bytes
};

class AclInitSocTest : public AclInitTest, public ::testing::WithParamInterface<SocCase> {};

TEST_P(AclInitSocTest, SocVersionSelectsSocNameAndMemory) {
  const SocCase& c = GetParam();
  ASSERT_ACL_OK(InitWith(std::string(R"({"sim": {"soc_version": ")") + c.soc_version + "\"}}"));
  const char* name = aclrtGetSocName();
  ASSERT_NE(name, nullptr) << RecentMsg();
  EXPECT_STREQ(name, c.soc_name);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  size_t free_bytes = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(c.memory, &free_bytes, &total));
  EXPECT_EQ(total, c.capacity);
  EXPECT_EQ(free_bytes, c.capacity);
  // The other memory kind does not exist on this chip.
  const aclrtMemAttr other = c.memory == ACL_DDR_MEM ? ACL_HBM_MEM : ACL_DDR_MEM;
  ASSERT_ACL_OK(aclrtGetMemInfo(other, &free_bytes, &total));
  EXPECT_EQ(total, 0u);
  EXPECT_EQ(free_bytes, 0u);
}

INSTANTIATE_TEST_SUITE_P(ShippedSocs, AclInitSocTest,
                         ::testing::Values(SocCase{"Ascend310", "Ascend310", ACL_DDR_MEM, uint64_t{8} << 30},
                                           SocCase{"Ascend310P3", "Ascend310P3", ACL_DDR_MEM, uint64_t{24} << 30},
                                           SocCase{"Ascend910", "Ascend910A", ACL_HBM_MEM, uint64_t{32} << 30},
                                           SocCase{"Ascend910B2", "Ascend910B2", ACL_HBM_MEM, uint64_t{64} << 30}),
                         [](const ::testing::TestParamInfo<SocCase>& info) {
                           return std::string(info.param.soc_version);
                         });

TEST_F(AclInitTest, DefaultSocIsAscend310WithOneDevice) {
  ASSERT_ACL_OK(aclInit(nullptr));
  const char* name = aclrtGetSocName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "Ascend310");
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
}

TEST_F(AclInitTest, DeviceCountAsStringSetsDeviceCount) {
  ASSERT_ACL_OK(InitWith(R"({"sim": {"device_count": "4"}})"));
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 4u);
  // Every one of them can be opened; the next id cannot.
  for (int32_t id = 0; id < 4; ++id) EXPECT_ACL_OK(aclrtSetDevice(id));
  EXPECT_ACL_ERROR(aclrtSetDevice(4), ACL_ERROR_INVALID_DEVICE, "out of range");
}

TEST_F(AclInitTest, EnvironmentOverridesSocVersionAndDeviceCount) {
  ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend910B2");
  ScopedEnv count_env("ASCEND_SIM_DEVICE_COUNT", "3");
  ASSERT_ACL_OK(InitWith(R"({"sim": {"soc_version": "Ascend310P3", "device_count": "4"}})"));
  const char* name = aclrtGetSocName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "Ascend910B2");
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 3u);
}

TEST_F(AclInitTest, EnvironmentAppliesWithoutConfigFile) {
  ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend310P3");
  ScopedEnv count_env("ASCEND_SIM_DEVICE_COUNT", "2");
  ASSERT_ACL_OK(aclInit(nullptr));
  const char* name = aclrtGetSocName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "Ascend310P3");
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 2u);
}

TEST_F(AclInitTest, EnvironmentVariablesDoNotOutliveTheirInit) {
  {
    ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend910");
    ASSERT_ACL_OK(aclInit(nullptr));
    EXPECT_STREQ(aclrtGetSocName(), "Ascend910A");
    ASSERT_ACL_OK(aclFinalize());
  }
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend310");
}

TEST_F(AclInitTest, InvalidEnvironmentValueIsInvalidParamNamingTheVariable) {
  ScopedEnv count_env("ASCEND_SIM_DEVICE_COUNT", "many");
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_DEVICE_COUNT");
  ScopedEnv soc("ASCEND_SIM_SOC_VERSION", "Ascend000");
  ScopedEnv count_ok("ASCEND_SIM_DEVICE_COUNT", "1");
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_SOC_VERSION");
}

// The kernels' vector target: "auto" always works; a name that is no target, or one this host
// cannot run, fails aclInit with the list of those it can.
TEST_F(AclInitTest, VectorIsaIsCheckedAgainstTheHost) {
  ASSERT_ACL_OK(InitWith(R"({"sim": {"isa": "auto"}})"));
  ASSERT_ACL_OK(aclFinalize());
  {
    ScopedEnv isa("ASCEND_SIM_ISA", "avx1024");
    EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_ISA");
  }
#if defined(__x86_64__)
  const char* foreign = "neon";
#else
  const char* foreign = "avx512";
#endif
  EXPECT_ACL_ERROR(InitWith(std::string(R"({"sim": {"isa": ")") + foreign + "\"}}"), ACL_ERROR_INVALID_PARAM,
                   "this CPU and build can run");
  ASSERT_ACL_OK(aclInit(nullptr));  // nothing of the refused choices stays
}

// aclsimGetVectorIsa names the target aclInit chose: the best by default, the forced one
// with ASCEND_SIM_ISA, and never NULL (also before aclInit).
TEST_F(AclInitTest, VectorIsaInUseIsReported) {
  ASSERT_NE(aclsimGetVectorIsa(), nullptr);
  ASSERT_ACL_OK(aclInit(nullptr));
  const std::string best = aclsimGetVectorIsa();
#if defined(__x86_64__)
  EXPECT_TRUE(best == "avx512" || best == "avx2" || best == "scalar") << best;
  const char* lowest = "scalar";  // always compiled on x86-64
#else
  EXPECT_EQ(best, "neon");
  const char* lowest = "neon";
#endif
  ASSERT_ACL_OK(aclFinalize());
  {
    ScopedEnv isa("ASCEND_SIM_ISA", lowest);
    ASSERT_ACL_OK(aclInit(nullptr));
    EXPECT_STREQ(aclsimGetVectorIsa(), lowest);
    ASSERT_ACL_OK(aclFinalize());
  }
  ASSERT_ACL_OK(aclInit(nullptr));  // "auto" again
  EXPECT_EQ(std::string(aclsimGetVectorIsa()), best);
}

TEST_F(AclInitTest, RunModeIsHostByDefault) {
  ASSERT_ACL_OK(aclInit(nullptr));
  aclrtRunMode mode = ACL_DEVICE;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_HOST);
}

TEST_F(AclInitTest, RunModeDeviceFromConfig) {
  ASSERT_ACL_OK(InitWith(R"({"sim": {"run_mode": "device"}})"));
  aclrtRunMode mode = ACL_HOST;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_DEVICE);
}

TEST_F(AclInitTest, GetRunModeNullIsInvalidParam) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_ERROR(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM, "runMode");
}

// ---- version -------------------------------------------------------------------------

TEST_F(AclInitTest, GetVersionReports1_10_0) {
  int32_t major = -1, minor = -1, patch = -1;
  ASSERT_ACL_OK(aclrtGetVersion(&major, &minor, &patch));
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 10);
  EXPECT_EQ(patch, 0);
  EXPECT_EQ(major, ACL_MAJOR_VERSION);
  EXPECT_EQ(minor, ACL_MINOR_VERSION);
  EXPECT_EQ(patch, ACL_PATCH_VERSION);
}

TEST_F(AclInitTest, GetVersionNullArgumentIsInvalidParam) {
  int32_t a = 0, b = 0;
  EXPECT_ACL_ERROR(aclrtGetVersion(nullptr, &a, &b), ACL_ERROR_INVALID_PARAM, "majorVersion");
  EXPECT_ACL_ERROR(aclrtGetVersion(&a, nullptr, &b), ACL_ERROR_INVALID_PARAM, "minorVersion");
  EXPECT_ACL_ERROR(aclrtGetVersion(&a, &b, nullptr), ACL_ERROR_INVALID_PARAM, "patchVersion");
}

// ---- aclGetRecentErrMsg --------------------------------------------------------------

TEST_F(AclInitTest, RecentErrMsgIsPerThread) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  // Thread A fails with a recognisable message.
  std::string seen_on_a;
  std::thread a([&] {
    (void)aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    seen_on_a = RecentMsg();
  });
  a.join();
  EXPECT_NE(seen_on_a.find("devPtr"), std::string::npos) << seen_on_a;
  // Thread B has seen no error of its own.
  const char* on_b = reinterpret_cast<const char*>(1);
  std::thread b([&] { on_b = aclGetRecentErrMsg(); });
  b.join();
  EXPECT_EQ(on_b, nullptr);
  // Thread C's error does not replace this thread's message either.
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE);
  std::thread c([&] { (void)aclrtFree(nullptr); });
  c.join();
  EXPECT_RECENT_MSG_HAS("device id -1");
}

TEST_F(AclInitTest, RecentErrMsgGetsAndClears) {
  // As the real API documents: reading the message clears it, so a later failure's log line
  // never shows an older cause.
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_EQ(aclrtSetDevice(99), ACL_ERROR_INVALID_DEVICE);
  const char* first = aclGetRecentErrMsg();
  ASSERT_NE(first, nullptr);
  const std::string text = first;
  EXPECT_NE(text.find("99"), std::string::npos) << text;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE);
  EXPECT_RECENT_MSG_HAS("device id -1");
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST_F(AclInitTest, RecentErrMsgNamesTheFailedFunction) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_ERROR(aclrtSetDevice(99), ACL_ERROR_INVALID_DEVICE, "aclrtSetDevice");
}

// ---- aclFinalize releases what the application leaked ---------------------------------

TEST_F(AclInitTest, FinalizeReleasesLeakedResourcesAndNextInitIsClean) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  size_t free_before = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_before, &total));

  // Leak: a stream with queued work, an event, a second context, device and host memory.
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 1 << 20, ACL_MEM_MALLOC_NORMAL_ONLY));
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 1 << 20));
  std::memset(host, 0x5A, 1 << 20);
  ASSERT_ACL_OK(aclrtMemcpyAsync(dev, 1 << 20, host, 1 << 20, ACL_MEMCPY_HOST_TO_DEVICE, stream));
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclrtRecordEvent(event, stream));
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  void* dev2 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev2, 4096, ACL_MEM_MALLOC_NORMAL_ONLY));

  ASSERT_ACL_OK(aclFinalize());

  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  size_t free_after = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_after, &total));
  EXPECT_EQ(free_after, total);
  EXPECT_EQ(free_after, free_before);
  // Handles of the previous session are stale, not reused silently.
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
  EXPECT_ACL_ERROR(aclrtDestroyEvent(event), ACL_ERROR_INVALID_RESOURCE_HANDLE, "event");
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(ctx), ACL_ERROR_INVALID_RESOURCE_HANDLE, "context");
  EXPECT_ACL_ERROR(aclrtFree(dev2), ACL_ERROR_INVALID_PARAM, "aclrtFree");
}

// A stream left blocked on an event that is never recorded must not hang aclFinalize (nor
// the next aclInit). Runs in a child process with an alarm so that a hang fails the test
// instead of stalling the suite.
TEST_F(AclInitTest, FinalizeReleasesStreamBlockedOnUnrecordedEvent) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        ::alarm(5);
        bool ok = aclInit(nullptr) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS;
        aclrtStream stream = nullptr;
        aclrtEvent never = nullptr;
        ok = ok && aclrtCreateStream(&stream) == ACL_SUCCESS && aclrtCreateEvent(&never) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(stream, never) == ACL_SUCCESS;
        ok = ok && aclFinalize() == ACL_SUCCESS;
        ok = ok && aclInit(nullptr) == ACL_SUCCESS && aclFinalize() == ACL_SUCCESS;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// Two streams each waiting for an event that only the other records, after its own wait: a
// cycle no queued work breaks. aclFinalize discards both streams' remaining work.
TEST_F(AclInitTest, FinalizeReleasesStreamsThatWaitForEachOther) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        ::alarm(5);
        bool ok = aclInit(nullptr) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS;
        aclrtStream a = nullptr;
        aclrtStream b = nullptr;
        aclrtEvent a_done = nullptr;
        aclrtEvent b_done = nullptr;
        ok = ok && aclrtCreateStream(&a) == ACL_SUCCESS && aclrtCreateStream(&b) == ACL_SUCCESS;
        ok = ok && aclrtCreateEvent(&a_done) == ACL_SUCCESS && aclrtCreateEvent(&b_done) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(a, b_done) == ACL_SUCCESS && aclrtRecordEvent(a_done, a) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(b, a_done) == ACL_SUCCESS && aclrtRecordEvent(b_done, b) == ACL_SUCCESS;
        ok = ok && aclFinalize() == ACL_SUCCESS;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// aclFinalize runs callbacks still queued for a report thread inline; a callback that calls
// back into the API (here aclrtFreeHost) must not deadlock on the runtime's lifecycle lock.
// Runs in a child process with an alarm: a deadlock fails the test instead of hanging.
TEST_F(AclInitTest, FinalizeWithQueuedCallbackThatCallsTheApiDoesNotDeadlock) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        ::alarm(5);
        static void* host = nullptr;
        static aclError freed = -1;
        bool ok = aclInit(nullptr) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS;
        aclrtStream stream = nullptr;
        ok = ok && aclrtCreateStream(&stream) == ACL_SUCCESS && aclrtMallocHost(&host, 64) == ACL_SUCCESS;
        // A report thread that is subscribed but never gets to process its queue.
        ok = ok && aclrtSubscribeReport(static_cast<uint64_t>(pthread_self()), stream) == ACL_SUCCESS;
        ok = ok && aclrtLaunchCallback([](void*) { freed = aclrtFreeHost(host); }, nullptr, ACL_CALLBACK_NO_BLOCK,
                                       stream) == ACL_SUCCESS;
        ok = ok && aclrtSynchronizeStream(stream) == ACL_SUCCESS;  // the callback is queued now
        ok = ok && aclFinalize() == ACL_SUCCESS;
        ok = ok && freed == ACL_SUCCESS;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(AclInitTest, ErrMsgModeProcessWideSharesMessagesAcrossThreads) {
  ASSERT_ACL_OK(InitWith(R"({"err_msg_mode": "1"})"));
  std::thread a([] { (void)aclrtSetDevice(42); });
  a.join();
  EXPECT_RECENT_MSG_HAS("device id 42");
  ASSERT_ACL_OK(aclFinalize());
  // Back to per-thread messages after a default init.
  ASSERT_ACL_OK(aclInit(nullptr));
  std::thread b([] { (void)aclrtSetDevice(43); });
  b.join();
  const std::string mine = RecentMsg();
  EXPECT_EQ(mine.find("device id 43"), std::string::npos) << mine;
}

}  // namespace
