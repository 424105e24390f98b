// DumpSession: the configuration checks the real runtime makes before it accepts a dump
// configuration, and the selection of models, layers, tensors, blacklists and steps.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "runtime/config/acl_config.h"
#include "runtime/dump/dump_session.h"
#include "scratch_dir.h"

namespace asim::dump {
namespace {

cfg::DumpConfig Parse(const std::string& json) {
  cfg::AclConfig config;
  const Status st = cfg::ParseAclConfigString(json, "test.json", &config);
  EXPECT_TRUE(st.ok()) << st.message();
  return config.dump;
}

std::shared_ptr<const DumpSession> Compile(const cfg::DumpConfig& config, Status* status = nullptr) {
  std::shared_ptr<const DumpSession> session;
  const Status st = DumpSession::Compile(config, 0, std::chrono::system_clock::now(), &session);
  if (status != nullptr) *status = st;
  return session;
}

class DumpSessionTest : public ::testing::Test {
 protected:
  std::string Json(const std::string& rest) const {
    return R"({"dump": {"dump_path": ")" + dir_.Path() + "\", " + rest + "}}";
  }
  testing::ScratchDir dir_;
};

TEST_F(DumpSessionTest, WholeModelAndLayers) {
  auto s = Compile(Parse(Json(R"("dump_list": [{"model_name": "resnet"}, {"model_name": "m2", "layer": ["conv1"]}])")));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->dump_path(), dir_.Path());
  EXPECT_EQ(s->mode(), cfg::DumpMode::kOutput);
  const ModelSelection* resnet = s->FindModel("resnet");
  ASSERT_NE(resnet, nullptr);
  EXPECT_EQ(s->FindModel("other"), nullptr);
  TensorSelection sel = s->Select(resnet, "any_op", "Relu", 1, 1);
  EXPECT_TRUE(sel.any);
  EXPECT_EQ(sel.inputs, (std::vector<bool>{false}));
  EXPECT_EQ(sel.outputs, (std::vector<bool>{true}));
  const ModelSelection* m2 = s->FindModel("m2");
  EXPECT_TRUE(s->Select(m2, "conv1", "Conv2D", 3, 1).any);
  EXPECT_FALSE(s->Select(m2, "relu1", "Relu", 1, 1).any);
}

// CANN's dump_list: model_name is the .om file's name without suffix for a model loaded from a
// file, or the model's own name, and that entry wins when both are listed; a layer may be the
// op's name after atc or the name of a framework op fused into it.
TEST_F(DumpSessionTest, ModelsByFileNameAndLayersByOriginalOpName) {
  auto s = Compile(Parse(Json(R"("dump_list": [{"model_name": "renamed", "layer": ["relu1"]},)"
                              R"( {"model_name": "cra", "layer": ["conv1"]}])")));
  ASSERT_TRUE(s);
  const ModelSelection* by_file = s->FindModel("cra", "renamed");
  ASSERT_NE(by_file, nullptr);
  EXPECT_EQ(by_file, s->FindModel("other_name", "renamed"));
  EXPECT_EQ(s->FindModel("cra", "another_file"), s->FindModel("cra"));
  EXPECT_NE(by_file, s->FindModel("cra"));
  EXPECT_EQ(s->FindModel("other", "another_file"), nullptr);
  EXPECT_EQ(s->FindModel("other", ""), nullptr);  // a model loaded from memory has no file name

  const std::vector<std::string> fused = {"conv1", "relu1"};
  EXPECT_TRUE(s->Select(by_file, "conv1", "Conv2D", 3, 1, &fused).any);  // relu1 was fused into conv1
  EXPECT_FALSE(s->Select(by_file, "conv1", "Conv2D", 3, 1).any);
  const std::vector<std::string> others = {"conv2", "relu2"};
  EXPECT_FALSE(s->Select(by_file, "conv2", "Conv2D", 3, 1, &others).any);
}

TEST_F(DumpSessionTest, EntryWithoutModelNameMatchesEveryModel) {
  auto s = Compile(Parse(Json(R"("dump_list": [{}])")));
  ASSERT_TRUE(s);
  EXPECT_NE(s->FindModel("anything"), nullptr);
}

