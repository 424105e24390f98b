// The hand-written bindings of acl.mdl: the calls that fill aclmdlIODims / aclmdlIODimsRange /
// aclmdlBatch / aclmdlHW / aclAippInfo / aclmdlExeOMDesc (returned as dicts, as pyACL returns
// them), set_input_dynamic_dims (a dict in), add_dataset_buffer, which pyACL answers with
// (dataset, ret), create_and_get_op_desc (a name buffer and two description arrays), and
// dump_reg_callback (a Python callable receiving the dump's chunks).
//
// Owns: the dump callable until dump_unreg_callback or a new registration (kept at exit).
// Thread safety: the GIL is released around each C call.
// Failure: ret is the C API's aclError (the dict is then the zeroed structure's); a malformed
// dims dict raises TypeError / ValueError naming the field.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/list_args.h"
#include "python/pyacl/py_callback.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

// Calls `call(&value)` on a zeroed T without the GIL: the C functions that fill a structure.
// Returns the structure (zeroed apart from what the call wrote) and the call's aclError.
template <typename T, typename Call>
std::pair<T, int> FillOut(Call&& call) {
  T value;
  std::memset(&value, 0, sizeof value);
  aclError ret;
  {
    ReleasedGil nogil;
    ret = call(&value);
  }
  return {value, static_cast<int>(ret)};
}

// {"name": str, "dimCount": int, "dims": [int, ...]}
py::dict DimsDict(const aclmdlIODims& d) {
  py::dict out;
  size_t n = d.dimCount <= ACL_MAX_DIM_CNT ? d.dimCount : ACL_MAX_DIM_CNT;
  out["name"] = py::str(std::string(d.name, strnlen(d.name, sizeof d.name)));
  out["dimCount"] = n;
  out["dims"] = py::cast(std::vector<int64_t>(d.dims, d.dims + n));
  return out;
}

aclmdlIODims DimsFromDict(const py::dict& dict) {
  aclmdlIODims d;
  std::memset(&d, 0, sizeof d);
  if (dict.contains("name")) {
    std::string name = dict["name"].cast<std::string>();
    std::strncpy(d.name, name.c_str(), sizeof d.name - 1);
  }
  if (!dict.contains("dims")) throw py::value_error("dims dict has no \"dims\" list");
  std::vector<int64_t> dims = IntList<int64_t>(dict["dims"], "dims[\"dims\"]");
  if (dims.size() > ACL_MAX_DIM_CNT) throw py::value_error("dims has more than ACL_MAX_DIM_CNT (128) entries");
  size_t count = dict.contains("dimCount") ? dict["dimCount"].cast<size_t>() : dims.size();
  if (count > dims.size()) throw py::value_error("dimCount " + std::to_string(count) + " exceeds the dims list");
  d.dimCount = count;
  std::copy(dims.begin(), dims.end(), d.dims);
  return d;
}

using GetDims = aclError (*)(const aclmdlDesc*, size_t, aclmdlIODims*);

