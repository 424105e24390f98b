// Tests of the "sim" section (kFileAttrInvalid naming the key) and of the ASCEND_SIM_*
// environment overrides (kInvalidParam naming the variable; the environment wins).
// Owner: runtime/config. Thread safety: single-threaded test; it changes the process
// environment and restores it. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "runtime/config/acl_config.h"
#include "runtime/config/sim_config.h"

namespace asim::cfg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Status ParseSim(std::string_view members, SimConfig* sim) {
  AclConfig config;
  const std::string json = "{\"sim\": {" + std::string(members) + "}}";
  Status s = ParseAclConfigString(json, "sim.json", &config);
  *sim = config.sim;
  return s;
}

void ExpectSimError(std::string_view members, std::string_view pointer, std::string_view detail = "") {
  SimConfig sim;
  const Status s = ParseSim(members, &sim);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid) << members << "\n" << s.message();
  EXPECT_THAT(s.message(), HasSubstr("sim.json: " + std::string(pointer) + ":")) << members;
  EXPECT_THAT(s.message(), HasSubstr(std::string(detail))) << members;
}

TEST(SimConfig, SupportedSocVersions) {
  EXPECT_THAT(SupportedSocVersions(), ElementsAre("Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"));
  EXPECT_TRUE(IsSupportedSocVersion("Ascend910B2"));
  EXPECT_FALSE(IsSupportedSocVersion("ascend310"));
  EXPECT_EQ(SupportedSocVersionList(), "Ascend310, Ascend310P3, Ascend910, Ascend910B2");
}

TEST(SimConfig, Section) {
  SimConfig sim;
  for (std::string_view soc : SupportedSocVersions()) {
    ASSERT_TRUE(ParseSim("\"soc_version\": \"" + std::string(soc) + "\"", &sim).ok()) << soc;
    EXPECT_EQ(sim.soc_version, soc);
  }
  ASSERT_TRUE(ParseSim(R"("device_count": "8", "run_mode": "device")", &sim).ok());
  EXPECT_TRUE(sim.present);
  EXPECT_EQ(sim.device_count, 8);
  EXPECT_EQ(sim.run_mode, RunMode::kDevice);
  EXPECT_EQ(sim.soc_version, "Ascend310");
  ASSERT_TRUE(ParseSim(R"("device_count": 64, "run_mode": "host")", &sim).ok());
  EXPECT_EQ(sim.device_count, 64);
  EXPECT_EQ(sim.run_mode, RunMode::kHost);
  EXPECT_STREQ(RunModeName(RunMode::kDevice), "device");
}

TEST(SimConfig, SectionErrors) {
  ExpectSimError(R"("soc_version": "Ascend999")", "/sim/soc_version", "Ascend310P3");
  ExpectSimError(R"("soc_version": 310)", "/sim/soc_version");
  ExpectSimError(R"("device_count": 0)", "/sim/device_count", "1 to 64");
  ExpectSimError(R"("device_count": "65")", "/sim/device_count");
  ExpectSimError(R"("device_count": "two")", "/sim/device_count");
  ExpectSimError(R"("run_mode": "cloud")", "/sim/run_mode", "\"cloud\"");
  AclConfig config;
  const Status s = ParseAclConfigString(R"({"sim": "Ascend310"})", "sim.json", &config);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("sim.json: /sim: must be an object"));
}

// Saves the ASCEND_SIM_* variables, clears them, and restores them afterwards.
class Environment : public ::testing::Test {
 protected:
  static constexpr const char* kNames[] = {"ASCEND_SIM_SOC_VERSION", "ASCEND_SIM_DEVICE_COUNT", "ASCEND_SIM_RUN_MODE"};
  void SetUp() override {
    for (const char* name : kNames) {
      const char* v = std::getenv(name);
      saved_.push_back(v ? std::optional<std::string>(v) : std::nullopt);
      ::unsetenv(name);
    }
  }
  void TearDown() override {
    for (size_t i = 0; i < saved_.size(); ++i) {
      if (saved_[i]) {
        ::setenv(kNames[i], saved_[i]->c_str(), 1);
      } else {
        ::unsetenv(kNames[i]);
      }
    }
  }
  std::vector<std::optional<std::string>> saved_;
};

