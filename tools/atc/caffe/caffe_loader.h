// LoadCaffeNet: a Caffe network (.prototxt, protobuf text) and its weights (.caffemodel,
// protobuf binary) -> one list of inference layers, each with its weight blobs.
//
// Owns: parsing both files through caffe.proto (the text parser skips fields the schema does
// not carry, logging each at debug level; a syntax error is E19005 naming the file, line and
// column), the upgrade of the old `layers` (V1LayerParameter) form to `layer`, the TEST-phase
// include / exclude rules (training-only layers such as Data and SoftmaxWithLoss drop out), and
// matching weights to layers by name, as ATC does: a layer's blobs come from the caffemodel
// layer of the same name (its own `blobs` in the prototxt when the caffemodel has none).
// The caffemodel's message is kept (the layers point into it), so the weights are in memory
// once until the importer has copied what it uses.
// Thread safety: pure apart from reading the files. Failure: E19001 (kInvalidFile) for a file
// that cannot be read, E19005 (kParseFile) for text that is not a NetParameter (file:line:col)
// or a weight file that is not a caffemodel, E19011 (kParseModel) for a V1 layer type with no
// modern equivalent.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "tools/atc/caffe/caffe_proto.h"

namespace asim::atc::caffe_import {

struct CaffeLayer {
  const asim::caffe::LayerParameter* param = nullptr;
  std::vector<const asim::caffe::BlobProto*> blobs;  // weights, in Caffe's order
};

struct CaffeNet {
  asim::caffe::NetParameter net;      // the prototxt (V1 layers upgraded into `layer`)
  asim::caffe::NetParameter weights;  // the caffemodel (empty without one)
  std::vector<CaffeLayer> layers;     // inference layers in prototxt order
  size_t skipped_layers = 0;          // excluded from the TEST phase
  std::string model_path, weight_path;
};

// `weight_path` may be empty (a network without weights, e.g. a test of shape-only layers).
Status LoadCaffeNet(const std::string& model_path, const std::string& weight_path, CaffeNet* out);

// The modern type name of a V1 layer type ("CONVOLUTION" -> "Convolution"); "" when none.
std::string V1TypeName(const std::string& v1_enum_name);

}  // namespace asim::atc::caffe_import
