// JsonReleaser: empties a JSON document leaf-first, so that destroying it allocates nothing.
//
// Why: nlohmann::json's destructor flattens a non-empty array or object onto a heap-allocated
// stack (to avoid deep recursion). When host memory runs out at that moment the allocation
// throws inside a destructor, which is noexcept, and the process ends in std::terminate.
// Emptying the containers leaf-first beforehand leaves every destructor with nothing to flatten
// (reserve(0) does not allocate), so documents the runtime parses on every aclInit (acl.json,
// the SoC specs) can be destroyed with no memory left (tests/conformance/alloc_fail).
// Owns: nothing; a guard declared right after the document it empties (destroyed first).
// Thread safety: as the document's. Failure: none; never throws, never allocates. Recursion
// depth is the document's nesting depth (acl.json is limited to 64 levels by its reader).
// Template over the JSON type so that this header does not include nlohmann.
#pragma once

namespace asim {

template <typename Json>
void ReleaseJsonLeafFirst(Json& j) noexcept {
  if (j.is_array() || j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) ReleaseJsonLeafFirst(it.value());
    j.clear();  // the elements are scalars or empty containers now: their destructors do not allocate
  }
}

template <typename Json>
class JsonReleaser {
 public:
  explicit JsonReleaser(Json* doc) : doc_(doc) {}
  ~JsonReleaser() { ReleaseJsonLeafFirst(*doc_); }
  JsonReleaser(const JsonReleaser&) = delete;
  JsonReleaser& operator=(const JsonReleaser&) = delete;

 private:
  Json* doc_;
};

}  // namespace asim
