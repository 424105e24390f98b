// Tests of the test-support settings of the "sim" section and their environment overrides:
// memcheck, memcheck_action, faults (text and array forms, every error), timing,
// inline_tasks, isa. Owner: runtime/config. Thread safety: single-threaded; changes the process
// environment and restores it. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "runtime/config/acl_config.h"
#include "runtime/config/fault_spec.h"

namespace asim::cfg {
namespace {

using ::testing::HasSubstr;

Status ParseSim(std::string_view members, SimConfig* sim) {
  AclConfig config;
  Status s = ParseAclConfigString("{\"sim\": {" + std::string(members) + "}}", "t.json", &config);
  *sim = config.sim;
  return s;
}

TEST(TestingConfig, DefaultsAreFaithful) {
  SimConfig sim;
  ASSERT_TRUE(ParseSim("", &sim).ok());
  EXPECT_FALSE(sim.memcheck);
  EXPECT_EQ(sim.memcheck_action, MemcheckAction::kError);
  EXPECT_TRUE(sim.faults.empty());
  EXPECT_TRUE(sim.timing);
  EXPECT_FALSE(sim.inline_tasks);
  EXPECT_EQ(sim.isa, "auto");
  EXPECT_TRUE(sim.compute);
  EXPECT_EQ(sim.host_threads, 0);
}

// "host_threads": 0 (every core) to 1024; anything else names the key.
TEST(TestingConfig, HostThreadsIsACount) {
  SimConfig sim;
  ASSERT_TRUE(ParseSim(R"("host_threads": 1)", &sim).ok());
  EXPECT_EQ(sim.host_threads, 1);
  ASSERT_TRUE(ParseSim(R"("host_threads": 0)", &sim).ok());
  EXPECT_EQ(sim.host_threads, 0);
  ASSERT_TRUE(ParseSim(R"("host_threads": "2")", &sim).ok());  // decimal strings, as everywhere in acl.json
  EXPECT_EQ(sim.host_threads, 2);
  for (const char* bad :
       {R"("host_threads": -1)", R"("host_threads": 1025)", R"("host_threads": "two")", R"("host_threads": 1.5)"}) {
    const Status s = ParseSim(bad, &sim);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid) << bad;
    EXPECT_THAT(s.message(), HasSubstr("t.json: /sim/host_threads")) << bad;
  }
}

// "isa" is kept as written: whether this CPU runs it is known only to the kernels, which
// check it when aclInit applies it (tests/unit/kernels/isa_test.cpp).
TEST(TestingConfig, IsaIsAName) {
  SimConfig sim;
  ASSERT_TRUE(ParseSim(R"("isa": "avx2")", &sim).ok());
  EXPECT_EQ(sim.isa, "avx2");
  for (const char* bad : {R"("isa": "")", R"("isa": 2)"}) {
    const Status s = ParseSim(bad, &sim);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid) << bad;
    EXPECT_THAT(s.message(), HasSubstr("t.json: /sim/isa")) << bad;
  }
}

TEST(TestingConfig, Switches) {
  SimConfig sim;
  ASSERT_TRUE(
      ParseSim(
          R"("memcheck": "on", "memcheck_action": "abort", "timing": "off", "inline_tasks": true, "compute": "off")",
          &sim)
          .ok());
  EXPECT_FALSE(sim.compute);
  EXPECT_TRUE(sim.memcheck);
  EXPECT_EQ(sim.memcheck_action, MemcheckAction::kAbort);
  EXPECT_FALSE(sim.timing);
  EXPECT_TRUE(sim.inline_tasks);
  for (const char* bad : {R"("memcheck": "yes")", R"("memcheck_action": "crash")", R"("timing": 2)"}) {
    const Status s = ParseSim(bad, &sim);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid) << bad;
    EXPECT_THAT(s.message(), HasSubstr("t.json: /sim/")) << bad;
  }
}

TEST(TestingConfig, FaultsAsText) {
  SimConfig sim;
  ASSERT_TRUE(ParseSim(R"("faults": "malloc:nth=3; model_execute:model=2,code=507015,count=0;task_timeout:nth=5;)"
                       R"(channel_send:channel=q,nth=2")",
                       &sim)
                  .ok());
  ASSERT_EQ(sim.faults.size(), 4u);
  EXPECT_EQ(sim.faults[0].type, FaultType::kMalloc);
  EXPECT_EQ(sim.faults[0].nth, 3u);
  EXPECT_EQ(sim.faults[0].count, 1u);
  EXPECT_EQ(sim.faults[1].type, FaultType::kModelExecute);
  EXPECT_EQ(sim.faults[1].model_id, 2u);
  EXPECT_EQ(sim.faults[1].code, 507015);
  EXPECT_EQ(sim.faults[1].count, 0u);
  EXPECT_EQ(sim.faults[2].type, FaultType::kTaskTimeout);
  EXPECT_EQ(sim.faults[2].nth, 5u);
  EXPECT_EQ(sim.faults[3].type, FaultType::kChannelSend);
  EXPECT_EQ(sim.faults[3].channel, "q");
  EXPECT_EQ(sim.faults[3].code, kDefaultChannelSendFaultCode);
  EXPECT_EQ(FaultText(sim.faults[1]), "model_execute:nth=1,count=0,model=2,code=507015");
}

