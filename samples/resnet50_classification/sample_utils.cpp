/*
 * sample_utils.cpp: logging, command line, file helpers of the ResNet-50 sample.
 */
#include "sample_utils.h"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

void Log(FILE* stream, const char* prefix, const char* format, va_list args) {
  std::fputs(prefix, stream);
  std::vfprintf(stream, format, args);
  std::fputc('\n', stream);
  std::fflush(stream);
}

const char kUsage[] =
    "usage: resnet50_classification [--model resnet50.om] [--image data/house_320x240.jpg]\n"
    "                               [--acl-json acl.json] [--runs N] [--resize square|shorter]\n"
    "                               [--dump-input input.bin]\n"
    "  --model      the offline model, converted with\n"
    "               atc --model=resnet50.onnx --framework=5 --output=resnet50 --soc_version=Ascend310\n"
    "                   --input_format=NCHW --input_fp16_nodes=data --output_type=FP32\n"
    "  --image      a JPEG/PNG/BMP picture\n"
    "  --acl-json   the aclInit configuration (default: acl.json next to the binary)\n"
    "  --runs       timed aclmdlExecute runs (default 3)\n"
    "  --resize     square: 256x256 as the public sample's script (default); shorter: shorter side 256\n"
    "  --dump-input write the preprocessed input tensor (the model's input bytes) to a file\n";

}  // namespace

void InfoLog(const char* format, ...) {
  va_list args;
  va_start(args, format);
  Log(stdout, "[INFO]  ", format, args);
  va_end(args);
}

void WarnLog(const char* format, ...) {
  va_list args;
  va_start(args, format);
  Log(stdout, "[WARN]  ", format, args);
  va_end(args);
}

void ErrorLog(const char* format, ...) {
  va_list args;
  va_start(args, format);
  Log(stderr, "[ERROR] ", format, args);
  va_end(args);
}

Result AclFailed(const char* what, aclError ret) {
  const char* message = aclGetRecentErrMsg();
  ErrorLog("%s failed, errorCode is %d%s%s", what, static_cast<int>(ret), message != nullptr ? ": " : "",
           message != nullptr ? message : "");
  return FAILED;
}

bool ParseOptions(int argc, char** argv, SampleOptions* options, int* exitCode) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      *exitCode = 0;
      return false;
    }
    if (i + 1 >= argc) {
      ErrorLog("missing value after %s", arg.c_str());
      std::fputs(kUsage, stderr);
      *exitCode = 2;
      return false;
    }
    const std::string value = argv[++i];
    if (arg == "--model") {
      options->model = value;
    } else if (arg == "--image") {
      options->image = value;
    } else if (arg == "--acl-json") {
      options->aclJson = value;
    } else if (arg == "--dump-input") {
      options->dumpInput = value;
    } else if (arg == "--runs") {
      char* end = nullptr;
      const long runs = std::strtol(value.c_str(), &end, 10);
      if (end == value.c_str() || *end != '\0' || runs < 1 || runs > 100000) {
        ErrorLog("--runs wants a positive number, got '%s'", value.c_str());
        *exitCode = 2;
        return false;
      }
      options->runs = static_cast<int>(runs);
    } else if (arg == "--resize" && (value == "square" || value == "shorter")) {
      options->shorterSide = value == "shorter";
    } else {
      ErrorLog("unknown option %s %s", arg.c_str(), value.c_str());
      std::fputs(kUsage, stderr);
      *exitCode = 2;
      return false;
    }
  }
  return true;
}

std::string NextToBinary(const std::string& name) {
  char path[4096];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (length <= 0) {
    return "";
  }
  path[length] = '\0';
  char* slash = std::strrchr(path, '/');
  if (slash == nullptr) {
    return "";
  }
  slash[1] = '\0';
  return std::string(path) + name;
}

bool FileExists(const std::string& path) {
  return access(path.c_str(), R_OK) == 0;
}
