// TfIdfVectorizer (ONNX opset 9) over integer tokens: per row of X ([C] or [N, C]), counts
// the pool's n-grams (min_gram_length <= n <= max_gram_length) whose tokens sit at distance
// d apart, for every d from 1 to max_skip_count + 1; unigrams count once (at d = 1). The
// pool lists the 1-grams, then the 2-grams ... (ngram_counts[i]: where the (i+1)-grams
// start in pool_int64s); the k-th n-gram of the pool adds to output column
// ngram_indexes[k]. mode TF writes the counts, IDF the weight where the count is non-zero,
// TFIDF count x weight (weights: one per pool n-gram, default 1). Output: float
// [max(ngram_indexes) + 1], or [N, that].
// String pools (pool_strings) are refused at selection: tokens here are integers.
// Owner: the AI CPU irregular family. AI CPU only. Thread safety: re-entrant. Failure:
// kOpAttrNotMatch for inconsistent attributes (what and why in the message),
// kOpInputNotMatch for an input of rank other than 1 or 2.
#include <algorithm>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

struct Pool {
  int64_t min_n = 1, max_n = 1, max_skip = 0, width = 0;
  std::string mode;
  std::map<std::vector<int64_t>, int64_t> column;  // n-gram -> output column
  std::map<std::vector<int64_t>, double> weight;   // n-gram -> weight
};

Status Fail(const std::string& why) {
  return Status(err::kOpAttrNotMatch, "TfIdfVectorizer: " + why);
}

Status ParsePool(const AttrMap& attrs, Pool* p) {
  const AttrValue* strings = attrs.Find("pool_strings");
  const auto* string_pool = strings != nullptr ? std::get_if<std::vector<std::string>>(strings) : nullptr;
  if (string_pool != nullptr && !string_pool->empty()) {
    return Fail("pool_strings (string tokens) is not supported; integer tokens (pool_int64s) are");
  }
  p->min_n = attrs.GetInt("min_gram_length", 0);
  p->max_n = attrs.GetInt("max_gram_length", 0);
  p->max_skip = attrs.GetInt("max_skip_count", 0);
  p->mode = attrs.GetString("mode", "");
  if (p->min_n < 1 || p->max_n < p->min_n || p->max_skip < 0) {
    return Fail("min_gram_length " + std::to_string(p->min_n) + ", max_gram_length " + std::to_string(p->max_n) +
                " and max_skip_count " + std::to_string(p->max_skip) + " must satisfy 1 <= min <= max, skip >= 0");
  }
  if (p->mode != "TF" && p->mode != "IDF" && p->mode != "TFIDF")
    return Fail("mode '" + p->mode + "' is not TF, IDF or TFIDF");
  const std::vector<int64_t> pool = attrs.GetInts("pool_int64s", {});
  const std::vector<int64_t> counts = attrs.GetInts("ngram_counts", {});
  const std::vector<int64_t> indexes = attrs.GetInts("ngram_indexes", {});
  const std::vector<float> weights = attrs.GetFloats("weights", {});
  if (counts.empty() || indexes.empty()) return Fail("ngram_counts and ngram_indexes must not be empty");
  int64_t k = 0;  // n-gram number in pool order
  for (size_t level = 0; level < counts.size(); ++level) {
    const int64_t n = static_cast<int64_t>(level) + 1;
    const int64_t begin = counts[level];
    const int64_t end = level + 1 < counts.size() ? counts[level + 1] : static_cast<int64_t>(pool.size());
    if (begin < 0 || end < begin || end > static_cast<int64_t>(pool.size()) || (end - begin) % n != 0) {
      return Fail("ngram_counts[" + std::to_string(level) + "] = " + std::to_string(begin) +
                  " does not start a whole number of " + std::to_string(n) + "-grams in a pool of " +
                  std::to_string(pool.size()));
    }
    for (int64_t at = begin; at < end; at += n, ++k) {
      if (k >= static_cast<int64_t>(indexes.size())) {
        return Fail("ngram_indexes has " + std::to_string(indexes.size()) + " entries for more n-grams in the pool");
      }
      if (indexes[static_cast<size_t>(k)] < 0) return Fail("ngram_indexes[" + std::to_string(k) + "] is negative");
      if (!weights.empty() && k >= static_cast<int64_t>(weights.size())) {
        return Fail("weights has " + std::to_string(weights.size()) + " entries for more n-grams in the pool");
      }
      std::vector<int64_t> gram(pool.begin() + at, pool.begin() + at + n);
      p->column[gram] = indexes[static_cast<size_t>(k)];
      p->weight[gram] = weights.empty() ? 1.0 : static_cast<double>(weights[static_cast<size_t>(k)]);
    }
  }
  p->width = *std::max_element(indexes.begin(), indexes.end()) + 1;
  return Status::Ok();
}

