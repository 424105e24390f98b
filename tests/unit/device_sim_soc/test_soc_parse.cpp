// Tests of ParseSocSpec's validation: malformed JSON, missing fields, wrong types, values
// out of range and unknown fields are errors that name the source and the field.
// Owner: device_sim/soc. Thread safety: single-threaded tests. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "device_sim/soc/embedded_socs.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {
namespace {

using testing::HasSubstr;

nlohmann::json Shipped310() {
  for (const EmbeddedSocFile& f : EmbeddedSocFiles()) {
    if (f.name == "Ascend310.json") return nlohmann::json::parse(f.text);
  }
  ADD_FAILURE() << "Ascend310.json is not embedded";
  return nlohmann::json::object();
}

Status Parse(const nlohmann::json& doc, SocSpec* spec) {
  return ParseSocSpec(doc.dump(), "test.json", spec);
}

TEST(ParseSocSpec, AcceptsAShippedSpecAndReadsEveryGroup) {
  SocSpec spec;
  Status s = Parse(Shipped310(), &spec);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(spec.source, "test.json");
  EXPECT_EQ(spec.cores.ai_core_count, 2u);
  EXPECT_EQ(spec.cube.fractal_k, 16u);
  EXPECT_EQ(spec.vector.bytes_per_cycle, 128u);
  EXPECT_EQ(spec.buffers.l2_bytes, 8u << 20);
  EXPECT_DOUBLE_EQ(spec.memory.bandwidth_gbps, 51.2);
  EXPECT_EQ(spec.host_link.pcie_gen, 3u);
  EXPECT_GT(spec.overheads.task_launch_us, 0.0);
  EXPECT_DOUBLE_EQ(spec.peak.fp16_tflops, 8.0);
  EXPECT_EQ(spec.limits.max_streams, 1024u);
  EXPECT_TRUE(spec.aliases.empty());
}

TEST(ParseSocSpec, MalformedJsonIsAParseErrorNamingTheSource) {
  SocSpec spec;
  Status s = ParseSocSpec("{\"soc_version\": \"X\",,}", "broken.json", &spec);
  EXPECT_EQ(s.code(), err::kParseFile);
  EXPECT_THAT(s.message(), HasSubstr("broken.json"));
  EXPECT_THAT(s.message(), HasSubstr("not valid JSON"));
  s = ParseSocSpec("[1, 2]", "array.json", &spec);
  EXPECT_EQ(s.code(), err::kParseFile);
  s = ParseSocSpec("", "empty.json", &spec);
  EXPECT_EQ(s.code(), err::kParseFile);
}

TEST(ParseSocSpec, EveryMissingFieldIsNamed) {
  const nlohmann::json full = Shipped310();
  for (const auto& [key, value] : full.items()) {
    if (key[0] == '_') continue;
    if (value.is_object()) {
      for (const auto& [inner, unused] : value.items()) {
        nlohmann::json doc = full;
        doc[key].erase(inner);
        SocSpec spec;
        Status s = Parse(doc, &spec);
        EXPECT_EQ(s.code(), err::kFileMissingAttr) << key << "." << inner;
        EXPECT_THAT(s.message(), HasSubstr("test.json: field '" + key + "." + inner + "' is missing"));
      }
    }
    nlohmann::json doc = full;
    doc.erase(key);
    SocSpec spec;
    Status s = Parse(doc, &spec);
    EXPECT_EQ(s.code(), err::kFileMissingAttr) << key;
    EXPECT_THAT(s.message(), HasSubstr("field '" + key + "' is missing"));
  }
}

TEST(ParseSocSpec, WrongTypesAreNamed) {
  struct Case {
    const char* group;
    const char* field;
    nlohmann::json value;
  };
  const Case cases[] = {
      {"cores", "ai_core_count", "two"},
      {"cores", "aicore_freq_mhz", 980.5},
      {"cube", "supports_fp32", 0},
      {"memory", "bandwidth_gbps", "fast"},
      {"buffers", "ub_bytes", nlohmann::json::array()},
      {"", "soc_name", 310},
      {"", "aliases", "Ascend310"},
      {"", "split_cube_vector", "no"},
      {"", "cores", 2},
  };
  for (const Case& c : cases) {
    nlohmann::json doc = Shipped310();
    std::string path = c.field;
    if (*c.group) {
      doc[c.group][c.field] = c.value;
      path = std::string(c.group) + "." + c.field;
    } else {
      doc[c.field] = c.value;
    }
    SocSpec spec;
    Status s = Parse(doc, &spec);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid) << path;
    EXPECT_THAT(s.message(), HasSubstr("field '" + path + "'"));
  }
}

TEST(ParseSocSpec, NonPositiveValuesAreRejected) {
  const char* const int_fields[][2] = {{"cores", "ai_core_count"},      {"cores", "aicore_freq_mhz"},
                                       {"cube", "fp16_macs_per_cycle"}, {"buffers", "l0a_bytes"},
                                       {"vector", "bytes_per_cycle"},   {"host_link", "pcie_lanes"},
                                       {"limits", "max_streams"}};
  for (const auto& f : int_fields) {
    for (int bad : {0, -4}) {
      nlohmann::json doc = Shipped310();
      doc[f[0]][f[1]] = bad;
      SocSpec spec;
      Status s = Parse(doc, &spec);
      EXPECT_EQ(s.code(), err::kFileAttrInvalid) << f[0] << "." << f[1] << "=" << bad;
      EXPECT_THAT(s.message(), HasSubstr(std::string(f[0]) + "." + f[1]));
    }
  }
  for (double bad : {0.0, -1.5}) {
    nlohmann::json doc = Shipped310();
    doc["memory"]["bandwidth_gbps"] = bad;
    SocSpec spec;
    Status s = Parse(doc, &spec);
    EXPECT_EQ(s.code(), err::kFileAttrInvalid);
    EXPECT_THAT(s.message(), HasSubstr("memory.bandwidth_gbps"));
  }
}

