// Python lists as the C arrays of the hand-written pyACL bindings.
//
// Owns: the vectors it returns (the C call reads them while they live).
// Thread safety: call with the GIL held (they read Python objects).
// Failure: an element of the wrong type raises TypeError naming the argument and the index.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

namespace asim::pyacl {

// A sequence of ints (a list, tuple or 1-D array of integers) as a vector of T.
template <typename T>
std::vector<T> IntList(const pybind11::handle& seq, const char* what) {
  std::vector<T> out;
  if (seq.is_none()) return out;
  if (!pybind11::isinstance<pybind11::sequence>(seq) && !pybind11::hasattr(seq, "__iter__")) {
    throw pybind11::type_error(std::string(what) + " must be a list of int");
  }
  size_t i = 0;
  for (pybind11::handle v : seq) {
    try {
      out.push_back(v.cast<T>());
    } catch (const pybind11::cast_error&) {
      throw pybind11::type_error(std::string(what) + "[" + std::to_string(i) + "] is not an int in range");
    }
    ++i;
  }
  return out;
}

// A list of handles (ints) as a vector of C pointers of type T.
template <typename T>
std::vector<T> HandleList(const pybind11::handle& seq, const char* what) {
  std::vector<uintptr_t> raw = IntList<uintptr_t>(seq, what);
  std::vector<T> out;
  out.reserve(raw.size());
  for (uintptr_t p : raw) out.push_back(reinterpret_cast<T>(p));
  return out;
}

// A list of floats.
inline std::vector<float> FloatList(const pybind11::handle& seq, const char* what) {
  std::vector<float> out;
  size_t i = 0;
  for (pybind11::handle v : seq) {
    try {
      out.push_back(v.cast<float>());
    } catch (const pybind11::cast_error&) {
      throw pybind11::type_error(std::string(what) + "[" + std::to_string(i) + "] is not a number");
    }
    ++i;
  }
  return out;
}

}  // namespace asim::pyacl
