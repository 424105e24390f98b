// PROF_* naming. See prof_dir.h.
//
// Thread safety: see prof_dir.h. Failure: Status kWriteFile.
#include "profdata/prof_dir.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>

namespace asim::profdata {
namespace {

namespace fs = std::filesystem;

std::tm LocalTime(uint64_t wall_ns) {
  const std::time_t secs = static_cast<std::time_t>(wall_ns / 1000000000ull);
  std::tm tm{};
  localtime_r(&secs, &tm);
  return tm;
}

std::string RandomLetters() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<uint64_t>(rd()) << 32) ^ rd() ^ WallNowNs());
  std::uniform_int_distribution<int> letter(0, 25);
  std::string s(16, 'A');
  for (char& c : s) c = static_cast<char>('A' + letter(gen));
  return s;
}

}  // namespace

uint64_t WallNowNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

std::string ProfDirName(uint32_t sequence, uint64_t wall_ns, const std::string& letters) {
  const std::tm tm = LocalTime(wall_ns);
  char buf[96];
  std::snprintf(buf, sizeof(buf), "PROF_%06u_%04d%02d%02d%02d%02d%02d%03u_%s", sequence % 1000000u, tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<unsigned>((wall_ns / 1000000ull) % 1000ull), letters.c_str());
  return buf;
}

std::string FileTimestamp(uint64_t wall_ns) {
  const std::tm tm = LocalTime(wall_ns);
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%04d%02d%02d%02d%02d%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec);
  return buf;
}

bool ParseProfDirName(const std::string& name, uint32_t* sequence) {
  // PROF_ + 6 digits + _ + 17 digits + _ + 16 letters = 46 characters.
  if (name.size() != 46 || name.rfind("PROF_", 0) != 0 || name[11] != '_' || name[29] != '_') return false;
  for (size_t i = 5; i < 29; ++i) {
    if (i != 11 && (name[i] < '0' || name[i] > '9')) return false;
  }
  for (size_t i = 30; i < 46; ++i) {
    if (name[i] < 'A' || name[i] > 'Z') return false;
  }
  if (sequence != nullptr) *sequence = static_cast<uint32_t>(std::stoul(name.substr(5, 6)));
  return true;
}

std::vector<std::string> ListProfDirs(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && ParseProfDirName(name, nullptr)) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Status CreateProfDir(const std::string& output, uint64_t wall_ns, std::string* path, std::string* name) {
  std::error_code ec;
  fs::create_directories(output, ec);
  if (ec)
    return Status(err::kWriteFile, "cannot create the profiling output directory '" + output + "': " + ec.message());
  for (int attempt = 0; attempt < 100; ++attempt) {
    uint32_t next = 1;
    for (const std::string& existing : ListProfDirs(output)) {
      uint32_t seq = 0;
      if (ParseProfDirName(existing, &seq)) next = std::max(next, seq + 1);
    }
    const std::string candidate = ProfDirName(next, wall_ns, RandomLetters());
    const fs::path full = fs::path(output) / candidate;
    if (fs::create_directory(full, ec)) {
      *path = full.string();
      *name = candidate;
      return Status::Ok();
    }
    if (ec) return Status(err::kWriteFile, "cannot create '" + full.string() + "': " + ec.message());
  }
  return Status(err::kWriteFile, "cannot create a fresh PROF_* directory in '" + output + "'");
}

}  // namespace asim::profdata
