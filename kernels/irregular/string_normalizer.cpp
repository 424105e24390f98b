// StringNormalizer (ONNX opset 10): removes the `stopwords` from a [C] or [1, C] string
// tensor (compared exactly when is_case_sensitive=1, else without case), then changes the
// case of what is left (case_change_action LOWER, UPPER or NONE). When every element is
// removed the output is one empty string, shaped [1] for a [C] input and [1, 1] for a
// [1, C] input (ONNX's rule). Case changes map each UTF-8 code point with the C.UTF-8
// locale's Unicode tables (ASCII only if the host lacks that locale); `locale` may be
// empty or en_US (the only one the tables stand for): others are refused at selection.
// The number of kept elements depends on the data: InferShape gives the input's shape as
// the bound and compute reports the actual dims (ShapeFromCompute,
// kernels/common/shape/computed_shape.h); the
// output is a string tensor of StringOutputCapacity bytes (kernels/common/values/string_tensor.h).
// Owner: the AI CPU irregular family. AI CPU only, as CANN's string ops.
// Thread safety: re-entrant (the locale handle is created once, thread-safely).
// Failure: kOpAttrNotMatch for other shapes, actions or locales (at selection);
// kInvalidParam for input strings that are not UTF-8.
#include <locale.h>
#include <wctype.h>

#include <set>
#include <string>
#include <string_view>

#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/values/string_tensor.h"

namespace asim::kernels {
namespace {

enum class CaseChange { kNone, kLower, kUpper };

std::vector<std::string> Stopwords(const AttrMap& attrs) {
  const AttrValue* v = attrs.Find("stopwords");
  if (v == nullptr) return {};
  if (const auto* list = std::get_if<std::vector<std::string>>(v)) return *list;
  return {};
}

Status ActionOf(const AttrMap& attrs, CaseChange* out) {
  const std::string action = attrs.GetString("case_change_action", "NONE");
  if (action == "NONE") {
    *out = CaseChange::kNone;
  } else if (action == "LOWER") {
    *out = CaseChange::kLower;
  } else if (action == "UPPER") {
    *out = CaseChange::kUpper;
  } else {
    return Status(err::kOpAttrNotMatch,
                  "StringNormalizer: case_change_action '" + action + "' is not LOWER, UPPER or NONE");
  }
  return Status::Ok();
}

Status StringNormalizerCheck(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  const auto& dims = inputs[0].dims;
  if (!(dims.size() == 1 || (dims.size() == 2 && dims[0] == 1))) {
    return Status(err::kOpAttrNotMatch, "StringNormalizer: the input must be [C] or [1, C], not " + DimsToString(dims));
  }
  CaseChange action;
  ASIM_RETURN_IF_ERROR(ActionOf(attrs, &action));
  const std::string locale = attrs.GetString("locale", "");
  if (!locale.empty() && locale != "en_US" && locale != "en_US.UTF-8" && locale != "en_US.utf8") {
    return Status(err::kOpAttrNotMatch, "StringNormalizer: locale '" + locale +
                                            "' is not supported (only en_US, or empty for en_US, whose case "
                                            "mapping is Unicode's)");
  }
  return Status::Ok();
}

Status StringNormalizerInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = DataType::kString;
  o.dims = inputs[0].dims;
  // The bound: every element kept, or the one empty string when none is.
  if (!o.dims.empty() && o.dims.back() == 0) o.dims.back() = 1;
  outputs->assign(1, o);
  return Status::Ok();
}

locale_t Utf8Locale() {
  static const locale_t loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return loc;
}

// Decodes UTF-8 into code points; false for malformed input.
bool DecodeUtf8(std::string_view s, std::u32string* out) {
  out->clear();
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c >> 6) != 0x2) return false;
      cp = (cp << 6) | (c & 0x3F);
    }
    const char32_t min = n == 1 ? 0 : n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    out->push_back(cp);
    i += n;
  }
  return true;
}

void EncodeUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

