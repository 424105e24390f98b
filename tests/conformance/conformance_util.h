// Shared helpers of the conformance suites.
//
// PUBLIC API ONLY: the conformance suites include nothing but acl/... headers, standard
// headers and GoogleTest. No runtime/ or device_sim/ internals: these tests check the
// AscendCL contract as an application sees it.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "acl/acl.h"

namespace conformance {

// aclGetRecentErrMsg gets and clears the message: what the latest read (RecentMsg, the
// EXPECT_ACL_ERROR* macros) returned is kept here, per thread, for further checks.
inline std::string& LastMsgStore() {
  thread_local std::string last;
  return last;
}

// The most recent error message of the calling thread, "" when there is none (read and
// cleared; kept for LastMsg).
inline std::string RecentMsg() {
  const char* msg = aclGetRecentErrMsg();
  LastMsgStore() = msg == nullptr ? std::string() : std::string(msg);
  return LastMsgStore();
}

// The message the latest read returned.
inline std::string LastMsg() {
  return LastMsgStore();
}

// A new message if there is one, else the one the latest read returned.
inline std::string NewOrLastMsg() {
  const char* msg = aclGetRecentErrMsg();
  if (msg != nullptr) LastMsgStore() = msg;
  return LastMsgStore();
}

// Free bytes of the current device's memory: DDR on the Ascend310, HBM on the others
// (aclrtGetMemInfo reports 0 for the kind the chip lacks).
inline size_t DeviceFreeBytes() {
  size_t free_ddr = 0, total_ddr = 0, free_hbm = 0, total_hbm = 0;
  EXPECT_EQ(aclrtGetMemInfo(ACL_DDR_MEM, &free_ddr, &total_ddr), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_hbm, &total_hbm), ACL_SUCCESS);
  EXPECT_NE(total_ddr + total_hbm, 0u) << "the device reports no memory";
  return total_ddr != 0 ? free_ddr : free_hbm;
}

// Checks that `expr` returned `code`, that aclGetRecentErrMsg() is non-NULL and that it
// mentions `needle` (case-sensitive substring).
#define EXPECT_ACL_ERROR(expr, code, needle)                                                  \
  do {                                                                                        \
    const aclError ret_ = (expr);                                                             \
    EXPECT_EQ(ret_, static_cast<aclError>(code)) << #expr;                                    \
    const char* msg_ = aclGetRecentErrMsg();                                                  \
    ::conformance::LastMsgStore() = msg_ == nullptr ? std::string() : std::string(msg_);      \
    EXPECT_NE(msg_, nullptr) << #expr << ": aclGetRecentErrMsg() is NULL";                    \
    if (msg_ != nullptr) {                                                                    \
      EXPECT_NE(std::string(msg_).find(needle), std::string::npos)                            \
          << #expr << ": message \"" << msg_ << "\" does not mention \"" << (needle) << "\""; \
    }                                                                                         \
  } while (0)

// EXPECT_ACL_ERROR whose message also mentions `needle2`.
#define EXPECT_ACL_ERROR_WITH(expr, code, needle, needle2) \
  do {                                                     \
    EXPECT_ACL_ERROR(expr, code, needle);                  \
    EXPECT_RECENT_MSG_HAS(needle2);                        \
  } while (0)

#define ASSERT_ACL_OK(expr)                                                      \
  do {                                                                           \
    const aclError ret_ = (expr);                                                \
    ASSERT_EQ(ret_, ACL_SUCCESS) << #expr << ": " << ::conformance::RecentMsg(); \
  } while (0)

#define EXPECT_ACL_OK(expr)                                                      \
  do {                                                                           \
    const aclError ret_ = (expr);                                                \
    EXPECT_EQ(ret_, ACL_SUCCESS) << #expr << ": " << ::conformance::RecentMsg(); \
  } while (0)

// Checks that the recent message mentions `needle` (after a call that does not return an
// aclError, e.g. one returning NULL): a new one, or the one the latest read returned.
#define EXPECT_RECENT_MSG_HAS(needle)                                            \
  do {                                                                           \
    const std::string msg_ = ::conformance::NewOrLastMsg();                      \
    ASSERT_FALSE(msg_.empty()) << "aclGetRecentErrMsg() is NULL";                \
    EXPECT_NE(msg_.find(needle), std::string::npos)                              \
        << "message \"" << msg_ << "\" does not mention \"" << (needle) << "\""; \
  } while (0)

// A scratch directory, removed with its contents at scope exit. Made on first use, so a
// fixture that owns one leaves nothing behind in a death test's child (which _Exit()s
// without running destructors).
class TempDir {
 public:
  TempDir() = default;
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& Path() const {
    if (path_.empty()) {
      std::string pattern = (std::filesystem::temp_directory_path() / "acl_conf_XXXXXX").string();
      if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
      EXPECT_FALSE(path_.empty()) << "mkdtemp failed";
    }
    return path_;
  }

  // Writes `content` to <dir>/<name> and returns the file's path.
  std::string Write(std::string_view name, std::string_view content) const {
    const std::string file = Path() + "/" + std::string(name);
    std::ofstream out(file, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    return file;
  }

 private:
  mutable std::string path_;
};

// Sets an environment variable for the scope, restoring the previous value after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = ::getenv(name);
    had_old_ = old != nullptr;
    if (had_old_) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (had_old_) {
      ::setenv(name_.c_str(), old_.c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::string old_;
  bool had_old_ = false;
};

// Runs work(thread index, stream) on `threads` threads at once, each with `ctx` current and
// a stream of its own (destroyed afterwards). Returns the failures: what `work` returns,
// plus one per context / stream call that failed.
inline int OnThreadsWithStreams(aclrtContext ctx, int threads, const std::function<int(int, aclrtStream)>& work) {
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      aclrtStream s = nullptr;
      if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS || aclrtCreateStream(&s) != ACL_SUCCESS) {
        ++failures;
        return;
      }
      failures += work(t, s);
      if (aclrtDestroyStream(s) != ACL_SUCCESS) ++failures;
    });
  }
  for (auto& th : pool) th.join();
  return failures.load();
}

// Process-wide aclInit once per executable, aclFinalize at the end; optionally with an
// acl.json text (written to a temporary file) and a device opened on the main thread.
class AclEnvironment : public ::testing::Environment {
 public:
  explicit AclEnvironment(std::string config_json = std::string(), bool set_device = true)
      : config_json_(std::move(config_json)), set_device_(set_device) {}

  void SetUp() override {
    aclError init = ACL_SUCCESS;
    if (config_json_.empty()) {
      init = aclInit(nullptr);
    } else {
      // aclInit reads the file and is done with it: the directory goes at once (a death
      // test's child, which runs this too, _Exit()s without any teardown).
      TempDir dir;
      init = aclInit(dir.Write("acl.json", config_json_).c_str());
    }
    ASSERT_EQ(init, ACL_SUCCESS) << "aclInit: " << RecentMsg();
    if (set_device_) {
      const aclError set = aclrtSetDevice(0);
      ASSERT_EQ(set, ACL_SUCCESS) << "aclrtSetDevice(0): " << RecentMsg();
    }
  }

  void TearDown() override {
    // Releases whatever the tests left behind; a test may have finalized already.
    (void)aclFinalize();
  }

 private:
  std::string config_json_;
  bool set_device_;
};

}  // namespace conformance
