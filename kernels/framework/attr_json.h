// Attribute values as JSON: {"type": "<tag>", "value": ...}, both ways.
//
// Owns: the one JSON spelling of a kernels::AttrValue, used where attributes are rendered
// (om_json.h, `atc --mode=1`) and where they are stored as text (subgraph.h: the bodies of
// If / Loop / Scan). Type tags are AttrValueTag's ("int", "list_float" ...); data types
// are written by name ("DT_FLOAT16"); non-finite floats as the strings "nan", "inf",
// "-inf" (JSON numbers cannot hold them).
// Header-only on purpose: asim_om renders attributes without linking the kernels.
// Thread safety: pure. Failure: AttrFromJson returns kInvalidParam naming what is wrong
// ("attribute 'axis': type 'int' wants a number, got string").
#pragma once

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "kernels/framework/attr.h"

namespace asim::kernels {

namespace attr_json_detail {

template <typename Json>
Json FloatJson(float f) {
  if (std::isnan(f)) return Json("nan");
  if (std::isinf(f)) return Json(f > 0 ? "inf" : "-inf");
  return Json(f);
}

template <typename Json>
bool FloatFromJson(const Json& j, float* f) {
  if (j.is_number()) {
    *f = j.template get<float>();
    return true;
  }
  if (!j.is_string()) return false;
  const std::string s = j.template get<std::string>();
  if (s == "nan")
    *f = std::nanf("");
  else if (s == "inf")
    *f = INFINITY;
  else if (s == "-inf")
    *f = -INFINITY;
  else
    return false;
  return true;
}

template <typename Json, typename T>
bool ScalarFromJson(const Json& j, T* out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) return false;
    *out = j.template get<bool>();
  } else if constexpr (std::is_same_v<T, int64_t>) {
    if (!j.is_number_integer()) return false;
    *out = j.template get<int64_t>();
  } else if constexpr (std::is_same_v<T, float>) {
    return FloatFromJson(j, out);
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) return false;
    *out = j.template get<std::string>();
  } else if constexpr (std::is_same_v<T, DataType>) {
    if (!j.is_string()) return false;
    auto dt = DataTypeFromName(j.template get<std::string>());
    if (!dt) return false;
    *out = *dt;
  } else {
    static_assert(std::is_same_v<T, void>, "not a scalar attribute type");
  }
  return true;
}

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

}  // namespace attr_json_detail

// "bool", "int", "float", "string", "data_type", "list_bool", "list_int", "list_float",
// "list_string", "list_data_type", "list_list_int": the tag of AttrValue alternative `index`
// (the .om format's attribute tags, om_format.h); "unknown" past the end.
inline const char* AttrValueTag(size_t index) {
  static constexpr const char* kNames[] = {"bool",         "int",      "float",      "string",      "data_type",
                                           "list_bool",    "list_int", "list_float", "list_string", "list_data_type",
                                           "list_list_int"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == std::variant_size_v<AttrValue>);
  return index < std::variant_size_v<AttrValue> ? kNames[index] : "unknown";
}

template <typename Json = nlohmann::ordered_json>
Json AttrToJson(const AttrValue& value) {
  using attr_json_detail::FloatJson;
  Json j;
  j["type"] = AttrValueTag(value.index());
  std::visit(
      [&j](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, DataType>) {
          j["value"] = DataTypeName(v);
        } else if constexpr (std::is_same_v<T, float>) {
          j["value"] = FloatJson<Json>(v);
        } else if constexpr (attr_json_detail::IsVector<T>::value) {
          Json list = Json::array();
          for (const auto& e : v) {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, DataType>) {
              list.push_back(DataTypeName(e));
            } else if constexpr (std::is_same_v<E, float>) {
              list.push_back(FloatJson<Json>(e));
            } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
              list.push_back(static_cast<bool>(e));
            } else {
              list.push_back(e);
            }
          }
          j["value"] = std::move(list);
        } else {
          j["value"] = v;
        }
      },
      value);
  return j;
}

template <typename Json>
Status AttrFromJson(const Json& j, const std::string& name, AttrValue* out) {
  using attr_json_detail::ScalarFromJson;
  const auto bad = [&name](const std::string& why) {
    return Status(err::kInvalidParam, "attribute '" + name + "': " + why);
  };
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string() || !j.contains("value")) {
    return bad("wants an object with \"type\" (a string) and \"value\"");
  }
  const std::string tag = j["type"].template get<std::string>();
  const Json& v = j["value"];
  // Tries each alternative of the variant until one has this tag.
  Status result = bad("unknown type '" + tag + "'");
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((tag == AttrValueTag(I) ? (void)([&] {
       using T = std::variant_alternative_t<I, AttrValue>;
       T value{};
       bool ok = true;
       if constexpr (attr_json_detail::IsVector<T>::value) {
         using E = typename T::value_type;
         if (!v.is_array()) {
           ok = false;
         } else {
           for (const auto& e : v) {
             if constexpr (std::is_same_v<E, std::vector<int64_t>>) {
               std::vector<int64_t> row;
               ok = ok && e.is_array();
               if (ok) {
                 for (const auto& x : e) {
                   int64_t n = 0;
                   ok = ok && ScalarFromJson(x, &n);
                   row.push_back(n);
                 }
               }
               value.push_back(std::move(row));
             } else {
               E x{};
               ok = ok && ScalarFromJson(e, &x);
               value.push_back(x);
             }
           }
         }
       } else {
         ok = ScalarFromJson(v, &value);
       }
       result =
           ok ? (*out = std::move(value), Status::Ok()) : bad("type '" + tag + "' does not take the value " + v.dump());
     }())
                             : (void)0),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<AttrValue>>{});
  return result;
}

}  // namespace asim::kernels
