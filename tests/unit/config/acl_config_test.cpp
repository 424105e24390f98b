// Tests of runtime/config/acl_config: defaults, file errors, JSON syntax and nesting
// limits, top-level keys (max_opqueue_num, err_msg_mode, defaultDevice, StackSize), numbers
// versus strings, unknown keys, ParseDumpConfigFile.
// Owner: runtime/config. Thread safety: single-threaded test. Failure: gtest assertions.
#include "runtime/config/acl_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "tests/unit/config/temp_dir.h"

namespace asim::cfg {
namespace {

using ::testing::HasSubstr;
using testing::TempDir;

Status Parse(std::string_view json, AclConfig* out) {
  return ParseAclConfigString(json, "test.json", out);
}

void ExpectDefaults(const AclConfig& c) {
  EXPECT_FALSE(c.dump.present);
  EXPECT_FALSE(c.profiler.present);
  EXPECT_FALSE(c.profiler.enabled);
  EXPECT_EQ(c.max_opqueue_num, 20000);
  EXPECT_FALSE(c.err_msg_process_wide);
  EXPECT_FALSE(c.default_device.has_value());
  EXPECT_EQ(c.aicore_stack_size, 32768u);
  EXPECT_FALSE(c.sim.present);
  EXPECT_EQ(c.sim.soc_version, "Ascend310");
  EXPECT_EQ(c.sim.device_count, 1);
  EXPECT_EQ(c.sim.run_mode, RunMode::kHost);
}

// Expects `json` to fail with `code` and a message naming the source and `pointer`.
void ExpectError(std::string_view json, int32_t code, std::string_view pointer) {
  AclConfig config;
  config.max_opqueue_num = 7;  // sentinel: must survive the failed parse
  const Status s = Parse(json, &config);
  EXPECT_EQ(s.code(), code) << json << "\n" << s.message();
  EXPECT_THAT(s.message(), HasSubstr("test.json")) << json;
  EXPECT_THAT(s.message(), HasSubstr(std::string(pointer))) << json;
  EXPECT_EQ(config.max_opqueue_num, 7) << "output modified on failure: " << json;
}

TEST(AclConfig, NullPathGivesDefaults) {
  AclConfig config;
  config.max_opqueue_num = 5;
  ASSERT_TRUE(ParseAclConfigFile(nullptr, &config).ok());
  ExpectDefaults(config);
  EXPECT_EQ(config.source_path, "");
}

TEST(AclConfig, EmptyPathGivesDefaults) {
  AclConfig config;
  ASSERT_TRUE(ParseAclConfigFile("", &config).ok());
  ExpectDefaults(config);
}

TEST(AclConfig, EmptyObjectGivesDefaults) {
  AclConfig config;
  ASSERT_TRUE(Parse("{}", &config).ok());
  ExpectDefaults(config);
  EXPECT_EQ(config.source_path, "test.json");

  TempDir dir;
  const std::string path = dir.Write("acl.json", "{}\n");
  AclConfig from_file;
  const Status s = ParseAclConfigFile(path.c_str(), &from_file);
  ASSERT_TRUE(s.ok()) << s.message();
  ExpectDefaults(from_file);
  EXPECT_EQ(from_file.source_path, path);
}

TEST(AclConfig, EmptyOrBlankFileGivesDefaults) {
  TempDir dir;
  for (const char* content : {"", "  \n\t\r\n"}) {
    const std::string path = dir.Write("acl.json", content);
    AclConfig config;
    const Status s = ParseAclConfigFile(path.c_str(), &config);
    ASSERT_TRUE(s.ok()) << s.message();
    ExpectDefaults(config);
  }
}

TEST(AclConfig, SamplesDumpExample) {
  AclConfig config;
  const Status s = Parse(R"({"dump": {"dump_list": [], "dump_path": "/tmp/x"}})", &config);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(config.dump.present);
  EXPECT_TRUE(config.dump.has_dump_list);
  EXPECT_TRUE(config.dump.dump_list.empty());
  EXPECT_EQ(config.dump.dump_path, "/tmp/x");
  EXPECT_EQ(config.dump.dump_mode, DumpMode::kOutput);
  EXPECT_TRUE(config.dump.DataDumpEnabled());
  EXPECT_FALSE(config.profiler.present);
}

TEST(AclConfig, SamplesProfilerExample) {
  AclConfig config;
  ASSERT_TRUE(Parse(R"({"profiler": {"switch": "on"}})", &config).ok());
  EXPECT_TRUE(config.profiler.present);
  EXPECT_TRUE(config.profiler.enabled);
  EXPECT_FALSE(config.dump.present);
}

TEST(AclConfig, MissingFileIsInvalidFile) {
  TempDir dir;
  const std::string path = dir.Path() + "/absent.json";
  AclConfig config;
  const Status s = ParseAclConfigFile(path.c_str(), &config);
  EXPECT_EQ(s.code(), err::kInvalidFile);
  EXPECT_THAT(s.message(), HasSubstr(path));
  EXPECT_THAT(s.message(), HasSubstr("No such file or directory"));
}

TEST(AclConfig, DirectoryIsInvalidFile) {
  TempDir dir;
  AclConfig config;
  const Status s = ParseAclConfigFile(dir.Path().c_str(), &config);
  EXPECT_EQ(s.code(), err::kInvalidFile);
  EXPECT_THAT(s.message(), HasSubstr("is a directory"));
}

TEST(AclConfig, UnreadableFileIsInvalidFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "root can read any file";
  TempDir dir;
  const std::string path = dir.Write("acl.json", "{}");
  ASSERT_EQ(::chmod(path.c_str(), 0), 0);
  AclConfig config;
  const Status s = ParseAclConfigFile(path.c_str(), &config);
  EXPECT_EQ(s.code(), err::kInvalidFile);
  EXPECT_THAT(s.message(), HasSubstr("Permission denied"));
}

TEST(AclConfig, OversizedFileIsInvalidFileSize) {
  TempDir dir;
  const std::string path = dir.Write("acl.json", std::string(kMaxConfigFileBytes + 1, ' '));
  AclConfig config;
  const Status s = ParseAclConfigFile(path.c_str(), &config);
  EXPECT_EQ(s.code(), err::kInvalidFileSize);
  EXPECT_THAT(s.message(), HasSubstr(path));
}

TEST(AclConfig, MalformedJsonNamesFileLineAndColumn) {
  TempDir dir;
  const std::string path = dir.Write("acl.json", "{\n  \"dump\": {\n    \"dump_path\": \"/x\",\n  }\n}\n");
  AclConfig config;
  const Status s = ParseAclConfigFile(path.c_str(), &config);
  EXPECT_EQ(s.code(), err::kParseFile);
  EXPECT_THAT(s.message(), HasSubstr(path));
  EXPECT_THAT(s.message(), HasSubstr("line 4, column 3"));
  EXPECT_THAT(s.message(), HasSubstr("syntax error"));
}

TEST(AclConfig, TruncatedAndGarbageJsonAreParseErrors) {
  for (const char* text :
       {"{\"dump\": ", "{", "}", "{\"a\" 1}", "nul", "{'a': 1}", "{} {}", "{\"a\": 01}", "\xff\xfe{}"}) {
    AclConfig config;
    const Status s = Parse(text, &config);
    EXPECT_EQ(s.code(), err::kParseFile) << text;
    EXPECT_THAT(s.message(), HasSubstr("test.json: line 1")) << text;
  }
}

TEST(AclConfig, NumberTooLargeIsParseError) {
  AclConfig config;
  const Status s = Parse(R"({"max_opqueue_num": 1e400})", &config);
  EXPECT_EQ(s.code(), err::kParseFile);
  EXPECT_THAT(s.message(), HasSubstr("test.json"));
}

TEST(AclConfig, TopLevelMustBeAnObject) {
  for (const char* text : {"[]", "42", "\"x\"", "null", "true"}) {
    AclConfig config;
    const Status s = Parse(text, &config);
    EXPECT_EQ(s.code(), err::kParseFile) << text;
    EXPECT_THAT(s.message(), HasSubstr("top level must be a JSON object")) << text;
  }
}

std::string NestedObjects(int depth) {
  std::string text;
  for (int i = 0; i < depth - 1; ++i) text += "{\"a\": ";
  text += "{}";
  for (int i = 0; i < depth - 1; ++i) text += "}";
  return text;
}

std::string NestedArrays(int depth) {
  return "{\"x\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
}

TEST(AclConfig, NestingUpToTenLevelsIsAccepted) {
  AclConfig config;
  EXPECT_TRUE(Parse(NestedObjects(10), &config).ok());
  EXPECT_TRUE(Parse(NestedArrays(10), &config).ok());
  // Ten of each, interleaved: each kind stays within its own limit.
  std::string mixed = "{\"x\": ";
  for (int i = 0; i < 9; ++i) mixed += "[{\"y\": ";
  mixed += "[]";
  for (int i = 0; i < 9; ++i) mixed += "}]";
  mixed += "}";
  EXPECT_TRUE(Parse(mixed, &config).ok());
  // Brackets inside strings do not count.
  EXPECT_TRUE(Parse(R"({"s": "{{{{{{{{{{{{[[[[[[[[[[[[\"{{{{"})", &config).ok());
}

TEST(AclConfig, NestingBeyondTenLevelsIsParseError) {
  AclConfig config;
  Status s = Parse(NestedObjects(11), &config);
  EXPECT_EQ(s.code(), err::kParseFile);
  EXPECT_THAT(s.message(), HasSubstr("nesting deeper than 10 levels of '{'"));
  s = Parse(NestedArrays(11), &config);
  EXPECT_EQ(s.code(), err::kParseFile);
  EXPECT_THAT(s.message(), HasSubstr("of '['"));
  // A hostile depth is rejected before the parser sees it.
  s = Parse(std::string(100000, '['), &config);
  EXPECT_EQ(s.code(), err::kParseFile);
}

TEST(AclConfig, UnknownKeysAreIgnored) {
  AclConfig config;
  const Status s = Parse(R"({"foo": 1, "dump": {"bar": [1]}, "profiler": {"baz": "x"},
      "sim": {"qux": {}}, "defaultDevice": {"other": 1}, "StackSize": {"simt_stack_size": 1},
      "acl_graph": {"event_mode": "1"}, "simt_printf_fifo_size": 1024})",
                         &config);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(config.dump.present);
  EXPECT_TRUE(config.profiler.present);
  EXPECT_FALSE(config.default_device.has_value());
}

TEST(AclConfig, MaxOpQueueNumAcceptsStringsAndNumbers) {
  AclConfig config;
  ASSERT_TRUE(Parse(R"({"max_opqueue_num": "10000"})", &config).ok());
  EXPECT_EQ(config.max_opqueue_num, 10000);
  ASSERT_TRUE(Parse(R"({"max_opqueue_num": 123})", &config).ok());
  EXPECT_EQ(config.max_opqueue_num, 123);
}

TEST(AclConfig, BadMaxOpQueueNum) {
  for (const char* value : {"\"abc\"", "0", "-1", "\"-5\"", "\"1.5\"", "1.5", "true", "\"\"", "\" 5\"", "[]",
                            "\"99999999999999999999\"", "99999999999999999999"}) {
    ExpectError(std::string(R"({"max_opqueue_num": )") + value + "}", err::kInvalidMaxOpQueueNumConfig,
                "/max_opqueue_num");
  }
}

TEST(AclConfig, ErrMsgMode) {
  AclConfig config;
  ASSERT_TRUE(Parse(R"({"err_msg_mode": "1"})", &config).ok());
  EXPECT_TRUE(config.err_msg_process_wide);
  ASSERT_TRUE(Parse(R"({"err_msg_mode": 0})", &config).ok());
  EXPECT_FALSE(config.err_msg_process_wide);
  ExpectError(R"({"err_msg_mode": "2"})", err::kFileAttrInvalid, "/err_msg_mode");
  ExpectError(R"({"err_msg_mode": "on"})", err::kFileAttrInvalid, "/err_msg_mode");
}

TEST(AclConfig, DefaultDevice) {
  AclConfig config;
  ASSERT_TRUE(Parse(R"({"defaultDevice": {"default_device": "3"}})", &config).ok());
  EXPECT_EQ(config.default_device, 3);
  ASSERT_TRUE(Parse(R"({"defaultDevice": {"default_device": 0}})", &config).ok());
  EXPECT_EQ(config.default_device, 0);
  ExpectError(R"({"defaultDevice": {"default_device": "-1"}})", err::kFileAttrInvalid, "/defaultDevice/default_device");
  ExpectError(R"({"defaultDevice": {"default_device": "x"}})", err::kFileAttrInvalid, "/defaultDevice/default_device");
  ExpectError(R"({"defaultDevice": "0"})", err::kFileAttrInvalid, "/defaultDevice");
}

TEST(AclConfig, StackSize) {
  AclConfig config;
  ASSERT_TRUE(Parse(R"({"StackSize": {"aicore_stack_size": 65536}})", &config).ok());
  EXPECT_EQ(config.aicore_stack_size, 65536u);
  ASSERT_TRUE(Parse(R"({"StackSize": {"aicore_stack_size": "49152"}})", &config).ok());
  EXPECT_EQ(config.aicore_stack_size, 49152u);
  ExpectError(R"({"StackSize": {"aicore_stack_size": 40000}})", err::kFileAttrInvalid, "/StackSize/aicore_stack_size");
  ExpectError(R"({"StackSize": {"aicore_stack_size": 16384}})", err::kFileAttrInvalid, "/StackSize/aicore_stack_size");
  ExpectError(R"({"StackSize": 32768})", err::kFileAttrInvalid, "/StackSize");
}

TEST(AclConfig, ErrorMessagesNameTheFile) {
  TempDir dir;
  const std::string path = dir.Write("bad.json", R"({"dump": {"dump_mode": "both"}})");
  AclConfig config;
  const Status s = ParseAclConfigFile(path.c_str(), &config);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_THAT(s.message(), HasSubstr(path + ": /dump/dump_mode: "));
  EXPECT_THAT(s.message(), HasSubstr("\"both\""));
}

TEST(AclConfig, PointerEscapesSpecialCharacters) {
  // The key of an unknown entry is not an error, so use a bad value under a known path.
  ExpectError(R"({"dump": {"dump_path": "/x", "dump_list": [{"layer": ["a", 1]}]}})", err::kInvalidDumpConfig,
              "/dump/dump_list/0/layer/1");
}

TEST(AclConfig, FirstErrorWinsAcrossSections) {
  AclConfig config;
  // Keys are visited in sorted order: "dump" before "profiler".
  const Status s = Parse(R"({"profiler": {"switch": "x"}, "dump": {"dump_mode": "x"}})", &config);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
}

TEST(ParseDumpConfigFile, ReadsOnlyTheDumpSection) {
  TempDir dir;
  const std::string path =
      dir.Write("dump.json", R"({"dump": {"dump_list": [{"model_name": "resnet"}], "dump_path": "/d"},
                       "profiler": {"switch": "bogus"}})");
  DumpConfig dump;
  const Status s = ParseDumpConfigFile(path.c_str(), &dump);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(dump.present);
  ASSERT_EQ(dump.dump_list.size(), 1u);
  EXPECT_EQ(dump.dump_list[0].model_name, "resnet");
}

TEST(ParseDumpConfigFile, Errors) {
  TempDir dir;
  DumpConfig dump;
  EXPECT_EQ(ParseDumpConfigFile(nullptr, &dump).code(), err::kInvalidParam);
  EXPECT_EQ(ParseDumpConfigFile((dir.Path() + "/none.json").c_str(), &dump).code(), err::kInvalidFile);
  const std::string bad = dir.Write("bad.json", R"({"dump": {"dump_list": {}}})");
  const Status s = ParseDumpConfigFile(bad.c_str(), &dump);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_THAT(s.message(), HasSubstr("/dump/dump_list"));
  const std::string none = dir.Write("none.json", R"({"profiler": {}})");
  ASSERT_TRUE(ParseDumpConfigFile(none.c_str(), &dump).ok());
  EXPECT_FALSE(dump.present);
}

}  // namespace
}  // namespace asim::cfg