TEST(ParseSocSpec, ZeroVectorCoresAllowedOnlyOnCoupledChips) {
  nlohmann::json doc = Shipped310();
  doc["cores"]["vector_core_count"] = 0;
  SocSpec spec;
  EXPECT_TRUE(Parse(doc, &spec).ok());
  doc["split_cube_vector"] = true;
  Status s = Parse(doc, &spec);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("cores.vector_core_count"));
}

TEST(ParseSocSpec, EnumerationsAndRangesAreChecked) {
  nlohmann::json doc = Shipped310();
  doc["memory"]["kind"] = "SRAM";
  SocSpec spec;
  Status s = Parse(doc, &spec);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("memory.kind"));
  EXPECT_THAT(s.message(), HasSubstr("SRAM"));

  doc = Shipped310();
  doc["host_link"]["pcie_gen"] = 9;
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("host_link.pcie_gen"));

  doc = Shipped310();
  doc["memory"]["capacity_bytes"] = 12345;
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("memory.capacity_bytes"));

  doc = Shipped310();
  doc["cube"]["fp16_macs_per_cycle"] = 8192;  // more than one 16x16x16 fractal per cycle
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("cube.fp16_macs_per_cycle"));
}

TEST(ParseSocSpec, UnknownFieldsAreRejectedButUnderscoreKeysAreComments) {
  nlohmann::json doc = Shipped310();
  doc["cube"]["fp16_mac_per_cycle"] = 4096;  // a typo
  SocSpec spec;
  Status s = Parse(doc, &spec);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("cube.fp16_mac_per_cycle"));
  EXPECT_THAT(s.message(), HasSubstr("not a known field"));

  doc = Shipped310();
  doc["_comment"] = "free text";
  doc["cube"]["_why"] = "free text";
  EXPECT_TRUE(Parse(doc, &spec).ok());

  doc = Shipped310();
  doc["_notes"]["x"] = 3;
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("_notes.x"));
}

TEST(ParseSocSpec, CostModelFieldsAreReadAndChecked) {
  SocSpec spec;
  ASSERT_TRUE(Parse(Shipped310(), &spec).ok());
  EXPECT_EQ(spec.cores.ai_cpu_freq_mhz, 1600u);
  EXPECT_EQ(spec.cube.fp32_macs_per_cycle, 0u);
  EXPECT_EQ(spec.cost.l1_to_l0a_bytes_per_cycle, 512u);
  EXPECT_EQ(spec.cost.l1_to_l0b_bytes_per_cycle, 256u);
  EXPECT_EQ(spec.cost.gm_port_bytes_per_cycle, 128u);
  EXPECT_GT(spec.cost.memory_efficiency, 0.0);
  EXPECT_LE(spec.cost.pipe_overlap, 1.0);
  EXPECT_GT(spec.cost.cube_efficiency, 0.0);
  EXPECT_LE(spec.cost.cube_efficiency, 1.0);
  EXPECT_GT(spec.overheads.aicore_task_us, 0.0);
  EXPECT_GE(spec.overheads.aicpu_task_us, 10.0) << "AI CPU launches take tens of microseconds";

  // fp32 cube rate and supports_fp32 must agree.
  nlohmann::json doc = Shipped310();
  doc["cube"]["fp32_macs_per_cycle"] = 1024;
  Status s = Parse(doc, &spec);
  EXPECT_EQ(s.code(), err::kFileAttrInvalid);
  EXPECT_THAT(s.message(), HasSubstr("cube.fp32_macs_per_cycle"));
  doc["cube"]["supports_fp32"] = true;
  EXPECT_TRUE(Parse(doc, &spec).ok());
  doc["cube"]["fp32_macs_per_cycle"] = 0;
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("cube.fp32_macs_per_cycle"));

  // Fractions lie in (0, 1].
  for (const char* field : {"memory_efficiency", "cube_efficiency", "pipe_overlap"}) {
    for (double bad : {0.0, 1.5}) {
      doc = Shipped310();
      doc["cost"][field] = bad;
      s = Parse(doc, &spec);
      EXPECT_EQ(s.code(), err::kFileAttrInvalid) << field << "=" << bad;
      EXPECT_THAT(s.message(), HasSubstr(std::string("cost.") + field));
    }
  }
  doc = Shipped310();
  doc["cost"]["gm_port_bytes_per_cycle"] = 0;
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("cost.gm_port_bytes_per_cycle"));
  doc = Shipped310();
  doc["cost"]["l2_bytes_per_cycle"] = 64;  // not a field
  EXPECT_THAT(Parse(doc, &spec).message(), HasSubstr("not a known field"));
}

TEST(ParseSocSpec, FailureLeavesTheOutputUntouched) {
  SocSpec spec;
  spec.soc_version = "before";
  nlohmann::json doc = Shipped310();
  doc["cores"].erase("ai_cpu_count");
  EXPECT_FALSE(Parse(doc, &spec).ok());
  EXPECT_EQ(spec.soc_version, "before");
}

}  // namespace
}  // namespace asim::sim
