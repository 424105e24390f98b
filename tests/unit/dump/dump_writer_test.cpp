// DumpWriter: files land where the jobs say, the queue is bounded (a push waits for room
// instead of growing), a failed write is counted and dropped, and the sink mode.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "dumpfmt/dump_file.h"
#include "runtime/dump/dump_writer.h"
#include "scratch_dir.h"

namespace asim::dump {
namespace {

DumpJob Job(const std::string& dir, const std::string& name, size_t bytes) {
  DumpJob job;
  job.dir = dir;
  job.file_name = name;
  job.record.op_name = name;
  DumpTensor t;
  t.data_type = 4;  // DT_UINT8
  t.shape = {bytes};
  t.data.assign(bytes, 0x5A);
  job.record.outputs.push_back(std::move(t));
  return job;
}

TEST(DumpWriter, WritesFilesCreatingDirectories) {
  testing::ScratchDir dir;
  {
    DumpWriter writer;
    writer.Push(Job(dir / "a/b/c", "Relu.r1.1.0.1", 10));
    writer.Push(Job(dir / "a/b/c", "Relu.r2.2.0.2", 20));
    EXPECT_EQ(writer.Flush(), 0u);
    const auto stats = writer.stats();
    EXPECT_EQ(stats.files_written, 2u);
    EXPECT_EQ(stats.files_failed, 0u);
  }
  EXPECT_EQ(dir.Files(), (std::vector<std::string>{"a/b/c/Relu.r1.1.0.1", "a/b/c/Relu.r2.2.0.2"}));
  DumpRecord r;
  ASSERT_TRUE(ReadDumpFile(dir / "a/b/c/Relu.r2.2.0.2", &r).ok());
  EXPECT_EQ(r.outputs[0].data.size(), 20u);
}

TEST(DumpWriter, QueueIsBoundedInBytes) {
  testing::ScratchDir dir;
  DumpWriter writer(/*max_queued_bytes=*/1000);
  for (int i = 0; i < 50; ++i) writer.Push(Job(dir.Path(), "Op.o" + std::to_string(i) + ".1.0.1", 400));
  writer.Flush();
  const auto stats = writer.stats();
  EXPECT_EQ(stats.files_written, 50u);
  EXPECT_LE(stats.peak_queued_bytes, 1000u);
  // A record larger than the bound is admitted alone.
  writer.Push(Job(dir.Path(), "Op.big.1.0.1", 5000));
  writer.Flush();
  EXPECT_EQ(writer.stats().files_written, 51u);
}

TEST(DumpWriter, FailedWritesAreCountedAndDropped) {
  testing::ScratchDir dir;
  const std::string blocker = dir.Write("not_a_dir", "x");  // a file where a directory should be
  DumpWriter writer;
  writer.Push(Job(blocker + "/sub", "Op.a.1.0.1", 10));
  writer.Push(Job(blocker + "/sub", "Op.b.2.0.1", 10));
  writer.Push(Job(dir / "ok", "Op.c.3.0.1", 10));
  EXPECT_EQ(writer.Flush(), 2u);
  const auto stats = writer.stats();
  EXPECT_EQ(stats.files_failed, 2u);
  EXPECT_EQ(stats.files_written, 1u);
  EXPECT_EQ(writer.Flush(), 0u);  // counted once
}

TEST(DumpWriter, SinkReceivesTheFileInChunks) {
  DumpWriter writer;
  std::vector<uint8_t> received;
  std::string path;
  int lasts = 0;
  writer.SetSink([&](const std::string& p, std::span<const uint8_t> chunk, uint64_t offset, bool last) {
    EXPECT_EQ(offset, received.size());
    path = p;
    received.insert(received.end(), chunk.begin(), chunk.end());
    lasts += last ? 1 : 0;
    return 0;
  });
  DumpJob job = Job("/d", "Op.x.1.0.1", DumpWriter::kSinkChunkBytes + 10);
  const std::vector<uint8_t> expected = EncodeDumpFile(job.record);
  writer.Push(std::move(job));
  writer.Flush();
  EXPECT_EQ(path, "/d/Op.x.1.0.1");
  EXPECT_EQ(received, expected);
  EXPECT_EQ(lasts, 1);
  EXPECT_FALSE(std::filesystem::exists("/d/Op.x.1.0.1"));
}

TEST(DumpWriter, ConcurrentPushersAllLand) {
  testing::ScratchDir dir;
  DumpWriter writer(4096);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        writer.Push(Job(dir / std::to_string(t), "Op.o" + std::to_string(i) + ".1.0.1", 1000));
      }
    });
  }
  for (auto& th : threads) th.join();
  writer.Flush();
  EXPECT_EQ(writer.stats().files_written, 100u);
  EXPECT_EQ(dir.Files().size(), 100u);
}

}  // namespace
}  // namespace asim::dump
