// The GIL around pyACL's C calls and callbacks, safe when the interpreter ends the thread.
//
// ReleasedGil: the GIL given up for the duration of a C call and taken back at scope exit, for
// every pyACL binding (generated and hand-written). HeldGil: the GIL taken by a thread that runs
// Python from C (a host callback, a thread of acl.util.start_thread) and given back at exit.
//
// Why not pybind11::gil_scoped_release / gil_scoped_acquire: taking the GIL back while the
// interpreter finalizes ends the calling thread (CPython's PyEval_RestoreThread calls pthread_exit, which unwinds the
// stack with a "forced unwind" exception), and a forced unwind leaving a noexcept destructor,
// as pybind11's is, calls std::terminate. A Python program that ended while a daemon thread was
// inside an acl call (an inference loop, a report thread in aclrtProcessReport) then aborted
// with SIGABRT. This destructor lets the unwind through (pybind11's dispatcher and CPython pass
// it on and the thread ends quietly, as it would in time.sleep), and does not take the GIL back
// while the stack is already unwinding towards a finalizing interpreter's exit. HeldGil likewise
// does not give back (and clear) a thread state the interpreter has already abandoned, which
// pybind11's gil_scoped_acquire does in its destructor without the GIL (a fatal error).
// Owns: the calling thread's saved thread state (ReleasedGil) or GIL state (HeldGil) until
// scope exit.
// Thread safety: per thread, on the stack. Failure: none of its own.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

namespace asim::pyacl {

// Whether the interpreter is finalizing (taking the GIL would end the calling thread).
inline bool InterpreterFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

// Whether a guard's destructor runs in the unwind of a thread the finalizing interpreter is
// ending (more exceptions in flight than when the guard was made): it must not touch the GIL.
inline bool EndingThread(int exceptions_at_start) {
  return std::uncaught_exceptions() > exceptions_at_start && InterpreterFinalizing();
}

class ReleasedGil {
 public:
  ReleasedGil() : state_(PyEval_SaveThread()), exceptions_(std::uncaught_exceptions()) {}
  ReleasedGil(const ReleasedGil&) = delete;
  ReleasedGil& operator=(const ReleasedGil&) = delete;

  ~ReleasedGil() noexcept(false) {
    // Taking the GIL in that unwind would end the thread a second time inside it.
    if (EndingThread(exceptions_)) return;
    PyEval_RestoreThread(state_);
  }

 private:
  PyThreadState* state_;
  int exceptions_;
};

class HeldGil {
 public:
  HeldGil() : state_(PyGILState_Ensure()), exceptions_(std::uncaught_exceptions()) {}
  HeldGil(const HeldGil&) = delete;
  HeldGil& operator=(const HeldGil&) = delete;

  ~HeldGil() noexcept(false) {
    if (EndingThread(exceptions_)) return;
    PyGILState_Release(state_);
  }

 private:
  PyGILState_STATE state_;
  int exceptions_;
};

}  // namespace asim::pyacl