TEST_F(DumpSessionTest, ModesSelectInputsOutputsOrBoth) {
  auto in = Compile(Parse(Json(R"("dump_list": [{"model_name": "m"}], "dump_mode": "input")")));
  TensorSelection sel = in->Select(in->FindModel("m"), "op", "Add", 2, 1);
  EXPECT_EQ(sel.inputs, (std::vector<bool>{true, true}));
  EXPECT_EQ(sel.outputs, (std::vector<bool>{false}));
  auto all = Compile(Parse(Json(R"("dump_list": [{"model_name": "m"}], "dump_mode": "all")")));
  sel = all->Select(all->FindModel("m"), "op", "Add", 2, 1);
  EXPECT_EQ(sel.inputs, (std::vector<bool>{true, true}));
  EXPECT_EQ(sel.outputs, (std::vector<bool>{true}));
  // An op without inputs dumps nothing in input mode.
  EXPECT_FALSE(in->Select(in->FindModel("m"), "op", "Const", 0, 1).any);
}

TEST_F(DumpSessionTest, BlacklistsDropOpsOrPositions) {
  auto s = Compile(Parse(Json(R"("dump_mode": "all", "dump_list": [{"model_name": "m",
      "optype_blacklist": [{"name": "Relu"}, {"name": "Add", "pos": ["input1"]}],
      "opname_blacklist": [{"name": "conv1", "pos": ["output0"]}]}])")));
  ASSERT_TRUE(s);
  const ModelSelection* m = s->FindModel("m");
  EXPECT_FALSE(s->Select(m, "relu1", "Relu", 1, 1).any);
  TensorSelection add = s->Select(m, "add1", "Add", 2, 1);
  EXPECT_EQ(add.inputs, (std::vector<bool>{true, false}));
  TensorSelection conv = s->Select(m, "conv1", "Conv2D", 3, 1);
  EXPECT_EQ(conv.outputs, (std::vector<bool>{false}));
}

TEST_F(DumpSessionTest, Steps) {
  auto s = Compile(Parse(Json(R"("dump_list": [{"model_name": "m"}], "dump_step": "0|3-4")")));
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->StepSelected(0));
  EXPECT_FALSE(s->StepSelected(1));
  EXPECT_TRUE(s->StepSelected(4));
  EXPECT_FALSE(s->StepSelected(5));
}

TEST_F(DumpSessionTest, SingleOpOnly) {
  auto s = Compile(Parse(Json(R"("dump_list": [], "dump_op_switch": "on")")));
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->op_switch());
  EXPECT_EQ(s->FindModel("m"), nullptr);
  EXPECT_TRUE(s->Select(nullptr, "op", "Add", 2, 1).any);
}

TEST_F(DumpSessionTest, NothingSelectedIsInvalid) {
  Status st;
  EXPECT_FALSE(Compile(Parse(Json(R"("dump_list": [])")), &st));
  EXPECT_EQ(st.code(), err::kInvalidDumpConfig);
  EXPECT_NE(st.message().find("nothing to dump"), std::string::npos);
  EXPECT_FALSE(Compile(Parse(Json(R"("dump_mode": "all")")), &st));
  EXPECT_EQ(st.code(), err::kInvalidDumpConfig);
}

TEST_F(DumpSessionTest, UnusablePathsAreInvalid) {
  Status st;
  cfg::DumpConfig c = Parse(R"({"dump": {"dump_path": "/nonexistent/dump/dir", "dump_list": [{}]}})");
  EXPECT_FALSE(Compile(c, &st));
  EXPECT_EQ(st.code(), err::kInvalidDumpConfig);
  EXPECT_NE(st.message().find("/nonexistent/dump/dir"), std::string::npos);
  const std::string file = dir_.Write("plain_file", "x");
  c.dump_path = file;
  EXPECT_FALSE(Compile(c, &st));
  EXPECT_NE(st.message().find("not a directory"), std::string::npos) << st.message();
}

TEST_F(DumpSessionTest, RelativePathsResolveAgainstTheWorkingDirectory) {
  cfg::DumpConfig c = Parse(R"({"dump": {"dump_path": ".", "dump_list": [{}]}})");
  auto s = Compile(c);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->dump_path().front(), '/');
}

}  // namespace
}  // namespace asim::dump