Status TfIdfInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  Pool p;
  ASIM_RETURN_IF_ERROR(ParsePool(attrs, &p));
  const auto& x = inputs[0].dims;
  if (x.empty() || x.size() > 2) {
    return Status(err::kOpInputNotMatch, "TfIdfVectorizer: X " + DimsToString(x) + " must be [C] or [N, C]");
  }
  TensorSpec y;
  y.dtype = DataType::kFloat;
  y.dims = x.size() == 1 ? std::vector<int64_t>{p.width} : std::vector<int64_t>{x[0], p.width};
  outputs->assign(1, y);
  return Status::Ok();
}

Status TfIdfCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "TfIdfVectorizer"));
  Pool p;
  ASIM_RETURN_IF_ERROR(ParsePool(*ctx.attrs, &p));
  const TensorView& x = ctx.in(0);
  const int64_t rows = x.dims().size() == 1 ? 1 : x.dims()[0];
  const int64_t cols = x.dims().back();
  float* out = ctx.out(0).as<float>();
  std::fill(out, out + rows * p.width, 0.0f);
  std::vector<double> count(static_cast<size_t>(p.width));
  std::vector<int64_t> gram;
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<int64_t> tokens(static_cast<size_t>(cols));
    for (int64_t c = 0; c < cols; ++c) {
      tokens[static_cast<size_t>(c)] = static_cast<int64_t>(LoadAsDouble(x.dtype(), x.data, r * cols + c));
    }
    std::fill(count.begin(), count.end(), 0.0);
    std::map<int64_t, double> weight_of;  // column -> weight of the n-gram counted there
    for (int64_t d = 1; d <= p.max_skip + 1; ++d) {
      for (int64_t start = 0; start < cols; ++start) {
        gram.clear();
        for (int64_t n = 1; n <= p.max_n; ++n) {
          const int64_t at = start + (n - 1) * d;
          if (at >= cols) break;
          gram.push_back(tokens[static_cast<size_t>(at)]);
          if (n < p.min_n || (n == 1 && d > 1)) continue;  // unigrams count at d = 1 only
          const auto it = p.column.find(gram);
          if (it == p.column.end()) continue;
          count[static_cast<size_t>(it->second)] += 1;
          weight_of[it->second] = p.weight[gram];
        }
      }
    }
    float* dst = out + r * p.width;
    for (int64_t col = 0; col < p.width; ++col) {
      const double c = count[static_cast<size_t>(col)];
      const double w = weight_of.count(col) != 0 ? weight_of[col] : 1.0;
      const double v = p.mode == "TF" ? c : p.mode == "IDF" ? (c > 0 ? w : 0.0) : c * w;
      dst[col] = static_cast<float>(v);
    }
  }
  return Status::Ok();
}

// Every start position, skip distance and n-gram length, with a pool lookup each.
WorkDesc TfIdfCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                   const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double lookups = static_cast<double>(inputs[0].ElementCount()) *
                         static_cast<double>(std::max<int64_t>(1, attrs.GetInt("max_skip_count", 0) + 1)) *
                         static_cast<double>(std::max<int64_t>(1, attrs.GetInt("max_gram_length", 1)));
  w.aicpu_ops = static_cast<uint64_t>(lookups * 16);
  w.aicpu_bytes = inputs[0].Bytes() + outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildTfIdfVectorizer_AiCpu() {
  return KernelBuilder("TfIdfVectorizer", Engine::kAiCpu)
      .Input("X", {DataType::kInt32, DataType::kInt64})
      .Output("Y", {DataType::kFloat})
      .Attr("max_gram_length", int64_t{0})
      .Attr("max_skip_count", int64_t{0})
      .Attr("min_gram_length", int64_t{0})
      .Attr("mode", std::string(""))
      .Attr("ngram_counts", std::vector<int64_t>{})
      .Attr("ngram_indexes", std::vector<int64_t>{})
      .Attr("pool_int64s", std::vector<int64_t>{})
      .Attr("pool_strings", std::vector<std::string>{})
      .Attr("weights", std::vector<float>{})
      .InferShape(TfIdfInfer)
      .Compute(TfIdfCompute)
      .Cost(TfIdfCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