TEST_F(Environment, NoVariablesKeepsTheFile) {
  AclConfig config;
  ASSERT_TRUE(
      ParseAclConfigString(R"({"sim": {"soc_version": "Ascend910", "device_count": 2}})", "sim.json", &config).ok());
  ASSERT_TRUE(ApplyEnvironment(&config).ok());
  EXPECT_EQ(config.sim.soc_version, "Ascend910");
  EXPECT_EQ(config.sim.device_count, 2);
  EXPECT_EQ(config.sim.run_mode, RunMode::kHost);
}

TEST_F(Environment, VariablesWinOverTheFile) {
  AclConfig config;
  ASSERT_TRUE(
      ParseAclConfigString(R"({"sim": {"soc_version": "Ascend910", "device_count": 2}})", "sim.json", &config).ok());
  ::setenv("ASCEND_SIM_SOC_VERSION", "Ascend310P3", 1);
  ::setenv("ASCEND_SIM_DEVICE_COUNT", "4", 1);
  ::setenv("ASCEND_SIM_RUN_MODE", "device", 1);
  ASSERT_TRUE(ApplyEnvironment(&config).ok());
  EXPECT_EQ(config.sim.soc_version, "Ascend310P3");
  EXPECT_EQ(config.sim.device_count, 4);
  EXPECT_EQ(config.sim.run_mode, RunMode::kDevice);
}

TEST_F(Environment, EmptyVariablesAreIgnored) {
  AclConfig config;
  ::setenv("ASCEND_SIM_SOC_VERSION", "", 1);
  ::setenv("ASCEND_SIM_DEVICE_COUNT", "", 1);
  ASSERT_TRUE(ApplyEnvironment(&config).ok());
  EXPECT_EQ(config.sim.soc_version, "Ascend310");
  EXPECT_EQ(config.sim.device_count, 1);
}

TEST_F(Environment, BadVariablesAreInvalidParamAndChangeNothing) {
  const std::pair<const char*, const char*> cases[] = {
      {"ASCEND_SIM_SOC_VERSION", "Ascend999"}, {"ASCEND_SIM_DEVICE_COUNT", "0"},  {"ASCEND_SIM_DEVICE_COUNT", "65"},
      {"ASCEND_SIM_DEVICE_COUNT", "4x"},       {"ASCEND_SIM_DEVICE_COUNT", "-1"}, {"ASCEND_SIM_RUN_MODE", "board"}};
  for (const auto& [name, value] : cases) {
    AclConfig config;
    ::setenv("ASCEND_SIM_RUN_MODE", "device", 1);  // a valid override alongside the bad one
    ::setenv(name, value, 1);
    const Status s = ApplyEnvironment(&config);
    EXPECT_EQ(s.code(), err::kInvalidParam) << name << "=" << value;
    EXPECT_THAT(s.message(), HasSubstr(name));
    EXPECT_THAT(s.message(), HasSubstr(value));
    EXPECT_EQ(config.sim.run_mode, RunMode::kHost) << "partially applied: " << name;
    EXPECT_EQ(config.sim.device_count, 1);
    ::unsetenv(name);
  }
}

TEST(SimConfig, ParseHelpers) {
  int32_t count = 5;
  EXPECT_TRUE(ParseDeviceCount("1", &count));
  EXPECT_EQ(count, 1);
  EXPECT_FALSE(ParseDeviceCount("", &count));
  EXPECT_FALSE(ParseDeviceCount("+2", &count));
  EXPECT_FALSE(ParseDeviceCount("99999999999", &count));
  EXPECT_EQ(count, 1);
  RunMode mode = RunMode::kDevice;
  EXPECT_TRUE(ParseRunMode("host", &mode));
  EXPECT_EQ(mode, RunMode::kHost);
  EXPECT_FALSE(ParseRunMode("HOST", &mode));
}

}  // namespace
}  // namespace asim::cfg
