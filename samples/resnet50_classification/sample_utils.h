/*
 * sample_utils.h: logging in the public samples' style ("[INFO]  ...", "[ERROR] ..."), the
 * command line, and small helpers shared by the sample's classes.
 */
#ifndef RESNET50_CLASSIFICATION_SAMPLE_UTILS_H
#define RESNET50_CLASSIFICATION_SAMPLE_UTILS_H

#include <string>

#include "acl/acl.h"

enum Result { SUCCESS = 0, FAILED = 1 };

void InfoLog(const char* format, ...) __attribute__((format(printf, 1, 2)));
void WarnLog(const char* format, ...) __attribute__((format(printf, 1, 2)));
void ErrorLog(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Logs "<what> failed, errorCode is N: <aclGetRecentErrMsg>" and returns FAILED.
Result AclFailed(const char* what, aclError ret);

struct SampleOptions {
  std::string model = "resnet50.om";
  std::string image = "data/house_320x240.jpg";
  std::string aclJson;  // empty: acl.json next to the binary, if there is one
  std::string dumpInput;
  int runs = 3;
  bool shorterSide = false;
};

// Parses argv; on --help or an error prints the usage and returns false (`*exitCode` set).
bool ParseOptions(int argc, char** argv, SampleOptions* options, int* exitCode);

// "<directory of the running binary>/<name>", or "" when it cannot be found.
std::string NextToBinary(const std::string& name);
bool FileExists(const std::string& path);

#endif  // RESNET50_CLASSIFICATION_SAMPLE_UTILS_H
