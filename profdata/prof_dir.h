// PROF_* directory names and the deliverables' file time stamps.
//
// Owns: the naming rules of the real toolchain (ascend_tools_hw.md 3.4):
// PROF_{6-digit sequence}_{YYYYMMDDhhmmssmmm}_{16 upper-case letters}, and the
// {YYYYMMDDhhmmss} suffix of the files in mindstudio_profiler_output/ (local time).
// Thread safety: CreateProfDir is safe from several threads and processes (the directory
// creation is the arbiter). Failure: Status kWriteFile naming the directory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::profdata {

// "PROF_000001_20230608201922856_LPKNFOADMAQRMDGC"; `letters` must be 16 characters.
std::string ProfDirName(uint32_t sequence, uint64_t wall_ns, const std::string& letters);
// "20230608201922" (local time of `wall_ns`).
std::string FileTimestamp(uint64_t wall_ns);
// Whether `name` has the PROF_ shape; `sequence` receives its number.
bool ParseProfDirName(const std::string& name, uint32_t* sequence);

// Creates `output` (and parents) if needed and a fresh PROF_* directory inside it whose
// sequence number follows the largest one there; returns its full path and name.
Status CreateProfDir(const std::string& output, uint64_t wall_ns, std::string* path, std::string* name);

// PROF_* directories directly under `dir`, sorted by name.
std::vector<std::string> ListProfDirs(const std::string& dir);

uint64_t WallNowNs();

}  // namespace asim::profdata
