// The one place the converter includes the classes generated from caffe.proto (the project's
// own schema of Caffe's NetParameter; see its header comment for the messages it carries).
// The generated header is a system include of asim_caffe_proto, so protobuf's generated code
// stays out of the -Werror builds. Thread safety and failure: declarations only.
#pragma once

#include "caffe.pb.h"
