"""The ais_bench command line: `python3 -m ais_bench --model x.om [options]`.

Options as ais_bench's: --model, --input (files or directories, comma separated, .bin/.npy; empty:
generated inputs, --pure_data_type zero|random), --output, --output_dirname, --outfmt
BIN|NPY|TXT, --loop, --batchsize, --device, --dymBatch, --dymHW, --dymDims, --dymShape,
--outputSize, --warmup_count, --display_all_summary, --acl_json_path. Prints ais_bench's
"Performance Summary" block; NPU_compute_time is the simulated device time. Exit status 0 on
success, 1 with an [ERROR] line on any failure.
"""
import argparse
import datetime
import json
import os
import sys
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


def build_parser():
    p = argparse.ArgumentParser(prog="ais_bench", description="model inference benchmark on the simulated Ascend NPU")
    p.add_argument("--model", "--om-model", dest="model", required=True, help="the .om model")
    p.add_argument("--input", default=None, help="input files or directories, one per model input, comma separated")
    p.add_argument("--output", default=None, help="output root directory (nothing is written without it)")
    p.add_argument("--output_dirname", default=None, help="subdirectory of --output (default: a timestamp)")
    p.add_argument("--outfmt", default="BIN", choices=["NPY", "BIN", "TXT"])
    p.add_argument("--loop", type=positive_int, default=1, help="inferences per input set")
    p.add_argument("--batchsize", type=int, default=None, help="batch size for the throughput (default: the model's)")
    p.add_argument("--device", type=int, default=0)
    p.add_argument("--dymBatch", type=int, default=0)
    p.add_argument("--dymHW", default=None, help="H,W")
    p.add_argument("--dymDims", default=None, help="name:d0,d1;name2:...")
    p.add_argument("--dymShape", default=None, help="name:d0,d1;name2:...")
    p.add_argument("--outputSize", default=None, help="output buffer sizes for --dymShape, comma separated")
    p.add_argument("--warmup_count", type=int, default=1)
    p.add_argument("--display_all_summary", type=str2bool, default=False)
    p.add_argument("--pure_data_type", default="zero", choices=["zero", "random"])
    p.add_argument("--acl_json_path", default=None)
    p.add_argument("--debug", type=str2bool, default=False)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except (data_io.InputError, ValueError, OSError) as e:
        print("[ERROR] {}".format(e))
        return 1


def run(args):
    from ais_bench.session import InferSession, SessionError

    if not os.path.isfile(args.model):
        print("[ERROR] model file {} does not exist".format(args.model))
        return 1
    output_sizes = [int(s) for s in args.outputSize.split(",")] if args.outputSize else None
    dyn_options = [o for o in ("dymBatch", "dymHW", "dymDims", "dymShape") if getattr(args, o)]
    if len(dyn_options) > 1:
        print("[ERROR] --{} cannot be combined".format(" and --".join(dyn_options)))
        return 1
    try:
        session = InferSession(args.device, args.model, args.acl_json_path, output_sizes=output_sizes)
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

    batchsize = args.batchsize
    if batchsize is None:
        first = session.data_inputs[0].dims if session.data_inputs else []
        batchsize = args.dymBatch or (first[0] if first and first[0] > 0 else 1)
        print("[INFO] try get model batchsize:{}".format(batchsize))

    data_inputs = session.data_inputs
    if args.input:
        sets = data_io.list_input_sets(args.input, len(data_inputs))
    else:
        sets = [None]

    out_dir = None
    if args.output:
        stamp = datetime.datetime.now().strftime("%Y_%m_%d-%H_%M_%S")
        out_dir = os.path.join(args.output, args.output_dirname or stamp)
        os.makedirs(out_dir, exist_ok=True)
        print("[INFO] output path:{}".format(out_dir))

    rng = np.random.default_rng(0)

    def blobs_for(file_set):
        if file_set is None:
            blobs = []
            for t in data_inputs:
                n = t.size
                if args.pure_data_type == "random":
                    blobs.append(rng.integers(0, 256, n, dtype=np.uint8).tobytes())
                else:
                    blobs.append(bytes(n))
            return blobs
        return [data_io.read_input(f) for f in file_set]

    # Warm-up on the first input set (not timed, as ais_bench).
    if args.warmup_count > 0:
        session.set_inputs(blobs_for(sets[0]), exact=not dynamic)
        for _ in range(args.warmup_count):
            session.run()
        print("[INFO] warm up {} done".format(args.warmup_count))

    h2d, npu, d2h, host = [], [], [], []
    for file_set in sets:
        h2d.append(session.set_inputs(blobs_for(file_set), exact=not dynamic))
        for _ in range(args.loop):
            ms, wall = session.run()
            npu.append(ms)
            host.append(wall)
        outputs, d2h_ms = session.get_outputs()
        d2h.append(d2h_ms)
        if out_dir:
            stem = "pure_infer_data" if file_set is None else os.path.splitext(os.path.basename(file_set[0]))[0]
            for i, (raw, dims) in enumerate(outputs):
                data_io.write_output(raw, session.outputs[i].dtype, dims,
                                     os.path.join(out_dir, "{}_{}".format(stem, i)), args.outfmt)

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