TEST(TestingConfig, FaultsAsArray) {
  SimConfig sim;
  ASSERT_TRUE(
      ParseSim(R"("faults": [{"type": "malloc", "nth": 2}, {"type": "model_execute", "model": "1"}])", &sim).ok());
  ASSERT_EQ(sim.faults.size(), 2u);
  EXPECT_EQ(sim.faults[0].nth, 2u);
  EXPECT_EQ(sim.faults[1].code, kDefaultModelExecuteFaultCode);
}

TEST(TestingConfig, FaultErrorsNameTheEntry) {
  const std::pair<const char*, const char*> cases[] = {
      {R"("faults": "explode")", "unknown fault type \"explode\""},
      {R"("faults": "malloc:nth=0")", "invalid value \"0\" for \"nth\""},
      {R"("faults": "malloc:colour=red")", "unknown key \"colour\""},
      {R"("faults": "malloc:nth")", "is not key=value"},
      {R"("faults": "model_execute:code=1")", "needs model=<model id>"},
      {R"("faults": "task_timeout:code=5")", "unknown key \"code\""},
      {R"("faults": 3)", "must be a string or an array"},
      {R"("faults": [{"nth": 1}])", "/sim/faults/0: needs \"type\""},
      {R"("faults": [{"type": "malloc", "nth": "x"}])", "/sim/faults/0: fault \"malloc\": invalid value"},
  };
  for (const auto& [members, detail] : cases) {
    SimConfig sim;
    const Status s = ParseSim(members, &sim);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid) << members;
    EXPECT_THAT(s.message(), HasSubstr(detail)) << members;
  }
}

class TestingEnvironment : public ::testing::Test {
 protected:
  static constexpr const char* kNames[] = {"ASCEND_SIM_MEMCHECK", "ASCEND_SIM_MEMCHECK_ACTION", "ASCEND_SIM_FAULTS",
                                           "ASCEND_SIM_TIMING",   "ASCEND_SIM_INLINE_TASKS",    "ASCEND_SIM_ISA",
                                           "ASCEND_SIM_COMPUTE",  "ASCEND_SIM_HOST_THREADS"};
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

TEST_F(TestingEnvironment, VariablesWinOverTheFile) {
  AclConfig config;
  ASSERT_TRUE(
      ParseAclConfigString(R"({"sim": {"memcheck": "off", "faults": "malloc:nth=9"}})", "t.json", &config).ok());
  ::setenv("ASCEND_SIM_MEMCHECK", "on", 1);
  ::setenv("ASCEND_SIM_MEMCHECK_ACTION", "abort", 1);
  ::setenv("ASCEND_SIM_FAULTS", "task_timeout:nth=2", 1);
  ::setenv("ASCEND_SIM_TIMING", "off", 1);
  ::setenv("ASCEND_SIM_INLINE_TASKS", "on", 1);
  ::setenv("ASCEND_SIM_ISA", "scalar", 1);
  ::setenv("ASCEND_SIM_COMPUTE", "off", 1);
  ::setenv("ASCEND_SIM_HOST_THREADS", "3", 1);
  ASSERT_TRUE(ApplyEnvironment(&config).ok());
  EXPECT_EQ(config.sim.host_threads, 3);
  EXPECT_FALSE(config.sim.compute);
  EXPECT_EQ(config.sim.isa, "scalar");
  EXPECT_TRUE(config.sim.memcheck);
  EXPECT_EQ(config.sim.memcheck_action, MemcheckAction::kAbort);
  ASSERT_EQ(config.sim.faults.size(), 1u);
  EXPECT_EQ(config.sim.faults[0].type, FaultType::kTaskTimeout);
  EXPECT_FALSE(config.sim.timing);
  EXPECT_TRUE(config.sim.inline_tasks);
}

TEST_F(TestingEnvironment, BadVariablesAreInvalidParamAndChangeNothing) {
  const std::pair<const char*, const char*> cases[] = {
      {"ASCEND_SIM_MEMCHECK", "maybe"},       {"ASCEND_SIM_MEMCHECK_ACTION", "explode"},
      {"ASCEND_SIM_FAULTS", "malloc:nth=-1"}, {"ASCEND_SIM_TIMING", "fast"},
      {"ASCEND_SIM_INLINE_TASKS", "2"},       {"ASCEND_SIM_COMPUTE", "maybe"},
      {"ASCEND_SIM_HOST_THREADS", "-2"},      {"ASCEND_SIM_HOST_THREADS", "all"}};
  for (const auto& [name, value] : cases) {
    AclConfig config;
    ::setenv("ASCEND_SIM_MEMCHECK", "on", 1);
    ::setenv(name, value, 1);
    const Status s = ApplyEnvironment(&config);
    EXPECT_EQ(s.code(), err::kInvalidParam) << name;
    EXPECT_THAT(s.message(), HasSubstr(name));
    EXPECT_FALSE(config.sim.memcheck) << "partially applied: " << name;
    ::unsetenv(name);
    ::unsetenv("ASCEND_SIM_MEMCHECK");
  }
}

}  // namespace
}  // namespace asim::cfg
