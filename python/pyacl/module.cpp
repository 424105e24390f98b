// The `acl` Python extension module: pyACL over the simulator's libascendcl.
//
// Owns: the module object and its submodules acl.rt, acl.mdl, acl.op, acl.media, acl.prof,
// acl.blas, acl.tdt, acl.fv, acl.util and acl.sim (the simulator's aclsim* extensions); each is
// also entered in sys.modules so that `import acl.rt` and `from acl import mdl` work.
// Thread safety: module initialisation runs under the GIL; every binding releases the GIL around
// its C call (bindings.h's functions say so where they call back into Python).
// Failure: see bindings.h.
#include <pybind11/pybind11.h>

#include "python/pyacl/bindings.h"

namespace py = pybind11;

PYBIND11_MODULE(acl, m) {
  using namespace asim::pyacl;
  m.doc() = "pyACL on the simulated Ascend NPU (libascendcl): the AscendCL C API for Python";
  py::dict sys_modules = py::module_::import("sys").attr("modules");
  auto sub = [&](const char* name, const char* doc) {
    py::module_ s = m.def_submodule(name, doc);
    sys_modules[py::str(std::string("acl.") + name)] = s;
    return s;
  };
  py::module_ rt = sub("rt", "aclrt*: devices, contexts, streams, events, memory, callbacks");
  py::module_ mdl = sub("mdl", "aclmdl*: offline models, datasets, descriptions, AIPP, dump");
  py::module_ op = sub("op", "aclop*: single operators");
  py::module_ media = sub("media", "acldvpp* / aclvdec* / aclvenc*: the DVPP media engines");
  py::module_ prof = sub("prof", "aclprof*: profiling");
  py::module_ blas = sub("blas", "aclblas*: cblas on the device");
  py::module_ tdt = sub("tdt", "acltdt*: data channels and queues");
  py::module_ fv = sub("fv", "aclfv*: feature retrieval");
  py::module_ util = sub("util", "host helpers: numpy / bytes <-> addresses, report threads");
  py::module_ sim = sub("sim", "aclsim*: the simulator's testing extensions (not in CANN's pyACL)");

  RegisterGenerated_acl(m);
  RegisterGenerated_rt(rt);
  RegisterGenerated_mdl(mdl);
  RegisterGenerated_op(op);
  RegisterGenerated_media(media);
  RegisterGenerated_prof(prof);
  RegisterGenerated_blas(blas);
  RegisterGenerated_tdt(tdt);
  RegisterGenerated_fv(fv);
  RegisterGenerated_sim(sim);

  RegisterManualBase(m);
  RegisterManualRt(rt);
  RegisterManualMdl(mdl);
  RegisterManualOp(op);
  RegisterManualMedia(media);
  RegisterManualProf(prof);
  RegisterManualTdt(tdt);
  RegisterUtil(util);
}
