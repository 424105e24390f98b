"""The ais_bench command line: `python3 -m ais_bench --model x.om [options]`.

Options as ais_bench's: --model, --input (files or directories, comma separated, .bin/.npy; files
smaller than the input are batched as ais_bench batches them; empty: generated inputs,
--pure_data_type zero|random), --output, --output_dirname, --outfmt BIN|NPY|TXT,
--output_batchsize_axis, --loop, --batchsize, --device, --dymBatch, --dymHW, --dymDims,
--dymShape, --outputSize, --auto_set_dymdims_mode, --auto_set_dymshape_mode, --warmup_count,
--display_all_summary, --acl_json_path, --profiler, --dump, --debug. The real tool's other
options (--run_mode, --pipeline, --threads, --energy_consumption, ...) are accepted and say that
they have no effect here. Prints ais_bench's "Performance Summary" block; NPU_compute_time is the
simulated device time. Exit status 0 on success, 1 with an [ERROR] line on any failure.
"""
import argparse
import datetime
import json
import os
import time

import numpy as np

from ais_bench import data_io
from ais_bench.stats import Stats


def str2bool(v):
    if isinstance(v, bool):
        return v
    if v.lower() in ("yes", "true", "t", "y", "1"):
        return True
    if v.lower() in ("no", "false", "f", "n", "0"):
        return False
    raise argparse.ArgumentTypeError("Boolean value expected, got {!r}".format(v))


def positive_int(v):
    n = int(v)
    if n <= 0:
        raise argparse.ArgumentTypeError("must be a positive integer, got {}".format(v))
    return n


def nonnegative_int(v):
    n = int(v)
    if n < 0:
        raise argparse.ArgumentTypeError("must be a nonnegative integer, got {}".format(v))
    return n


def parse_dims_list(text, option):
    """"name:1,3,224,224;name2:1,10" -> {"name": [1, 3, 224, 224], ...}"""
    result = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        name, sep, dims = part.rpartition(":")
        if not sep or not name:
            raise ValueError("{} entry {!r} is not name:d0,d1,...".format(option, part))
        try:
            result[name] = [int(d) for d in dims.split(",") if d.strip()]
        except ValueError:
            raise ValueError("{} entry {!r} has a dimension that is not an integer".format(option, part))
    if not result:
        raise ValueError("{} is empty".format(option))
    return result


# Options of the real ais_bench that this one accepts without acting on them: (option, dest,
# default, why it has no effect here). A note is printed when one is given another value.
NO_EFFECT = [
    ("--run_mode", "run_mode", "array", "inputs are always staged from host arrays"),
    ("--infer_queue_count", "infer_queue_count", 20, "inferences run one after another, without a queue"),
    ("--pipeline", "pipeline", False, "inferences run one after another on one session"),
    ("--threads", "threads", 1, "inferences run one after another on one session"),
    ("--energy_consumption", "energy_consumption", False, "the simulated device has no power reading (npu-smi)"),
    ("--npu_id", "npu_id", 0, "it only serves --energy_consumption"),
    ("--dymShape_range", "dym_shape_range", None, "not implemented here: run each shape with --dymShape"),
    ("--aipp_config", "aipp_config", None, "not implemented here (dynamic AIPP parameters are not set)"),
    ("--backend", "backend", None, "only the .om backend exists"),
    ("--perf", "perf", False, "only the .om backend exists"),
    ("--profiler_rename", "profiler_rename", True, "the profiler's files keep the runtime's names"),
    ("--dump_npy", "dump_npy", False, "convert the dump with dump2npy"),
    ("--divide_input", "divide_input", False, "one device per run"),
]


