// A Python callable and its argument carried through a C callback's void* user data.
//
// Owns: references to the callable and the argument until the callback has run (or the launch
// failed); they are dropped with the GIL held.
// Thread safety: Invoke runs on whatever thread delivers the C callback (a report thread, a
// DVPP worker) and takes the GIL for the Python call (HeldGil: the interpreter may end the
// thread there while it finalizes).
// Failure: an exception raised by the Python callable is printed (sys.excepthook style) and
// swallowed: a C callback has no way to report it, and the real module does the same.
#pragma once

#include <pybind11/pybind11.h>

#include "python/pyacl/gil.h"

namespace asim::pyacl {

struct PyCallback {
  pybind11::object fn;
  pybind11::object arg;

  // Calls fn(args...) under the GIL, printing a Python exception instead of propagating it.
  // Through the C API with raw references: if the callable ends the thread (it called into
  // pyACL while the interpreter finalizes, gil.h), the unwind must not run destructors that
  // drop Python references without the GIL, as pybind11's call temporaries would.
  template <typename... Args>
  void Call(Args&&... args) {
    HeldGil gil;
    PyObject* call_args = pybind11::make_tuple(std::forward<Args>(args)...).release().ptr();
    CallRaw(fn.ptr(), call_args);
    Py_DECREF(call_args);
  }

  // fn(*args) for a tuple `args`; a Python exception is printed.
  static void CallRaw(PyObject* callable, PyObject* args) {
    PyObject* result = PyObject_Call(callable, args, nullptr);
    if (result == nullptr) {
      PyErr_Print();
    } else {
      Py_DECREF(result);
    }
  }

  // Deletes a heap PyCallback with the GIL held (its objects' references must drop under it).
  static void Destroy(PyCallback* cb) {
    if (cb == nullptr) return;
    HeldGil gil;
    delete cb;
  }
};

}  // namespace asim::pyacl
