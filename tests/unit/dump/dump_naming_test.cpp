// Dump directory and file names: the layout of section 2.2, the sanitising of op and model
// names, and the .npy names of section 2.5, each parsed back.
#include <gtest/gtest.h>

#include <regex>

#include "dumpfmt/dump_naming.h"

namespace asim::dump {
namespace {

TEST(DumpNaming, SanitisesDotsSlashesBackslashesAndSpaces) {
  EXPECT_EQ(SanitizeDumpName("/layer1/0/conv1/Conv"), "_layer1_0_conv1_Conv");
  EXPECT_EQ(SanitizeDumpName("res2a.branch 2\\a"), "res2a_branch_2_a");
  EXPECT_EQ(SanitizeDumpName("conv1conv1_relu-x:0"), "conv1conv1_relu-x:0");  // others kept
}

TEST(DumpNaming, FileNameIsTypeNameTaskStreamTimestamp) {
  EXPECT_EQ(DumpFileName("Conv2D", "conv1conv1_relu", 3, 1, 1686218842741839ull),
            "Conv2D.conv1conv1_relu.3.1.1686218842741839");
  EXPECT_EQ(DumpFileName("Conv2D", "/model/conv.1", 7, 0, 1686218842741839ull),
            "Conv2D._model_conv_1.7.0.1686218842741839");
}

TEST(DumpNaming, FileNameParsesBack) {
  DumpFileNameParts p;
  ASSERT_TRUE(ParseDumpFileName("Conv2D._model_conv_1.7.2.1686218842741839", &p));
  EXPECT_EQ(p.op_type, "Conv2D");
  EXPECT_EQ(p.op_name, "_model_conv_1");
  EXPECT_EQ(p.task_id, 7u);
  EXPECT_EQ(p.stream_id, 2u);
  EXPECT_EQ(p.timestamp, 1686218842741839ull);
  EXPECT_FALSE(ParseDumpFileName("Conv2D.a.b.1.2", &p));
  EXPECT_FALSE(ParseDumpFileName("Conv2D.a.1.2", &p));
  EXPECT_FALSE(ParseDumpFileName("Conv2D.a.1.2.3.npy", &p));
  EXPECT_FALSE(ParseDumpFileName(".a.1.2.3", &p));
}

TEST(DumpNaming, ModelAndSingleOpDirectories) {
  EXPECT_EQ(ModelDumpDir("/home/u/output", "20230608192722", 0, "resnet50.v1", 1, 0),
            "/home/u/output/20230608192722/0/resnet50_v1/1/0");
  EXPECT_EQ(ModelDumpDir("/out/", "20230608192722", 3, "m", 12, 7), "/out/20230608192722/3/m/12/7");
  EXPECT_EQ(SingleOpDumpDir("/out", "20230608192722", 1), "/out/20230608192722/1");
}

TEST(DumpNaming, TimeDirectoryIsFourteenDigits) {
  const std::string t = DumpTimeDirName(std::chrono::system_clock::now());
  EXPECT_TRUE(std::regex_match(t, std::regex("20[0-9]{12}"))) << t;
}

TEST(DumpNaming, NpyNamesParseBack) {
  const std::string name = NpyFileName("Conv2D.conv1.3.1.1686218842741839", false, 0);
  EXPECT_EQ(name, "Conv2D.conv1.3.1.1686218842741839.output.0.npy");
  NpyFileNameParts p;
  ASSERT_TRUE(ParseNpyFileName(name, &p));
  EXPECT_EQ(p.file.op_name, "conv1");
  EXPECT_FALSE(p.input);
  EXPECT_EQ(p.index, 0u);
  ASSERT_TRUE(ParseNpyFileName("Add.add_1.9.0.1686218842741839.input.1.npy", &p));
  EXPECT_TRUE(p.input);
  EXPECT_EQ(p.index, 1u);
  EXPECT_FALSE(ParseNpyFileName("Add.add_1.9.0.1686218842741839.middle.1.npy", &p));
  EXPECT_FALSE(ParseNpyFileName("conv1.0.1686218842741839.npy", &p));
}

TEST(DumpNaming, GroundTruthNamesParseBack) {
  EXPECT_EQ(GroundTruthNpyName("/layer1/conv", 0, 1686218842741839ull), "_layer1_conv.0.1686218842741839.npy");
  GroundTruthNameParts g;
  ASSERT_TRUE(ParseGroundTruthNpyName("resnetv17_conv0_fwd.0.1686218842741839.npy", &g));
  EXPECT_EQ(g.op_name, "resnetv17_conv0_fwd");
  EXPECT_EQ(g.output_index, 0u);
  EXPECT_EQ(g.timestamp, 1686218842741839ull);
  EXPECT_FALSE(ParseGroundTruthNpyName("conv.x.1.npy", &g));
  EXPECT_FALSE(ParseGroundTruthNpyName("conv.0.1.bin", &g));
}

}  // namespace
}  // namespace asim::dump