char32_t MapCase(char32_t cp, CaseChange change) {
  const locale_t loc = Utf8Locale();
  if (loc == static_cast<locale_t>(nullptr)) {
    if (change == CaseChange::kUpper && cp >= U'a' && cp <= U'z') return cp - 32;
    if (change == CaseChange::kLower && cp >= U'A' && cp <= U'Z') return cp + 32;
    return cp;
  }
  const auto w = static_cast<wint_t>(cp);
  const wint_t mapped = change == CaseChange::kUpper ? towupper_l(w, loc) : towlower_l(w, loc);
  // A mapping that would leave Unicode (or hit a surrogate) is ignored.
  if (mapped > 0x10FFFF || (mapped >= 0xD800 && mapped <= 0xDFFF)) return cp;
  return static_cast<char32_t>(mapped);
}

// `s` with its case changed; false when `s` is not UTF-8.
bool ChangeCase(std::string_view s, CaseChange change, std::string* out) {
  out->clear();
  if (change == CaseChange::kNone) {
    out->assign(s);
    return true;
  }
  std::u32string cps;
  if (!DecodeUtf8(s, &cps)) return false;
  for (char32_t cp : cps) EncodeUtf8(MapCase(cp, change), out);
  return true;
}

std::string Quoted(std::string_view s) {
  return "'" + std::string(s.substr(0, 40)) + (s.size() > 40 ? "...'" : "'");
}

Status StringNormalizerCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  const AttrMap& attrs = *ctx.attrs;
  CaseChange action;
  ASIM_RETURN_IF_ERROR(ActionOf(attrs, &action));
  const bool case_sensitive = attrs.GetInt("is_case_sensitive", 0) != 0;
  // Without case: stop words and elements compare upper-cased.
  std::set<std::string, std::less<>> stop;
  for (const std::string& w : Stopwords(attrs)) {
    std::string key;
    if (!ChangeCase(w, case_sensitive ? CaseChange::kNone : CaseChange::kUpper, &key)) {
      return Status(err::kInvalidParam, "StringNormalizer: stop word " + Quoted(w) + " is not UTF-8");
    }
    stop.insert(std::move(key));
  }
  std::vector<std::string> kept;
  std::string key, changed;
  for (std::string_view s : StringViews(x.data, x.ElementCount())) {
    if (!stop.empty()) {
      if (!ChangeCase(s, case_sensitive ? CaseChange::kNone : CaseChange::kUpper, &key)) {
        return Status(err::kInvalidParam, "StringNormalizer: input string " + Quoted(s) + " is not UTF-8");
      }
      if (stop.count(key) != 0) continue;
    }
    if (!ChangeCase(s, action, &changed)) {
      return Status(err::kInvalidParam, "StringNormalizer: input string " + Quoted(s) + " is not UTF-8");
    }
    kept.push_back(changed);
  }
  if (kept.empty()) kept.emplace_back();  // ONNX: one empty string
  std::vector<int64_t> dims = x.dims();
  if (dims.empty()) return Status(err::kInvalidParam, "StringNormalizer: the input must be [C] or [1, C]");
  dims.back() = static_cast<int64_t>(kept.size());
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, dims, "StringNormalizer"));
  size_t written = 0;
  Status st = WriteStrings(kept, ctx.out(0).data, StringOutputCapacity(ctx, 0), &written);
  if (!st.ok()) return Status(st.code(), "StringNormalizer: " + st.message());
  return Status::Ok();
}

WorkDesc StringNormalizerCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap&,
                              const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  // Per element: a head, a lookup and a case change over a few dozen bytes.
  w.aicpu_ops = static_cast<uint64_t>(inputs[0].ElementCount()) * 64;
  w.aicpu_bytes = static_cast<uint64_t>(inputs[0].ElementCount()) * 2 * (kStringHeadBytes + 32);
  return w;
}

}  // namespace

KernelDef BuildStringNormalizer_AiCpu() {
  return KernelBuilder("StringNormalizer", Engine::kAiCpu)
      .Input("X", {DataType::kString})
      .Output("Y", {DataType::kString})
      .ShapeFromCompute()
      .Attr("case_change_action", std::string("NONE"))
      .Attr("is_case_sensitive", int64_t{0})
      .Attr("stopwords", std::vector<std::string>{})
      .Attr("locale", std::string())
      .Constraint(StringNormalizerCheck)
      .InferShape(StringNormalizerInfer)
      .Compute(StringNormalizerCompute)
      .Cost(StringNormalizerCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
