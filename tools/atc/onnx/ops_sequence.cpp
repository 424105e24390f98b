// Sequence ops on conversion-time sequences: a sequence is the list of tensor values it
// holds (ImportState::sequences), so SequenceEmpty, SequenceConstruct, SequenceInsert,
// SequenceErase, SequenceAt and SequenceLength only edit or read that list, and
// SplitToSequence / ConcatFromSequence become Split (+ Squeeze) / Concat (after Unsqueeze
// for new_axis). Positions must be constants, and so must a scalar split size (it decides
// the sequence's length); a 1-D split known only at execution gives as many parts, sized at
// run time. A sequence cannot be a graph input or output (the importer refuses those).
// Thread safety: stateless functions. Failure: as translate.h says; E16007 for a position
// out of range or an input that is not a sequence.
#include "tools/atc/onnx/translate.h"

namespace asim::atc::onnx_import {
namespace {

Status SequenceOf(NodeContext& c, int i, std::vector<int>* out) {
  const std::vector<int>* seq = c.sequence(i);
  if (seq == nullptr) return c.Unsupported("input " + std::to_string(i) + " is not a sequence built in the model");
  *out = *seq;
  return Status::Ok();
}

// A position input into a sequence of `n` (default `fallback` when absent): negative ones
// count from the back; the result must lie in [0, n) (or [0, n] when `end_ok`, SequenceInsert).
Status Position(NodeContext& c, int i, int64_t fallback, int64_t n, bool end_ok, int64_t* pos) {
  *pos = fallback;
  if (c.has_input(i)) {
    std::vector<int64_t> v;
    ASIM_RETURN_IF_ERROR(c.ConstInts(i, &v));
    if (v.size() != 1) return c.Unsupported("the position must be one value");
    *pos = v[0] < 0 ? v[0] + n : v[0];
  }
  if (*pos < 0 || *pos > n || (*pos == n && !end_ok)) {
    return c.Unsupported("position " + std::to_string(*pos) + " is out of range for a sequence of " +
                         std::to_string(n));
  }
  return Status::Ok();
}

Status SequenceEmpty(NodeContext& c) {
  c.SetSequence(0, {});
  return Status::Ok();
}

Status SequenceConstruct(NodeContext& c) {
  c.SetSequence(0, c.inputs());
  return Status::Ok();
}

Status SequenceInsert(NodeContext& c) {
  std::vector<int> seq;
  ASIM_RETURN_IF_ERROR(SequenceOf(c, 0, &seq));
  const int64_t n = static_cast<int64_t>(seq.size());
  int64_t pos = n;
  ASIM_RETURN_IF_ERROR(Position(c, 2, n, n, true, &pos));
  seq.insert(seq.begin() + pos, c.input(1));
  c.SetSequence(0, std::move(seq));
  return Status::Ok();
}

Status SequenceErase(NodeContext& c) {
  std::vector<int> seq;
  ASIM_RETURN_IF_ERROR(SequenceOf(c, 0, &seq));
  const int64_t n = static_cast<int64_t>(seq.size());
  int64_t pos = 0;
  ASIM_RETURN_IF_ERROR(Position(c, 1, n - 1, n, false, &pos));
  seq.erase(seq.begin() + pos);
  c.SetSequence(0, std::move(seq));
  return Status::Ok();
}

Status SequenceAt(NodeContext& c) {
  std::vector<int> seq;
  ASIM_RETURN_IF_ERROR(SequenceOf(c, 0, &seq));
  int64_t pos = 0;
  ASIM_RETURN_IF_ERROR(Position(c, 1, 0, static_cast<int64_t>(seq.size()), false, &pos));
  c.SetOutput(0, seq[static_cast<size_t>(pos)]);
  return Status::Ok();
}

Status SequenceLength(NodeContext& c) {
  std::vector<int> seq;
  ASIM_RETURN_IF_ERROR(SequenceOf(c, 0, &seq));
  c.SetOutput(0, c.ConstInt64("length", {static_cast<int64_t>(seq.size())}, true));
  return Status::Ok();
}

Status ConcatFromSequence(NodeContext& c) {
  std::vector<int> seq;
  ASIM_RETURN_IF_ERROR(SequenceOf(c, 0, &seq));
  if (seq.empty()) return c.Unsupported("ConcatFromSequence of an empty sequence");
  int64_t axis = c.Int("axis", 0);
  if (c.Int("new_axis", 0) != 0) {
    const int64_t rank = static_cast<int64_t>(c.ValueOf(seq[0]).dims.size());
    if (axis < 0) axis += rank + 1;
    kernels::AttrMap attrs;
    attrs.Set("axes", std::vector<int64_t>{axis});
    for (size_t i = 0; i < seq.size(); ++i) {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Unsqueeze", {seq[i]}, attrs, &seq[i], "unsqueeze_" + std::to_string(i)));
    }
  }
  kernels::AttrMap attrs;
  attrs.Set("axis", axis);
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", seq, attrs, &out, "concat"));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status SplitToSequence(NodeContext& c) {
  const ir::Value& x = c.value(0);
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  int64_t axis = c.Int("axis", 0);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) return c.Unsupported("axis out of range");
  const int64_t dim = x.dims[static_cast<size_t>(axis)];
  std::vector<int64_t> sizes;
  bool squeeze = false;
  if (!c.has_input(1)) {
    sizes.assign(static_cast<size_t>(dim), 1);
    squeeze = c.Int("keepdims", 1) == 0;
  } else if (!c.is_const(1) && c.value(1).dims.size() == 1 && c.value(1).dims[0] >= 0) {
    // Sizes known only at execution: as many parts as the 1-D `split` has values, each
    // sized by Split at run time (on AI CPU, docs/models.md "Shapes decided by values").
    kernels::AttrMap attrs;
    attrs.Set("axis", axis);
    std::vector<int> parts;
    ASIM_RETURN_IF_ERROR(
        c.Emit("Split", {c.input(0), c.input(1)}, attrs, static_cast<int>(c.value(1).dims[0]), &parts, "split"));
    c.SetSequence(0, std::move(parts));
    return Status::Ok();
  } else {
    std::vector<int64_t> split;
    ASIM_RETURN_IF_ERROR(c.ConstInts(1, &split));
    if (c.value(1).dims.empty()) {  // a scalar: chunks of that size, the last one smaller
      if (split.size() != 1 || split[0] <= 0) return c.Unsupported("split must be positive");
      for (int64_t done = 0; done < dim; done += split[0]) sizes.push_back(std::min(split[0], dim - done));
    } else {
      sizes = split;
    }
  }
  if (sizes.empty()) {
    c.SetSequence(0, {});
    return Status::Ok();
  }
  kernels::AttrMap attrs;
  attrs.Set("axis", axis);
  attrs.Set("split", sizes);
  std::vector<int> parts;
  ASIM_RETURN_IF_ERROR(c.Emit("Split", {c.input(0)}, attrs, static_cast<int>(sizes.size()), &parts, "split"));
  if (squeeze) {
    kernels::AttrMap sq;
    sq.Set("axes", std::vector<int64_t>{axis});
    for (size_t i = 0; i < parts.size(); ++i) {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Squeeze", {parts[i]}, sq, &parts[i], "squeeze_" + std::to_string(i)));
    }
  }
  c.SetSequence(0, std::move(parts));
  return Status::Ok();
}

}  // namespace

void AddSequenceOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  table->emplace_back("ConcatFromSequence", &ConcatFromSequence);
  table->emplace_back("SequenceAt", &SequenceAt);
  table->emplace_back("SequenceConstruct", &SequenceConstruct);
  table->emplace_back("SequenceEmpty", &SequenceEmpty);
  table->emplace_back("SequenceErase", &SequenceErase);
  table->emplace_back("SequenceInsert", &SequenceInsert);
  table->emplace_back("SequenceLength", &SequenceLength);
  table->emplace_back("SplitToSequence", &SplitToSequence);
}

}  // namespace asim::atc::onnx_import
