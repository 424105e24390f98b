// Tests of sim::Device: creation for every shipped SoC and the timing numbers derived from
// a spec. Owner: device_sim.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "device_sim/device.h"
#include "device_sim/soc/soc_spec.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

class ShippedDevice : public testing::TestWithParam<const char*> {};

TEST_P(ShippedDevice, CreatesAndRunsATask) {
  SocSpec spec;
  Status s = LoadSocSpec(GetParam(), &spec);
  ASSERT_TRUE(s.ok()) << s.message();
  std::unique_ptr<Device> dev;
  s = Device::Create(3, spec, /*host_accessible=*/false, &dev);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_NE(dev, nullptr);
  EXPECT_EQ(dev->id(), 3u);
  EXPECT_EQ(dev->spec().soc_version, GetParam());
  EXPECT_EQ(dev->scheduler().device_id(), 3u);
  EXPECT_EQ(dev->memory().GetStats().total, spec.memory.capacity_bytes);

  Scheduler& sched = dev->scheduler();
  auto stream = sched.CreateStream(1, 0);
  bool ran = false;
  sched.Submit(*stream, testing_util::Payload([&] {
    ran = true;
    return Status::Ok();
  }));
  ASSERT_TRUE(sched.SynchronizeStream(*stream, testing_util::kLongMs).ok());
  EXPECT_TRUE(ran);
  EXPECT_GT(sched.HostNow(), 0u);
}

TEST_P(ShippedDevice, TimingFromSpecTakesTheSpecsNumbers) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec(GetParam(), &spec).ok());
  TimingParams p = Device::TimingFromSpec(spec);
  EXPECT_EQ(p.ai_core_count, spec.cores.ai_core_count);
  EXPECT_EQ(p.ai_cpu_count, spec.cores.ai_cpu_count);
  EXPECT_EQ(p.dma_channels, 1u);
  EXPECT_DOUBLE_EQ(p.h2d_gbps, spec.host_link.h2d_gbps);
  EXPECT_DOUBLE_EQ(p.d2h_gbps, spec.host_link.d2h_gbps);
  EXPECT_DOUBLE_EQ(p.d2d_gbps, spec.memory.bandwidth_gbps / 2.0);
  EXPECT_DOUBLE_EQ(p.memset_gbps, spec.memory.bandwidth_gbps);
  EXPECT_DOUBLE_EQ(p.copy_latency_us, spec.overheads.memcpy_latency_us);
  EXPECT_DOUBLE_EQ(p.task_launch_us, spec.overheads.task_launch_us);
  EXPECT_GT(p.ai_core_count, 0u);
  EXPECT_GT(p.h2d_gbps, 0.0);

  std::unique_ptr<Device> dev;
  ASSERT_TRUE(Device::Create(0, spec, false, &dev).ok());
  const TimingParams& used = dev->scheduler().timing_params();
  EXPECT_EQ(used.ai_core_count, p.ai_core_count);
  EXPECT_DOUBLE_EQ(used.h2d_gbps, p.h2d_gbps);
  EXPECT_DOUBLE_EQ(used.d2d_gbps, p.d2d_gbps);
  // A copy's simulated duration is the spec's latency plus bytes over the spec's bandwidth.
  const uint64_t bytes = 1 << 20;
  EXPECT_EQ(dev->scheduler().CopyDuration(EngineKind::kDmaH2D, bytes),
            UsToPs(spec.overheads.memcpy_latency_us) + TransferPs(bytes, spec.host_link.h2d_gbps));
}

TEST_P(ShippedDevice, HostAccessibleDeviceCreates) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec(GetParam(), &spec).ok());
  std::unique_ptr<Device> dev;
  Status s = Device::Create(0, spec, /*host_accessible=*/true, &dev);
  ASSERT_TRUE(s.ok()) << s.message();
}

INSTANTIATE_TEST_SUITE_P(AllShipped, ShippedDevice,
                         testing::Values("Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"));

TEST(Device, EveryKnownSocIsShippedAndTested) {
  std::vector<std::string> known = KnownSocVersions();
  for (const char* name : {"Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"}) {
    EXPECT_NE(std::find(known.begin(), known.end(), name), known.end()) << name;
  }
}

TEST(Device, DestroyingADeviceWithBusyStreamsDoesNotHang) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec("Ascend310", &spec).ok());
  std::unique_ptr<Device> dev;
  ASSERT_TRUE(Device::Create(0, spec, false, &dev).ok());
  auto s = dev->scheduler().CreateStream(1, 0);
  auto ev = std::make_shared<SimEvent>(0);
  dev->scheduler().WaitEvent(*s, ev);  // never recorded
  for (int i = 0; i < 10; ++i) dev->scheduler().Submit(*s, testing_util::Kernel(kPsPerUs));
  dev.reset();
  SUCCEED();
}

}  // namespace
}  // namespace asim::sim
