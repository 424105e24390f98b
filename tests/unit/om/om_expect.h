// What the om reader tests share: decoding bytes (ReadModel into a throwaway Model) and
// EXPECT_STATUS (a Status's code and a fragment of its message).
// Owner: tests/unit/om. Thread safety: as gtest's assertions. Failure: gtest failures.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/model.h"
#include "om/om_reader.h"

namespace asim::om::testing {

inline Status Read(const std::vector<uint8_t>& bytes) {
  Model m;
  return ReadModel(bytes.data(), bytes.size(), &m);
}

}  // namespace asim::om::testing

#define EXPECT_STATUS(expr, want_code, fragment)                                                       \
  do {                                                                                                 \
    const ::asim::Status st_ = (expr);                                                                 \
    EXPECT_EQ(st_.code(), (want_code)) << st_.message();                                               \
    EXPECT_NE(st_.message().find(fragment), std::string::npos) << "message: " << st_.message() << "\n" \
                                                               << "wanted:  " << (fragment);           \
  } while (0)