def build_parser():
    p = argparse.ArgumentParser(prog="ais_bench", description="model inference benchmark on the simulated Ascend NPU")
    p.add_argument("--model", "-m", "--om-model", dest="model", required=True, help="the .om model")
    p.add_argument("--input", "-i", default=None,
                   help="input files or directories, one per model input, comma separated")
    p.add_argument("--output", "-o", default=None, help="output root directory (nothing is written without it)")
    p.add_argument("--output_dirname", default=None, help="subdirectory of --output (default: a timestamp)")
    p.add_argument("--outfmt", default="BIN", choices=["NPY", "BIN", "TXT"])
    p.add_argument("--loop", "-l", type=positive_int, default=1, help="inferences per input set")
    p.add_argument("--batchsize", type=positive_int, default=None,
                   help="batch size for the throughput (default: the model's)")
    p.add_argument("--device", "-d", type=int, default=0)
    p.add_argument("--dymBatch", type=int, default=0)
    p.add_argument("--dymHW", default=None, help="H,W")
    p.add_argument("--dymDims", default=None, help="name:d0,d1;name2:...")
    p.add_argument("--dymShape", "--dym-shape", dest="dymShape", default=None, help="name:d0,d1;name2:...")
    p.add_argument("--outputSize", default=None, help="output buffer sizes for --dymShape, comma separated")
    p.add_argument("--auto_set_dymshape_mode", type=str2bool, default=False,
                   help="dynamic-shape model: each inference's shapes from its .npy inputs")
    p.add_argument("--auto_set_dymdims_mode", type=str2bool, default=False,
                   help="dynamic-dims model: each inference's gear from its .npy inputs")
    p.add_argument("--output_batchsize_axis", type=nonnegative_int, default=0,
                   help="axis along which an output is split into one file per batched input file")
    p.add_argument("--warmup_count", "--warmup-count", type=nonnegative_int, default=1)
    p.add_argument("--display_all_summary", type=str2bool, default=False)
    p.add_argument("--pure_data_type", default="zero", choices=["zero", "random"])
    p.add_argument("--acl_json_path", default=None)
    p.add_argument("--profiler", type=str2bool, default=False, help="profile into <output>/profiler")
    p.add_argument("--dump", type=str2bool, default=False, help="dump every operator into <output>/dump")
    p.add_argument("--debug", type=str2bool, default=False)
    # Accepted without effect (NO_EFFECT).
    p.add_argument("--run_mode", default="array", choices=["array", "files", "tensor", "full"])
    p.add_argument("--infer_queue_count", type=positive_int, default=20)
    p.add_argument("--pipeline", type=str2bool, default=False)
    p.add_argument("--threads", "--thread", dest="threads", type=positive_int, default=1)
    p.add_argument("--energy_consumption", type=str2bool, default=False)
    p.add_argument("--npu_id", type=int, default=0)
    p.add_argument("--dymShape_range", dest="dym_shape_range", default=None)
    p.add_argument("--aipp_config", default=None)
    p.add_argument("--backend", default=None)
    p.add_argument("--perf", type=str2bool, default=False)
    p.add_argument("--profiler_rename", type=str2bool, default=True)
    p.add_argument("--dump_npy", type=str2bool, default=False)
    p.add_argument("--divide_input", type=str2bool, default=False)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except (data_io.InputError, ValueError, OSError) as e:
        print("[ERROR] {}".format(e))
        return 1


