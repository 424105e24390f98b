// Unit tests of tools/msprof: the command splitting, the per-op statistics and the analysis
// text, the baseline comparison (and its refusals), the HTML report's sections, and the
// command line's errors.
#include <gtest/gtest.h>

#include <sstream>

#include "tools/msprof/analysis.h"
#include "tools/msprof/html_report.h"
#include "tools/msprof/msprof_cli.h"

namespace asim::msprof {
namespace {

using profdata::DeviceTask;
using profdata::Profile;

DeviceTask Kernel(const std::string& name, const std::string& type, uint64_t exec, uint64_t start_us, uint64_t dur_us,
                  bool aicpu = false) {
  DeviceTask t;
  t.name = name;
  t.op_type = type;
  t.has_op_info = true;
  t.model_id = 1;
  t.model_name = "net";
  t.execution = exec;
  t.engine = aicpu ? profdata::Engine::kAiCpu : profdata::Engine::kAiCore;
  t.start_ps = start_us * 1000000;
  t.end_ps = (start_us + dur_us) * 1000000;
  if (aicpu) {
    t.aicpu_reason = "no AI Core kernel for op type " + type;
  } else {
    t.counters.valid = true;
    t.counters.has_work = true;
    t.counters.total_cycles = 1000;
    t.counters.cube_cycles = 100;
    t.counters.vector_cycles = 100;
    t.counters.mte2_cycles = 300;  // memory_bound 3
    t.counters.cube_macs = 1 << 20;
    t.counters.mte2_bytes = 1 << 16;
  }
  return t;
}

Profile MakeProfile(const std::string& soc = "Ascend310", uint64_t conv_us = 10) {
  Profile p;
  p.dir_name = "PROF_000001_20240101000000000_AAAAAAAAAAAAAAAA";
  profdata::DeviceData d;
  d.chip.soc_version = soc;
  d.chip.aicore_freq_mhz = 1000;
  d.chip.ai_core_count = 2;
  d.chip.cube_fp16_macs_per_cycle = 2048;
  d.chip.vector_bytes_per_cycle = 128;
  d.chip.memory_gbps = 51.2;
  for (uint64_t e = 0; e < 2; ++e) {
    const uint64_t base = e * 1000;
    d.tasks.push_back(Kernel("conv1", "Conv2D", e, base, conv_us));
    d.tasks.push_back(Kernel("lstm", "LSTM", e, base + conv_us, 50, true));
  }
  p.devices.push_back(d);
  return p;
}

TEST(SplitCommand, WhitespaceAndQuotes) {
  EXPECT_EQ(SplitCommand("./app -n 3 'a b' \"c d\" ''"),
            (std::vector<std::string>{"./app", "-n", "3", "a b", "c d", ""}));
  EXPECT_TRUE(SplitCommand("   ").empty());
}

TEST(Analysis, OpStatsAndSummary) {
  const std::vector<OpStat> ops = OpStats(MakeProfile());
  ASSERT_EQ(ops.size(), 2u);
  EXPECT_EQ(ops[0].op_name, "lstm");  // by total time
  EXPECT_EQ(ops[0].task_type, "AI_CPU");
  EXPECT_DOUBLE_EQ(ops[0].avg_us, 50.0);
  EXPECT_EQ(ops[1].count, 2u);
  EXPECT_DOUBLE_EQ(ops[1].memory_bound, 3.0);
  EXPECT_DOUBLE_EQ(ops[1].flops, 2.0 * (1 << 20));
  const std::string text = SummaryText(MakeProfile());
  EXPECT_NE(text.find("model 1 'net' execution 2 on device 0: 60.000 us"), std::string::npos) << text;
  EXPECT_NE(text.find("AI CPU ops: 1"), std::string::npos);
  EXPECT_NE(text.find("lstm (LSTM"), std::string::npos);
  EXPECT_NE(text.find("no AI Core kernel for op type LSTM"), std::string::npos);
  EXPECT_NE(text.find("Memory-bound ops (memory_bound > 1"), std::string::npos);
  EXPECT_NE(text.find("AI_CPU 83.3%"), std::string::npos) << text;
}

// Collectives (HCCL) get their own section, from hccl_statistic; none without collectives.
TEST(Analysis, SummaryListsCollectiveCommunication) {
  Profile p = MakeProfile();
  EXPECT_EQ(SummaryText(p).find("Collective communication"), std::string::npos);
  profdata::DeviceTask c;
  c.kind = profdata::TaskKind::kCollective;
  c.engine = profdata::Engine::kDmaD2D;
  c.name = "HcclAllReduce";
  c.op_type = "hcom_allReduce_";
  c.start_ps = 5000000000;
  c.end_ps = 5025000000;  // 25 us
  p.devices[0].tasks.push_back(c);
  const std::string text = SummaryText(p);
  EXPECT_NE(text.find("Collective communication (HCCL"), std::string::npos) << text;
  EXPECT_NE(text.find("hcom_allReduce_"), std::string::npos) << text;
  EXPECT_NE(text.find("25.000"), std::string::npos) << text;
}

// The first line names the host vector target the kernels ran on (issue 16): each distinct
// one the devices recorded, "(none)" for raw data from before the field existed.
TEST(Analysis, SummaryNamesTheHostVectorIsa) {
  Profile p = MakeProfile();
  EXPECT_NE(SummaryText(p).find("host kernels on (none))"), std::string::npos) << SummaryText(p);
  p.devices[0].chip.host_vector_isa = "avx2";
  std::string text = SummaryText(p);
  EXPECT_NE(text.find("host kernels on avx2)"), std::string::npos) << text;
  p.devices.push_back(p.devices[0]);
  p.devices[1].chip.host_vector_isa = "scalar";
  text = SummaryText(p);
  EXPECT_NE(text.find("host kernels on avx2, scalar)"), std::string::npos) << text;
  EXPECT_LT(text.find("host kernels on"), text.find('\n'));
}

TEST(Analysis, CompareAndRefusals) {
  std::string text;
  ASSERT_TRUE(CompareText(MakeProfile(), MakeProfile("Ascend310", 14), &text).ok());
  EXPECT_NE(text.find("conv1"), std::string::npos);
  EXPECT_NE(text.find("+4.000"), std::string::npos) << text;
  EXPECT_NE(text.find("40.0"), std::string::npos) << "+40% for conv1";
  Status st = CompareText(MakeProfile("Ascend310P3"), MakeProfile(), &text);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("refusing to compare"), std::string::npos);
  EXPECT_NE(st.message().find("Ascend310P3"), std::string::npos);
  Profile other = MakeProfile();
  for (auto& t : other.devices[0].tasks) t.model_name = "resnet";
  st = CompareText(MakeProfile(), other, &text);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("models"), std::string::npos);
}

