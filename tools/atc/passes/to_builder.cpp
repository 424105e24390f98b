// ir::Graph -> GraphBuilder (see to_builder.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/to_builder.h"

#include <set>

namespace asim::atc::ir {
namespace {

class Emitter {
 public:
  Emitter(const Graph& g, GraphBuilder* b) : g_(g), b_(*b), ids_(g.values.size(), -1) {}

  Status Run() {
    for (int v : g_.inputs) {
      const Value& in = g_.value(v);
      ids_[static_cast<size_t>(v)] = b_.Input(Unique(in.name), in.dtype, in.declared_dims, in.format);
    }
    for (const Node& n : g_.nodes) {
      if (n.dead) continue;
      std::vector<int> inputs;
      for (int v : n.inputs) {
        int id = -1;
        if (v >= 0) ASIM_RETURN_IF_ERROR(IdOf(v, n.name, &id));
        inputs.push_back(id);
      }
      const auto outs = b_.Op(n.type, Unique(n.name), inputs, n.attrs, static_cast<int>(n.outputs.size()));
      for (size_t k = 0; k < n.outputs.size() && k < outs.size(); ++k)
        ids_[static_cast<size_t>(n.outputs[k])] = outs[k];
    }
    std::set<std::string> output_names;
    for (const Output& o : g_.outputs) {
      int id = -1;
      ASIM_RETURN_IF_ERROR(IdOf(o.value, "output '" + o.name + "'", &id));
      std::string name = o.name;
      for (int k = 1; output_names.count(name) != 0; ++k) name = o.name + "_" + std::to_string(k);
      output_names.insert(name);
      b_.Output(id, name);
    }
    return Status::Ok();
  }

 private:
  std::string Unique(const std::string& base) {
    std::string name = base;
    for (int k = 1; names_.count(name) != 0; ++k) name = base + "_" + std::to_string(k);
    names_.insert(name);
    return name;
  }

  Status IdOf(int v, const std::string& reader, int* id) {
    int& slot = ids_[static_cast<size_t>(v)];
    if (slot < 0) {
      const Value& val = g_.value(v);
      if (!val.is_constant()) {
        return Status(err::kInvalidParam,
                      reader + " reads value '" + val.name + "', which no live node or input produces");
      }
      slot = b_.Constant(Unique(val.name), val.dtype, val.dims, val.data->empty() ? nullptr : val.data->data());
    }
    *id = slot;
    return Status::Ok();
  }

  const Graph& g_;
  GraphBuilder& b_;
  std::vector<int> ids_;
  std::set<std::string> names_;
};

}  // namespace

Status ToBuilder(const Graph& graph, GraphBuilder* builder) {
  return Emitter(graph, builder).Run();
}

}  // namespace asim::atc::ir
