// Tests of the SoC catalog: lookup by name and alias, the unknown-SoC error, and the
// ASCEND_SIM_SOC_DIR directory (adding, overriding, broken files, not a directory).
// Owner: device_sim/soc. Thread safety: tests change the process environment; run them
// single-threaded (gtest default). Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "device_sim/soc/embedded_socs.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {
namespace {

using testing::HasSubstr;
namespace fs = std::filesystem;

nlohmann::json ShippedJson(std::string_view file) {
  for (const EmbeddedSocFile& f : EmbeddedSocFiles()) {
    if (f.name == file) return nlohmann::json::parse(f.text);
  }
  ADD_FAILURE() << file << " is not embedded";
  return nlohmann::json::object();
}

class SocDirTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asim_soc_test_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    setenv("ASCEND_SIM_SOC_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("ASCEND_SIM_SOC_DIR");
    fs::remove_all(dir_);
  }
  void Write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name, std::ios::binary) << text; }
  fs::path dir_;
};

TEST(SocCatalog, UnknownSocListsTheKnownOnes) {
  SocSpec spec;
  Status s = LoadSocSpec("Ascend920", &spec);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("unknown SoC 'Ascend920'"));
  for (const std::string& known : KnownSocVersions()) EXPECT_THAT(s.message(), HasSubstr(known));
  EXPECT_THAT(s.message(), HasSubstr("Ascend910 (also Ascend910A)"));
  EXPECT_THAT(s.message(), HasSubstr("ASCEND_SIM_SOC_DIR"));
}

TEST(SocCatalog, LookupIsExact) {
  SocSpec spec;
  EXPECT_FALSE(LoadSocSpec("ascend310", &spec).ok());
  EXPECT_FALSE(LoadSocSpec("Ascend310 ", &spec).ok());
  EXPECT_FALSE(LoadSocSpec("", &spec).ok());
  EXPECT_EQ(LoadSocSpec("Ascend310", nullptr).code(), err::kInvalidParam);
}

TEST_F(SocDirTest, AddsNewSpecsAndOverridesShippedOnes) {
  nlohmann::json custom = ShippedJson("Ascend310P3.json");
  custom["soc_version"] = "Ascend310P1";
  custom["soc_name"] = "Ascend310P1";
  custom["cores"]["ai_core_count"] = 10;
  Write("Ascend310P1.json", custom.dump(2));
  nlohmann::json faster = ShippedJson("Ascend310.json");
  faster["memory"]["bandwidth_gbps"] = 60.0;
  Write("my310.json", faster.dump());
  Write("README.txt", "not a spec, ignored");

  EXPECT_EQ(KnownSocVersions(),
            (std::vector<std::string>{"Ascend310", "Ascend310P1", "Ascend310P3", "Ascend910", "Ascend910B2"}));
  SocSpec spec;
  Status s = LoadSocSpec("Ascend310P1", &spec);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(spec.cores.ai_core_count, 10u);
  EXPECT_EQ(spec.source, (dir_ / "Ascend310P1.json").string());
  ASSERT_TRUE(LoadSocSpec("Ascend310", &spec).ok());
  EXPECT_DOUBLE_EQ(spec.memory.bandwidth_gbps, 60.0);
  EXPECT_EQ(spec.source, (dir_ / "my310.json").string());
}

TEST_F(SocDirTest, ABrokenFileFailsTheLoadWithItsNameAndField) {
  nlohmann::json bad = ShippedJson("Ascend310.json");
  bad["cores"].erase("aicore_freq_mhz");
  Write("bad.json", bad.dump());
  SocSpec spec;
  Status s = LoadSocSpec("Ascend910B2", &spec);
  EXPECT_EQ(s.code(), err::kFileMissingAttr);
  EXPECT_THAT(s.message(), HasSubstr("bad.json"));
  EXPECT_THAT(s.message(), HasSubstr("cores.aicore_freq_mhz"));
  // Listing still works and leaves the broken file out.
  EXPECT_EQ(KnownSocVersions().size(), 4u);
}

TEST_F(SocDirTest, TwoFilesWithOneSocVersionAreAnError) {
  const std::string text = ShippedJson("Ascend910B2.json").dump();
  Write("a.json", text);
  Write("b.json", text);
  SocSpec spec;
  Status s = LoadSocSpec("Ascend910B2", &spec);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("defined twice"));
}

TEST_F(SocDirTest, NotADirectoryIsAnError) {
  setenv("ASCEND_SIM_SOC_DIR", (dir_ / "missing").c_str(), 1);
  SocSpec spec;
  Status s = LoadSocSpec("Ascend310", &spec);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("is not a directory"));
  EXPECT_EQ(KnownSocVersions().size(), 4u);
}

TEST_F(SocDirTest, EmptyVariableMeansShippedOnly) {
  setenv("ASCEND_SIM_SOC_DIR", "", 1);
  SocSpec spec;
  EXPECT_TRUE(LoadSocSpec("Ascend310", &spec).ok());
  EXPECT_EQ(spec.source, "embedded:Ascend310.json");
}

}  // namespace
}  // namespace asim::sim
