// The TensorFlow translation table and its shared helpers (see ops.h).
#include "tools/atc/tensorflow/ops.h"

#include <algorithm>
#include <map>

namespace asim::atc::tf_import {
namespace {

const std::map<std::string, TranslateFn>& TheTable() {
  static const std::map<std::string, TranslateFn> table = [] {
    Table t;
    AddNnOps(&t);
    AddMathOps(&t);
    AddShapeOps(&t);
    return std::map<std::string, TranslateFn>(t.begin(), t.end());
  }();
  return table;
}

}  // namespace

TranslateFn FindOpTranslator(const std::string& op) {
  auto it = TheTable().find(op);
  return it == TheTable().end() ? nullptr : it->second;
}

std::vector<std::string> TranslatedOps() {
  std::vector<std::string> names{"Const", "Placeholder"};
  for (const auto& [name, fn] : TheTable()) names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

Status NormalizeAxis(const NodeContext& c, int64_t axis, size_t rank, const std::string& what, size_t* out) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) {
    return c.Malformed("has " + what + " " + std::to_string(axis) + ", out of range for its " + std::to_string(rank) +
                       "-D input");
  }
  *out = static_cast<size_t>(axis < 0 ? axis + r : axis);
  return Status::Ok();
}

Status AlignPair(NodeContext& c, TfValue a, TfValue b, int* ia, int* ib, bool* nchw) {
  const size_t ra = c.DimsOf(a).size(), rb = c.DimsOf(b).size();
  *nchw = (a.nchw || b.nchw) && ra <= 4 && rb <= 4;
  if (!*nchw) {
    *ia = c.PlainOf(a);
    *ib = c.PlainOf(b);
    return Status::Ok();
  }
  const auto to_nchw = [&](TfValue v, size_t r, const char* which, int* out) -> Status {
    if (v.nchw || r == 4) {
      *out = c.NchwOf(v);
      return Status::Ok();
    }
    if (r == 0) {
      *out = v.id;
      return Status::Ok();
    }
    // Right-aligned broadcasting: [d...] -> [1, ..., d...] (4-D), then into NCHW order.
    std::vector<int64_t> axes;
    for (size_t i = 0; i < 4 - r; ++i) axes.push_back(static_cast<int64_t>(i));
    int t = -1;
    ASIM_RETURN_IF_ERROR(c.EmitOne("Unsqueeze", {v.id, c.ConstInt64(std::string(which) + "_axes", axes)}, {}, &t,
                                   std::string(which) + "_4d"));
    return c.Transpose(t, kToNchw, std::string(which) + "_nchw", out);
  };
  ASIM_RETURN_IF_ERROR(to_nchw(a, ra, "x", ia));
  return to_nchw(b, rb, "y", ib);
}

void RemovedAxesNchw(const std::vector<size_t>& axes, std::vector<int64_t>* physical, std::vector<int64_t>* perm) {
  physical->clear();
  perm->clear();
  std::vector<int64_t> remaining;  // storage positions of the remaining logical axes, logical order
  for (size_t a = 0; a < 4; ++a) {
    if (std::find(axes.begin(), axes.end(), a) != axes.end()) {
      physical->push_back(NchwAxis(static_cast<int64_t>(a)));
    } else {
      remaining.push_back(NchwAxis(static_cast<int64_t>(a)));
    }
  }
  std::sort(physical->begin(), physical->end());
  std::vector<int64_t> sorted = remaining;
  std::sort(sorted.begin(), sorted.end());
  bool identity = true;
  for (size_t j = 0; j < remaining.size(); ++j) {
    const int64_t at = std::find(sorted.begin(), sorted.end(), remaining[j]) - sorted.begin();
    perm->push_back(at);
    identity = identity && at == static_cast<int64_t>(j);
  }
  if (identity) perm->clear();
}

}  // namespace asim::atc::tf_import
