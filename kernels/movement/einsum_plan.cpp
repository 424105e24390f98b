// Implementation of kernels/movement/einsum_plan.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/movement/einsum_plan.h"

#include <algorithm>

namespace asim::kernels {
namespace {

constexpr int kLetters = 52;  // a-z, A-Z; broadcast ("...") dims get ids from 52 up
constexpr int kEllipsis = -1;

int LetterId(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
  return -2;
}

// One term as label ids, kEllipsis standing for "...".
Status ParseTerm(const std::string& term, std::vector<int>* labels) {
  labels->clear();
  bool seen_ellipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    if (term.compare(i, 3, "...") == 0) {
      if (seen_ellipsis) return Status(err::kOpAttrNotMatch, "Einsum: '...' twice in '" + term + "'");
      seen_ellipsis = true;
      labels->push_back(kEllipsis);
      i += 2;
      continue;
    }
    const int id = LetterId(term[i]);
    if (id < 0) return Status(err::kOpAttrNotMatch, std::string("Einsum: bad character '") + term[i] + "'");
    labels->push_back(id);
  }
  return Status::Ok();
}

}  // namespace

Status PlanEinsum(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes, EinsumPlan* plan) {
  std::string eq;
  for (char c : equation) {
    if (c != ' ') eq += c;
  }
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.emplace_back();
    ASIM_RETURN_IF_ERROR(ParseTerm(lhs.substr(start, comma - start), &terms.back()));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != shapes.size()) {
    return Status(err::kOpInputNotMatch, "Einsum: '" + equation + "' names " + std::to_string(terms.size()) +
                                             " operands, got " + std::to_string(shapes.size()));
  }
  // Broadcast dims: the widest "..." decides how many; narrower ones align right.
  size_t ellipsis_rank = 0;
  std::vector<size_t> op_ellipsis(terms.size(), 0);
  for (size_t o = 0; o < terms.size(); ++o) {
    const size_t letters =
        static_cast<size_t>(std::count_if(terms[o].begin(), terms[o].end(), [](int l) { return l >= 0; }));
    const bool has = letters != terms[o].size();
    if (shapes[o].size() < letters || (!has && shapes[o].size() != letters)) {
      return Status(err::kOpInputNotMatch, "Einsum: operand " + std::to_string(o) + " has rank " +
                                               std::to_string(shapes[o].size()) + ", the equation says " +
                                               std::to_string(letters) + (has ? "+" : ""));
    }
    op_ellipsis[o] = shapes[o].size() - letters;
    ellipsis_rank = std::max(ellipsis_rank, op_ellipsis[o]);
  }
  const size_t labels = kLetters + ellipsis_rank;
  plan->size.assign(labels, 0);
  std::vector<bool> used(labels, false);
  plan->strides.assign(terms.size(), std::vector<int64_t>(labels, 0));
  // Dims per operand as label ids.
  for (size_t o = 0; o < terms.size(); ++o) {
    std::vector<int> dim_label;
    for (int l : terms[o]) {
      if (l != kEllipsis) {
        dim_label.push_back(l);
        continue;
      }
      for (size_t e = 0; e < op_ellipsis[o]; ++e) {
        dim_label.push_back(kLetters + static_cast<int>(ellipsis_rank - op_ellipsis[o] + e));
      }
    }
    std::vector<int64_t> contiguous(shapes[o].size(), 1);
    for (size_t k = shapes[o].size(); k-- > 1;) contiguous[k - 1] = contiguous[k] * std::max<int64_t>(1, shapes[o][k]);
    for (size_t k = 0; k < dim_label.size(); ++k) {
      const size_t l = static_cast<size_t>(dim_label[k]);
      const int64_t d = shapes[o][k];
      const bool broadcast_dim = dim_label[k] >= kLetters;
      if (!used[l] || (broadcast_dim && plan->size[l] == 1)) {
        plan->size[l] = d;
      } else if (d != plan->size[l] && !(broadcast_dim && d == 1) && d >= 0 && plan->size[l] >= 0) {
        return Status(err::kOpInputNotMatch, "Einsum: label " + std::to_string(l) + " has sizes " +
                                                 std::to_string(plan->size[l]) + " and " + std::to_string(d));
      }
      used[l] = true;
      if (d != 1) plan->strides[o][l] += contiguous[k];
    }
  }
  // Occurrences of each letter across all terms (repeats inside one term count too).
  std::vector<int> occurrences(labels, 0);
  for (const auto& t : terms) {
    for (int l : t) {
      if (l >= 0) ++occurrences[static_cast<size_t>(l)];
    }
  }
  plan->out_labels.clear();
  if (arrow == std::string::npos) {
    for (size_t e = 0; e < ellipsis_rank; ++e) plan->out_labels.push_back(kLetters + static_cast<int>(e));
    for (int l = 0; l < kLetters; ++l) {
      // ASCII order: 'A'..'Z' before 'a'..'z'.
      const int id = l < 26 ? 26 + l : l - 26;
      if (occurrences[static_cast<size_t>(id)] == 1) plan->out_labels.push_back(id);
    }
  } else {
    std::vector<int> out;
    ASIM_RETURN_IF_ERROR(ParseTerm(eq.substr(arrow + 2), &out));
    std::vector<bool> seen(labels, false);
    for (int l : out) {
      if (l == kEllipsis) {
        for (size_t e = 0; e < ellipsis_rank; ++e) plan->out_labels.push_back(kLetters + static_cast<int>(e));
        continue;
      }
      if (!used[static_cast<size_t>(l)] || seen[static_cast<size_t>(l)]) {
        return Status(err::kOpAttrNotMatch, "Einsum: output label " + std::to_string(l) + " of '" + equation +
                                                "' is repeated or not an input label");
      }
      seen[static_cast<size_t>(l)] = true;
      plan->out_labels.push_back(l);
    }
  }
  plan->sum_labels.clear();
  for (size_t l = 0; l < labels; ++l) {
    if (used[l] &&
        std::find(plan->out_labels.begin(), plan->out_labels.end(), static_cast<int>(l)) == plan->out_labels.end()) {
      plan->sum_labels.push_back(static_cast<int>(l));
    }
  }
  plan->out_dims.clear();
  for (int l : plan->out_labels) plan->out_dims.push_back(plan->size[static_cast<size_t>(l)]);
  return Status::Ok();
}

}  // namespace asim::kernels
