// A Python callable and its argument carried through a C callback's void* user data.
//
// Owns: references to the callable and the argument until the callback has run (or the launch
// failed); they are dropped with the GIL held.
// Thread safety: Invoke runs on whatever thread delivers the C callback (a report thread, a
// DVPP worker) and takes the GIL for the Python call.
// Failure: an exception raised by the Python callable is printed (sys.excepthook style) and
// swallowed: a C callback has no way to report it, and the real module does the same.
#pragma once

#include <pybind11/pybind11.h>

namespace asim::pyacl {

struct PyCallback {
  pybind11::object fn;
  pybind11::object arg;

  // Calls fn(args...) under the GIL, printing a Python exception instead of propagating it.
  template <typename... Args>
  void Call(Args&&... args) {
    pybind11::gil_scoped_acquire gil;
    try {
      fn(std::forward<Args>(args)...);
    } catch (pybind11::error_already_set& e) {
      e.restore();
      PyErr_Print();
    }
  }

  // Deletes a heap PyCallback with the GIL held (its objects' references must drop under it).
  static void Destroy(PyCallback* cb) {
    if (cb == nullptr) return;
    pybind11::gil_scoped_acquire gil;
    delete cb;
  }
};

}  // namespace asim::pyacl
