// Conversions shared by the generated and the hand-written pyACL bindings.
//
// Owns: nothing; inline helpers turning Python-side values (ints as addresses/handles, optional
// str) into C arguments and C results into Python objects, the way the real pyACL does
// (../shared/docs/ascendcl_api.md section 10).
// Thread safety: pure functions; the callers hold the GIL except inside their nogil scope.
// Failure: none here; a wrong Python type is refused by pybind11 with TypeError before these run.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/pyacl/gil.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace asim::pyacl {

// An address or handle that crossed as a Python int, as the C pointer type T (0 = NULL).
template <typename T>
T Ptr(uintptr_t value) {
  if constexpr (std::is_pointer_v<T>) {
    return reinterpret_cast<T>(value);
  } else {
    return reinterpret_cast<T>(value);  // typedef'd void* handles (aclrtStream, ...)
  }
}

// An optional Python str as a C string: None -> NULL. The string lives as long as `s`.
inline const char* Str(const std::optional<std::string>& s) {
  return s ? s->c_str() : nullptr;
}

// A C result or out-value as the Python object pyACL returns: integers and enums as int,
// floating point as float, pointers and handles as int addresses.
template <typename T>
pybind11::object Out(T value) {
  if constexpr (std::is_pointer_v<T>) {
    return pybind11::int_(reinterpret_cast<uintptr_t>(value));
  } else if constexpr (std::is_floating_point_v<T>) {
    return pybind11::float_(static_cast<double>(value));
  } else if constexpr (std::is_enum_v<T>) {
    return pybind11::int_(static_cast<long long>(value));
  } else if constexpr (std::is_signed_v<T>) {
    return pybind11::int_(static_cast<long long>(value));
  } else {
    return pybind11::int_(static_cast<unsigned long long>(value));
  }
}

// A returned C string as str ("" for NULL, as pyACL's Py_BuildValue("s") of an empty name).
inline pybind11::object RetStr(const char* s) {
  return pybind11::str(s != nullptr ? s : "");
}

}  // namespace asim::pyacl
