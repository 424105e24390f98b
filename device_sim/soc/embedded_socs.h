// The shipped SoC spec files, compiled in.
//
// Owns: nothing; declares the table that the build generates (embed_socs.cmake writes
// embedded_socs.cpp into the build tree from device_sim/socs/*.json, one entry per file,
// sorted by file name, the text verbatim). Owner: device_sim/soc.
// Thread safety: read-only static data. Failure: none at run time; the build fails if a
// file cannot be embedded.
#pragma once

#include <span>
#include <string_view>

namespace asim::sim {

struct EmbeddedSocFile {
  std::string_view name;  // "Ascend310.json"
  std::string_view text;  // the file's bytes
};

std::span<const EmbeddedSocFile> EmbeddedSocFiles();

}  // namespace asim::sim