py::dict AippDict(const aclAippInfo& a) {
  py::dict o;
#define ASIM_FIELD(f) o[#f] = a.f
  o["inputFormat"] = static_cast<int>(a.inputFormat);
  ASIM_FIELD(srcImageSizeW);
  ASIM_FIELD(srcImageSizeH);
  ASIM_FIELD(cropSwitch);
  ASIM_FIELD(loadStartPosW);
  ASIM_FIELD(loadStartPosH);
  ASIM_FIELD(cropSizeW);
  ASIM_FIELD(cropSizeH);
  ASIM_FIELD(resizeSwitch);
  ASIM_FIELD(resizeOutputW);
  ASIM_FIELD(resizeOutputH);
  ASIM_FIELD(paddingSwitch);
  ASIM_FIELD(leftPaddingSize);
  ASIM_FIELD(rightPaddingSize);
  ASIM_FIELD(topPaddingSize);
  ASIM_FIELD(bottomPaddingSize);
  ASIM_FIELD(cscSwitch);
  ASIM_FIELD(rbuvSwapSwitch);
  ASIM_FIELD(axSwapSwitch);
  ASIM_FIELD(singleLineMode);
  ASIM_FIELD(matrixR0C0);
  ASIM_FIELD(matrixR0C1);
  ASIM_FIELD(matrixR0C2);
  ASIM_FIELD(matrixR1C0);
  ASIM_FIELD(matrixR1C1);
  ASIM_FIELD(matrixR1C2);
  ASIM_FIELD(matrixR2C0);
  ASIM_FIELD(matrixR2C1);
  ASIM_FIELD(matrixR2C2);
  ASIM_FIELD(outputBias0);
  ASIM_FIELD(outputBias1);
  ASIM_FIELD(outputBias2);
  ASIM_FIELD(inputBias0);
  ASIM_FIELD(inputBias1);
  ASIM_FIELD(inputBias2);
  ASIM_FIELD(meanChn0);
  ASIM_FIELD(meanChn1);
  ASIM_FIELD(meanChn2);
  ASIM_FIELD(meanChn3);
  ASIM_FIELD(minChn0);
  ASIM_FIELD(minChn1);
  ASIM_FIELD(minChn2);
  ASIM_FIELD(minChn3);
  ASIM_FIELD(varReciChn0);
  ASIM_FIELD(varReciChn1);
  ASIM_FIELD(varReciChn2);
  ASIM_FIELD(varReciChn3);
  o["srcFormat"] = static_cast<int>(a.srcFormat);
  o["srcDatatype"] = static_cast<int>(a.srcDatatype);
  ASIM_FIELD(srcDimNum);
  ASIM_FIELD(shapeCount);
#undef ASIM_FIELD
  py::list out_dims;
  size_t n = a.shapeCount <= ACL_MAX_SHAPE_COUNT ? a.shapeCount : ACL_MAX_SHAPE_COUNT;
  for (size_t i = 0; i < n; ++i) {
    py::dict e;
    e["srcDims"] = DimsDict(a.outDims[i].srcDims);
    e["srcSize"] = a.outDims[i].srcSize;
    e["aippOutdims"] = DimsDict(a.outDims[i].aippOutdims);
    e["aippOutSize"] = a.outDims[i].aippOutSize;
    out_dims.append(e);
  }
  o["outDims"] = out_dims;
  return o;
}

std::mutex dump_mu;
PyCallback* dump_cb = nullptr;  // the registered callable; deliberately leaked at exit

// Hands one dump chunk to Python as {"fileName", "bufLen", "isLastChunk", "offset", "flag",
// "dataBuf": bytes}; the callable's int result goes back to the dump (0 = accepted).
int32_t RunDumpCallback(const acldumpChunk* chunk, int32_t length) {
  PyCallback* cb;
  {
    std::lock_guard<std::mutex> lock(dump_mu);
    cb = dump_cb;
  }
  if (cb == nullptr || chunk == nullptr) return 0;
  HeldGil gil;
  try {
    py::dict d;
    d["fileName"] = py::str(std::string(chunk->fileName, strnlen(chunk->fileName, sizeof chunk->fileName)));
    d["bufLen"] = chunk->bufLen;
    d["isLastChunk"] = chunk->isLastChunk;
    d["offset"] = chunk->offset;
    d["flag"] = chunk->flag;
    d["dataBuf"] = py::bytes(reinterpret_cast<const char*>(chunk->dataBuf), chunk->bufLen);
    py::object r = cb->fn(d, length);
    return r.is_none() ? 0 : r.cast<int32_t>();
  } catch (py::error_already_set& e) {
    e.restore();
    PyErr_Print();
  } catch (const py::cast_error&) {
    PyErr_SetString(PyExc_TypeError, "the dump callback must return an int");
    PyErr_Print();
  }
  return 1;
}

py::dict RangeDict(const aclmdlIODimsRange& r) {
  size_t n = r.rangeCount <= ACL_MAX_DIM_CNT ? r.rangeCount : ACL_MAX_DIM_CNT;
  py::list ranges;
  for (size_t i = 0; i < n; ++i) ranges.append(py::cast(std::vector<int64_t>{r.range[i][0], r.range[i][1]}));
  py::dict d;
  d["rangeCount"] = n;
  d["range"] = ranges;
  return d;
}

}  // namespace

