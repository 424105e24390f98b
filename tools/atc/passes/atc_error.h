// ATC error codes: the real tool's code families as the converter reports them.
//
// Owns the table of codes atc prints (docs/atc.md, "Error codes"): E10xxx for command-line
// arguments, E19xxx for files, E16xxx for ONNX parsing, EZ3003 for an op no kernel takes,
// E19999 for internal errors. Templates follow CANN's error-code reference where one
// exists (E10001, E10004, E10007, E10010, E16001, E16002, E16004, E16005, E19000, E19001,
// E19004, E19005, E19010, EZ3003); E16006-E16009 and E19011 are this converter's own, in the
// same families.
// A failure travels as a Status whose message starts with "<code>: "; atc prints the
// message and the code's "Solution:" line.
// Thread safety: pure functions over constant tables. Failure: none.
#pragma once

#include <cstdint>
#include <string>

#include "base/status.h"

namespace asim::atc {

namespace ecode {
inline constexpr const char* kInvalidArgument = "E10001";   // Value [v] for parameter [--p] is invalid. Reason: r
inline constexpr const char* kEmptyArgument = "E10004";     // Value for [--p] is empty.
inline constexpr const char* kRequiredArgument = "E10007";  // [--p] is required. Must be [...].
inline constexpr const char* kInvalidLog = "E10010";        // invalid value for --log
inline constexpr const char* kNoSuchNode = "E16001";        // Model has no [name] node.
inline constexpr const char* kNoParser = "E16002";          // No ONNX parser is registered for optype [t].
inline constexpr const char* kNoGraph = "E16004";           // ONNX model has no graph.
inline constexpr const char* kDomainVersion = "E16005";     // several default-domain opset versions
inline constexpr const char* kInvalidOnnx = "E16006";       // the ONNX checker rejects the model
inline constexpr const char* kUnsupportedOnnx = "E16007";   // a construct this converter does not translate
inline constexpr const char* kTensorData = "E16008";        // an initializer's data is unreadable
inline constexpr const char* kShapeInference = "E16009";    // ONNX shape inference failed
inline constexpr const char* kInvalidPath = "E19000";       // path invalid (no such directory ...)
inline constexpr const char* kOpenFile = "E19001";          // failed to open a file
inline constexpr const char* kWriteFile = "E19004";         // failed to write a file
inline constexpr const char* kParseFile = "E19005";         // Failed to parse file [path].
inline constexpr const char* kNoLayerParser = "E19010";     // No parser is registered for op [name, optype T].
inline constexpr const char* kMalformedModel =
    "E19011";                                       // prototxt and caffemodel disagree, a layer or node is malformed
inline constexpr const char* kNoKernel = "EZ3003";  // No supported Ops kernel and engine are found
inline constexpr const char* kInternal = "E19999";  // Inner Error!
}  // namespace ecode

// A Status with `status_code` whose message is "<ecode>: <message>".
Status AtcError(const char* ecode, int32_t status_code, const std::string& message);
// E10001 in CANN's words: "Value [value] for parameter [--param] is invalid. Reason: reason".
Status InvalidArgument(const std::string& param, const std::string& value, const std::string& reason);

// The code a message starts with ("E16002"), "" when it has none.
std::string ErrorCodeOf(const Status& st);
// What the user should do for `ecode` (the "Solution:" line); "" for unknown codes.
const char* SolutionFor(const std::string& ecode);

}  // namespace asim::atc
