// The one place the converter includes the classes generated from tf_graph.proto (the
// project's own schema of TensorFlow's GraphDef; see its header comment for the messages it
// carries). The generated header is a system include of asim_tf_proto, so protobuf's
// generated code stays out of the -Werror builds. Thread safety and failure: declarations only.
#pragma once

#include "tf_graph.pb.h"