def acl_json_for(args):
    """--acl_json_path, or the acl.json ais_bench writes into --output for --profiler / --dump."""
    if args.acl_json_path or not (args.profiler or args.dump):
        return args.acl_json_path
    if args.profiler:
        prof_dir = os.path.join(args.output, "profiler")
        os.makedirs(prof_dir, exist_ok=True)
        config = {"profiler": {"switch": "on", "aicpu": "on", "output": prof_dir, "aic_metrics": ""}}
    else:
        dump_dir = os.path.join(args.output, "dump")
        os.makedirs(dump_dir, exist_ok=True)
        name = os.path.splitext(os.path.basename(args.model))[0]
        config = {"dump": {"dump_path": dump_dir, "dump_mode": "all", "dump_list": [{"model_name": name}]}}
    path = os.path.join(args.output, "acl.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(config, f, indent=4, sort_keys=True)
    return path


def check_options(args):
    """ais_bench's rules between options; a message for the first broken one, or None."""
    if args.profiler and args.dump:
        return "--profiler and --dump cannot both be true"
    if (args.profiler or args.dump) and not args.output:
        return "--profiler and --dump need --output"
    if args.auto_set_dymdims_mode and args.auto_set_dymshape_mode:
        return "--auto_set_dymdims_mode and --auto_set_dymshape_mode cannot both be true"
    if (args.auto_set_dymdims_mode or args.auto_set_dymshape_mode) and not args.input:
        return "--auto_set_dymdims_mode and --auto_set_dymshape_mode need --input (.npy files)"
    dyn_options = [o for o in ("dymBatch", "dymHW", "dymDims", "dymShape") if getattr(args, o)]
    if len(dyn_options) > 1:
        return "--{} cannot be combined".format(" and --".join(dyn_options))
    return None


def run(args):
    from ais_bench.session import InferSession, SessionError

    if not os.path.isfile(args.model):
        print("[ERROR] model file {} does not exist".format(args.model))
        return 1
    problem = check_options(args)
    if problem:
        print("[ERROR] {}".format(problem))
        return 1
    for option, dest, default, why in NO_EFFECT:
        if getattr(args, dest) != default:
            print("[INFO] {} has no effect in the simulator: {}".format(option, why))
    if args.profiler and args.input and args.warmup_count:
        print("[INFO] profiler mode with input change warmup_count to 0")
        args.warmup_count = 0
    output_sizes = [int(s) for s in args.outputSize.split(",")] if args.outputSize else None
    try:
        session = InferSession(args.device, args.model, acl_json_for(args), output_sizes=output_sizes)
    except SessionError as e:
        print("[ERROR] {}".format(e))
        return 1
    try:
        return bench(args, session)
    except SessionError as e:
        print("[ERROR] {}".format(e))
        return 1
    finally:
        session.free()


def save_outputs(args, session, outputs, batch, out_dir):
    """Writes output i as <stem>_<i>.<fmt>: one file per input file of the batch, the output split
    along --output_batchsize_axis (ais_bench's save_tensors_to_file)."""
    files = [None] if batch is None else batch[0]
    for i, (raw, dims) in enumerate(outputs):
        acl_dtype = session.outputs[i].dtype
        if len(files) == 1:
            stem = "pure_infer_data" if files[0] is None else os.path.splitext(os.path.basename(files[0]))[0]
            data_io.write_output(raw, acl_dtype, dims, os.path.join(out_dir, "{}_{}".format(stem, i)), args.outfmt)
            continue
        arr = np.frombuffer(raw, dtype=data_io.NUMPY_OF_ACL.get(acl_dtype, np.uint8))
        if dims and all(d >= 0 for d in dims) and int(np.prod(dims)) == arr.size:
            arr = arr.reshape(dims)
        axis = args.output_batchsize_axis
        if axis >= arr.ndim or arr.shape[axis] % len(files):
            raise ValueError("save out files error: output {} has shape {}, which does not split into {} files "
                             "along --output_batchsize_axis {}".format(i, list(arr.shape), len(files), axis))
        for part, path in zip(np.array_split(arr, len(files), axis), files):
            if path is None:  # the padding of the last batch
                continue
            stem = os.path.splitext(os.path.basename(path))[0]
            part = np.ascontiguousarray(part)
            data_io.write_output(part.tobytes(), acl_dtype, list(part.shape),
                                 os.path.join(out_dir, "{}_{}".format(stem, i)), args.outfmt)


def bench(args, session):
    if args.debug:
        for i, t in enumerate(session.inputs):
            print("[DEBUG] input {}: name {} dims {} dtype {} size {}".format(i, t.name, t.dims, t.dtype, t.size))
        for i, t in enumerate(session.outputs):
            print("[DEBUG] output {}: name {} dims {} dtype {} size {}".format(i, t.name, t.dims, t.dtype, t.size))

    dynamic = False
    if args.dymBatch:
        session.set_dynamic_batch(args.dymBatch)
        dynamic = True
    elif args.dymHW:
        try:
            h, w = (int(v) for v in args.dymHW.split(","))
        except ValueError:
            raise ValueError("--dymHW must be H,W, not {!r}".format(args.dymHW))
        session.set_dynamic_hw(h, w)
        dynamic = True
    elif args.dymDims:
        session.set_dynamic_dims(parse_dims_list(args.dymDims, "--dymDims"))
        dynamic = True
    elif args.dymShape:
        session.set_dynamic_shape(parse_dims_list(args.dymShape, "--dymShape"))
        dynamic = True

    auto_mode = args.auto_set_dymdims_mode or args.auto_set_dymshape_mode
    data_inputs = session.data_inputs
    if args.input:
        sets = data_io.list_input_sets(args.input, len(data_inputs))
    else:
        sets = [None]

    # ais_bench batches input files smaller than the input: input size / first file's size files
    # make one inference (the last batch padded with its first file), and each output is split
    # into one file per input file along --output_batchsize_axis.
    per_batch = 1
    if sets[0] is not None and not auto_mode:
        first = session.data_input_indexes()[0][0]
        per_batch = data_io.files_per_batch(sets[0][0], session.real_size(first))
        if per_batch > 1:
            print("[INFO] get filesperbatch files0 size:{} tensor0size:{} filesperbatch:{} runcount:{}".format(
                data_io.data_size(sets[0][0]), session.real_size(first), per_batch,
                (len(sets) + per_batch - 1) // per_batch))
    batches = [None] if sets[0] is None else data_io.batch_sets(sets, per_batch)

    def auto_arrays(batch):
        arrays = []
        for files in batch:
            if not files[0].endswith(".npy"):
                raise data_io.InputError("--auto_set_dymdims_mode / --auto_set_dymshape_mode take .npy inputs "
                                         "(their shapes set the gear), not {}".format(files[0]))
            arrays.append(np.load(files[0], allow_pickle=False))
        dims = {t.name: list(a.shape) for t, a in zip(data_inputs, arrays)}
        if args.auto_set_dymdims_mode:
            session.set_dynamic_dims(dims)
        else:
            session.set_dynamic_shape(dims)
        return arrays

    def blobs_for(batch):
        if batch is None:
            blobs = []
            for t in data_inputs:
                n = t.size
                if args.pure_data_type == "random":
                    blobs.append(rng.integers(0, 256, n, dtype=np.uint8).tobytes())
                else:
                    blobs.append(bytes(n))
            return blobs
        if auto_mode:
            arrays = auto_arrays(batch)
            return [np.ascontiguousarray(a).tobytes() for a in arrays]
        return [data_io.read_batch(files) for files in batch]

    batchsize = args.batchsize
    if batchsize is None:
        first = data_inputs[0].dims if data_inputs else []
        batchsize = args.dymBatch or (first[0] if first and first[0] > 0 else 1)
        if auto_mode:
            arr = np.load(batches[0][0][0], mmap_mode="r", allow_pickle=False) \
                if batches[0][0][0].endswith(".npy") else None
            batchsize = arr.shape[0] if arr is not None and arr.ndim else batchsize
        print("[INFO] try get model batchsize:{}".format(batchsize))

    out_dir = None
    if args.output:
        stamp = datetime.datetime.now().strftime("%Y_%m_%d-%H_%M_%S")
        out_dir = os.path.join(args.output, args.output_dirname or stamp)
        os.makedirs(out_dir, exist_ok=True)
        print("[INFO] output path:{}".format(out_dir))

    rng = np.random.default_rng(0)

    # Warm-up on the first input set (not timed, as ais_bench).
    if args.warmup_count > 0:
        session.set_inputs(blobs_for(batches[0]), exact=not dynamic and not auto_mode)
        for _ in range(args.warmup_count):
            session.run()
        print("[INFO] warm up {} done".format(args.warmup_count))

    h2d, npu, d2h, host = [], [], [], []
    for batch in batches:
        h2d.append(session.set_inputs(blobs_for(batch), exact=not dynamic and not auto_mode))
        for _ in range(args.loop):
            ms, wall = session.run()
            npu.append(ms)
            host.append(wall)
        outputs, d2h_ms = session.get_outputs()
        d2h.append(d2h_ms)
        if out_dir:
            save_outputs(args, session, outputs, batch, out_dir)

    s_h2d, s_npu, s_d2h, s_host = Stats(h2d), Stats(npu), Stats(d2h), Stats(host)
    throughput = 1000.0 * batchsize / s_npu.mean if s_npu.mean > 0 else 0.0
    print("[INFO] -----------------Performance Summary------------------")
    if args.display_all_summary:
        print("[INFO] " + s_h2d.line("H2D_latency"))
    print("[INFO] " + s_npu.line("NPU_compute_time"))
    if args.display_all_summary:
        print("[INFO] " + s_d2h.line("D2H_latency"))
    print("[INFO] " + s_host.line("host_wall_time"))
    print("[INFO] throughput 1000*batchsize.mean({})/NPU_compute_time.mean({}): {}".format(
        batchsize, s_npu.mean, throughput))
    print("[INFO] ------------------------------------------------------")
    if args.output:
        summary = {"NPU_compute_time": s_npu.as_dict(), "H2D_latency": s_h2d.as_dict(),
                   "D2H_latency": s_d2h.as_dict(), "host_wall_time": s_host.as_dict(), "throughput": throughput,
                   "batchsize": batchsize, "loop": args.loop, "inferences": len(npu),
                   "simulated": True, "time": time.strftime("%Y-%m-%d %H:%M:%S")}
        name = os.path.basename(out_dir) + "_summary.json"
        with open(os.path.join(args.output, name), "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
    return 0
