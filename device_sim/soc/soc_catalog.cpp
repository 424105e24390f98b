// The SoC catalog: LoadSocSpec and KnownSocVersions over the embedded specs plus the
// directory named by ASCEND_SIM_SOC_DIR (see soc_spec.h). Owner: device_sim/soc.
// Thread safety: every call builds its own catalog (specs are few and small); only the
// environment and the read-only embedded text are shared.
// Failure: Status; an embedded spec that fails to parse is a build defect and is reported
// as err::kInternalError; a bad directory or file as the parser's / err::kInvalidParam.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/log.h"
#include "device_sim/soc/embedded_socs.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {
namespace {

constexpr const char* kSocDirEnv = "ASCEND_SIM_SOC_DIR";

struct Catalog {
  std::vector<SocSpec> specs;
  Status status;  // first problem met while reading ASCEND_SIM_SOC_DIR (specs holds the rest)
};

void AddOrReplace(SocSpec spec, std::vector<SocSpec>* specs) {
  for (SocSpec& existing : *specs) {
    if (existing.soc_version == spec.soc_version) {
      ASIM_LOG_INFO("[SIM] SoC spec {} from {} overrides {}", spec.soc_version, spec.source, existing.source);
      existing = std::move(spec);
      return;
    }
  }
  specs->push_back(std::move(spec));
}

Status ReadFile(const std::filesystem::path& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(err::kInvalidFile, path.string() + ": cannot open the file");
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return Status(err::kInvalidFile, path.string() + ": cannot read the file");
  *text = buf.str();
  return Status::Ok();
}

// Adds the specs of ASCEND_SIM_SOC_DIR; returns the first problem, having added what it could.
Status AddDirectory(std::vector<SocSpec>* specs) {
  const char* dir = std::getenv(kSocDirEnv);
  if (dir == nullptr || *dir == '\0') return Status::Ok();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return Status(err::kInvalidParam, std::string(kSocDirEnv) + "=" + dir + " is not a directory");
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  if (ec) return Status(err::kInvalidParam, std::string(kSocDirEnv) + "=" + dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  Status first;
  std::vector<std::string> seen;
  for (const auto& path : files) {
    std::string text;
    SocSpec spec;
    Status s = ReadFile(path, &text);
    if (s.ok()) s = ParseSocSpec(text, path.string(), &spec);
    if (s.ok() && std::find(seen.begin(), seen.end(), spec.soc_version) != seen.end()) {
      s = Status(err::kFileAttrInvalid,
                 path.string() + ": soc_version " + spec.soc_version + " is defined twice in " + dir);
    }
    if (!s.ok()) {
      if (first.ok()) first = s;
      continue;
    }
    seen.push_back(spec.soc_version);
    AddOrReplace(std::move(spec), specs);
  }
  return first;
}

Catalog BuildCatalog() {
  Catalog c;
  for (const EmbeddedSocFile& file : EmbeddedSocFiles()) {
    SocSpec spec;
    Status s = ParseSocSpec(file.text, "embedded:" + std::string(file.name), &spec);
    if (!s.ok()) {
      ASIM_LOG_ERROR("[SIM] shipped SoC spec is invalid: {}", s.message());
      if (c.status.ok()) c.status = Status(err::kInternalError, s.message());
      continue;
    }
    AddOrReplace(std::move(spec), &c.specs);
  }
  Status dir = AddDirectory(&c.specs);
  if (c.status.ok()) c.status = dir;
  return c;
}

std::string DescribeKnown(const std::vector<SocSpec>& specs) {
  std::vector<std::string> names;
  for (const SocSpec& s : specs) {
    std::string n = s.soc_version;
    std::vector<std::string> other = s.aliases;
    if (s.soc_name != s.soc_version && std::find(other.begin(), other.end(), s.soc_name) == other.end()) {
      other.insert(other.begin(), s.soc_name);
    }
    if (!other.empty()) {
      n += " (also";
      for (const std::string& a : other) n += " " + a;
      n += ")";
    }
    names.push_back(std::move(n));
  }
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

Status LoadSocSpec(std::string_view soc_version, SocSpec* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "LoadSocSpec: output is null");
  Catalog c = BuildCatalog();
  // A broken override directory must not go unnoticed when a SoC is being chosen.
  ASIM_RETURN_IF_ERROR(c.status);
  const SocSpec* found = nullptr;
  for (const SocSpec& s : c.specs) {
    if (s.soc_version == soc_version) found = &s;
  }
  for (const SocSpec& s : c.specs) {
    if (found != nullptr) break;
    if (s.soc_name == soc_version || std::find(s.aliases.begin(), s.aliases.end(), soc_version) != s.aliases.end()) {
      found = &s;
    }
  }
  if (found == nullptr) {
    std::string dir_note;
    if (const char* dir = std::getenv(kSocDirEnv); dir == nullptr || *dir == '\0') {
      dir_note = "; set " + std::string(kSocDirEnv) + " to a directory of <soc_version>.json files to add one";
    }
    return Status(err::kInvalidParam,
                  "unknown SoC '" + std::string(soc_version) + "'; known SoCs: " + DescribeKnown(c.specs) + dir_note);
  }
  *out = *found;
  return Status::Ok();
}

std::vector<std::string> KnownSocVersions() {
  Catalog c = BuildCatalog();
  if (!c.status.ok()) ASIM_LOG_WARN("[SIM] {}", c.status.message());
  std::vector<std::string> names;
  for (const SocSpec& s : c.specs) names.push_back(s.soc_version);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace asim::sim