void RegisterManualMdl(py::module_& m) {
  auto def_dims = [&](const char* name, GetDims fn) {
    m.def(
        name,
        [fn](uintptr_t desc, size_t index) {
          const auto [d, ret] = FillOut<aclmdlIODims>(
              [&](aclmdlIODims* out) { return fn(reinterpret_cast<const aclmdlDesc*>(desc), index, out); });
          return py::make_tuple(DimsDict(d), ret);
        },
        py::arg("model_desc"), py::arg("index"));
  };
  def_dims("get_input_dims", aclmdlGetInputDims);
  def_dims("get_input_dims_v2", aclmdlGetInputDimsV2);
  def_dims("get_output_dims", aclmdlGetOutputDims);
  def_dims("get_cur_output_dims", aclmdlGetCurOutputDims);

  // (dataset, ret), as the real module answers (samples write `_, ret = ...`).
  m.def(
      "add_dataset_buffer",
      [](uintptr_t dataset, uintptr_t buffer) {
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclmdlAddDatasetBuffer(reinterpret_cast<aclmdlDataset*>(dataset),
                                       reinterpret_cast<aclDataBuffer*>(buffer));
        }
        return py::make_tuple(dataset, static_cast<int>(ret));
      },
      py::arg("dataset"), py::arg("data_buffer"));

  // (dataset, ret): pyACL's `dataset, ret = acl.mdl.set_dataset_tensor_desc(dataset, desc, index)`.
  m.def(
      "set_dataset_tensor_desc",
      [](uintptr_t dataset, uintptr_t desc, size_t index) {
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclmdlSetDatasetTensorDesc(reinterpret_cast<aclmdlDataset*>(dataset),
                                           reinterpret_cast<aclTensorDesc*>(desc), index);
        }
        return py::make_tuple(dataset, static_cast<int>(ret));
      },
      py::arg("dataset"), py::arg("tensor_desc"), py::arg("index"));

  // ({"batchCount": n, "batch": [...]}, ret)
  m.def(
      "get_dynamic_batch",
      [](uintptr_t desc) {
        const auto [b, ret] = FillOut<aclmdlBatch>(
            [&](aclmdlBatch* out) { return aclmdlGetDynamicBatch(reinterpret_cast<const aclmdlDesc*>(desc), out); });
        size_t n = b.batchCount <= ACL_MAX_BATCH_NUM ? b.batchCount : ACL_MAX_BATCH_NUM;
        py::dict d;
        d["batchCount"] = n;
        d["batch"] = py::cast(std::vector<uint64_t>(b.batch, b.batch + n));
        return py::make_tuple(d, ret);
      },
      py::arg("model_desc"));

  // ({"hwCount": n, "hw": [[h, w], ...]}, ret)
  m.def(
      "get_dynamic_hw",
      [](uintptr_t desc, long long index) {  // -1 (reserved) as documented: wraps as (size_t)-1 does in C
        const auto [hw, ret] = FillOut<aclmdlHW>([&](aclmdlHW* out) {
          return aclmdlGetDynamicHW(reinterpret_cast<const aclmdlDesc*>(desc), static_cast<size_t>(index), out);
        });
        size_t n = hw.hwCount <= ACL_MAX_HW_NUM ? hw.hwCount : ACL_MAX_HW_NUM;
        py::list list;
        for (size_t i = 0; i < n; ++i) list.append(py::make_tuple(hw.hw[i][0], hw.hw[i][1]).cast<py::list>());
        py::dict d;
        d["hwCount"] = n;
        d["hw"] = list;
        return py::make_tuple(d, ret);
      },
      py::arg("model_desc"), py::arg("index"));

  // ([dims dict per gear], ret) for gear_count gears (acl.mdl.get_input_dynamic_gear_count).
  m.def(
      "get_input_dynamic_dims",
      [](uintptr_t desc, long long index, size_t gear_count) {  // index -1 (reserved), as documented
        if (gear_count > 4096) throw py::value_error("gear_count must be at most 4096");
        std::vector<aclmdlIODims> gears(gear_count == 0 ? 1 : gear_count);
        std::memset(gears.data(), 0, gears.size() * sizeof(aclmdlIODims));
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclmdlGetInputDynamicDims(reinterpret_cast<const aclmdlDesc*>(desc), static_cast<size_t>(index),
                                          gears.data(), gear_count);
        }
        py::list list;
        for (size_t i = 0; i < gear_count; ++i) list.append(DimsDict(gears[i]));
        return py::make_tuple(list, static_cast<int>(ret));
      },
      py::arg("model_desc"), py::arg("index"), py::arg("gear_count"));

  // acl.mdl.set_input_dynamic_dims(model_id, dataset, index, {"name":..., "dimCount": n, "dims": [...]}) -> ret
  m.def(
      "set_input_dynamic_dims",
      [](uint32_t model_id, uintptr_t dataset, size_t index, py::dict dims) -> int {
        aclmdlIODims d = DimsFromDict(dims);
        ReleasedGil nogil;
        return aclmdlSetInputDynamicDims(model_id, reinterpret_cast<aclmdlDataset*>(dataset), index, &d);
      },
      py::arg("model_id"), py::arg("dataset"), py::arg("index"), py::arg("dims"));

  // ({"rangeCount": n, "range": [[min, max], ...]}, ret)
  m.def(
      "get_input_dims_range",
      [](uintptr_t desc, size_t index) {
        const auto [r, ret] = FillOut<aclmdlIODimsRange>([&](aclmdlIODimsRange* out) {
          return aclmdlGetInputDimsRange(reinterpret_cast<const aclmdlDesc*>(desc), index, out);
        });
        return py::make_tuple(RangeDict(r), ret);
      },
      py::arg("model_desc"), py::arg("index"));

  // (dict of aclmdlExeOMDesc's sizes, ret)
  m.def(
      "query_exe_om_desc",
      [](const std::string& path) {
        const auto [d, ret] =
            FillOut<aclmdlExeOMDesc>([&](aclmdlExeOMDesc* out) { return aclmdlQueryExeOMDesc(path.c_str(), out); });
        py::dict o;
        o["workSize"] = d.workSize;
        o["weightSize"] = d.weightSize;
        o["modelDescSize"] = d.modelDescSize;
        o["kernelSize"] = d.kernelSize;
        o["kernelArgsSize"] = d.kernelArgsSize;
        o["staticTaskSize"] = d.staticTaskSize;
        o["dynamicTaskSize"] = d.dynamicTaskSize;
        return py::make_tuple(o, ret);
      },
      py::arg("file_name"));

  // (op_name, input_desc, num_inputs, output_desc, num_outputs, ret): the description arrays'
  // elements through acl.get_tensor_desc_by_index, freed with acl.destroy_tensor_desc(array).
  m.def(
      "create_and_get_op_desc",
      [](uint32_t device_id, uint32_t stream_id, uint32_t task_id, size_t op_name_len) {
        if (op_name_len == 0 || op_name_len > (1u << 16)) throw py::value_error("op_name_len must be in [1, 65536]");
        std::vector<char> name(op_name_len + 1, '\0');
        aclTensorDesc* in = nullptr;
        aclTensorDesc* out = nullptr;
        size_t num_in = 0, num_out = 0;
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclmdlCreateAndGetOpDesc(device_id, stream_id, task_id, name.data(), op_name_len, &in, &num_in, &out,
                                         &num_out);
        }
        return py::make_tuple(py::str(std::string(name.data())), reinterpret_cast<uintptr_t>(in), num_in,
                              reinterpret_cast<uintptr_t>(out), num_out, static_cast<int>(ret));
      },
      py::arg("device_id"), py::arg("stream_id"), py::arg("task_id"), py::arg("op_name_len"));

  // acl.mdl.dump_reg_callback(func, flag) -> ret; func(chunk dict, length) -> int per dump chunk.
  m.def(
      "dump_reg_callback",
      [](py::function func, int32_t flag) -> int {
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldumpRegCallback(RunDumpCallback, flag);
        }
        if (ret == ACL_SUCCESS) {
          auto* next = new PyCallback{func, py::none()};
          PyCallback* old;
          {
            std::lock_guard<std::mutex> lock(dump_mu);
            old = dump_cb;
            dump_cb = next;
          }
          delete old;
        }
        return ret;
      },
      py::arg("callback"), py::arg("flag"));

  // (dict of aclAippInfo's fields, outDims a list of dicts, ret)
  m.def(
      "get_first_aipp_info",
      [](uint32_t model_id, size_t index) {
        auto info = std::make_unique<aclAippInfo>();
        std::memset(info.get(), 0, sizeof(aclAippInfo));
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclmdlGetFirstAippInfo(model_id, index, info.get());
        }
        return py::make_tuple(AippDict(*info), static_cast<int>(ret));
      },
      py::arg("model_id"), py::arg("index"));
}

}  // namespace asim::pyacl
