// A readable JSON rendering of an om::Model, for `atc --mode=1 --om=x.om --json=x.json`.
//
// Owns: the JSON layout (documented in docs/om_format.md, "JSON rendering"): header facts,
// inputs and outputs, gears, per graph its nodes (type, engine, typed attributes, input
// and output tensors with dtype / format / dims / origin and their place, offset and
// size), work and weight sizes. Weights are summarised (their size; per graph the count of
// weight tensors), never dumped; prepared data (when the model has some) as its entries,
// never its bytes.
// Thread safety: pure. Failure: none; an inconsistent model (one Validate() would reject)
// still renders, out-of-range tensor indices as {"index": i, "invalid": true}.
#pragma once

#include <string>

#include "om/model.h"
#include "om/om_reader.h"

namespace asim::om {

// `header`, when given (ReadModelHeader of the same file), adds the file facts: format
// version, file size and the section table. `indent` < 0 gives one line.
std::string ModelToJson(const Model& model, const ModelHeader* header = nullptr, int indent = 2);

}  // namespace asim::om