TEST(HtmlReport, Sections) {
  const std::string html = HtmlReport(MakeProfile());
  for (const char* part : {"<!DOCTYPE html>", "id=\"op-bars\"", "id=\"engine-split\"", "id=\"roofline\"", "id=\"ops\"",
                           "class=\"op\"", "no AI Core kernel for op type LSTM", "cube fp16 peak"}) {
    EXPECT_NE(html.find(part), std::string::npos) << part;
  }
  EXPECT_EQ(html.find("<script"), std::string::npos) << "self-contained, no script";
  Profile empty;
  EXPECT_NE(HtmlReport(empty).find("No kernel tasks"), std::string::npos);
}

int RunCli(std::vector<const char*> args, std::string* out, std::string* err) {
  args.insert(args.begin(), "msprof");
  std::ostringstream o, e;
  const int code = RunMsprof(static_cast<int>(args.size()), args.data(), o, e);
  *out = o.str();
  *err = e.str();
  return code;
}

TEST(Cli, Errors) {
  std::string out, err;
  EXPECT_EQ(RunCli({"--output=/nonexistent-dir-xyz"}, &out, &err), 1);
  EXPECT_NE(err.find("nothing to do"), std::string::npos);
  EXPECT_EQ(RunCli({"--export=on"}, &out, &err), 1);
  EXPECT_NE(err.find("--output"), std::string::npos);
  EXPECT_EQ(RunCli({"--export=maybe"}, &out, &err), 1);
  EXPECT_EQ(RunCli({"--aic-metrics=Nope", "./x"}, &out, &err), 1);
  EXPECT_NE(err.find("unknown AI Core metric group"), std::string::npos);
  EXPECT_EQ(RunCli({"--aic-mode=sample-based", "./x"}, &out, &err), 1);
  EXPECT_NE(err.find("sample-based"), std::string::npos);
  EXPECT_EQ(RunCli({"--application=./a", "./b"}, &out, &err), 1);
  EXPECT_NE(err.find("not both"), std::string::npos);
  EXPECT_EQ(RunCli({"--help"}, &out, &err), 0);
  EXPECT_NE(out.find("--aic-metrics"), std::string::npos);
}

}  // namespace
}  // namespace asim::msprof
