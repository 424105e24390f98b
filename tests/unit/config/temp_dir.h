// TempDir: a scratch directory for config tests, removed with its contents at scope exit.
// Owner: runtime/config tests. Thread safety: one per test. Failure: gtest assertion on
// creation failure (Path() is then empty).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace asim::cfg::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "asim_cfg_XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    EXPECT_FALSE(path_.empty()) << "mkdtemp failed";
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& Path() const { return path_; }

  // Writes `content` to <dir>/<name> and returns the file's path.
  std::string Write(std::string_view name, std::string_view content) const {
    const std::string file = path_ + "/" + std::string(name);
    std::ofstream out(file, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    return file;
  }

 private:
  std::string path_;
};

}  // namespace asim::cfg::testing
