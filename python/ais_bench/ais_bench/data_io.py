"""Inputs and outputs of ais_bench: .bin / .npy files or directories of them in, BIN / NPY / TXT
files out, named as ais_bench names them."""
import os

import numpy as np


class InputError(Exception):
    """A problem with --input that the user must fix (the message says which file and why)."""


def list_input_sets(spec, count):
    """--input "a,b" (one entry per model input; each a file or a directory) -> a list of file
    sets, one per inference, each a list of `count` paths. Directories are matched by sorted
    file name (the i-th file of every directory forms the i-th set)."""
    entries = [e for e in spec.split(",") if e]
    if len(entries) != count:
        raise InputError("--input has {} entries but the model has {} inputs".format(len(entries), count))
    columns = []
    for e in entries:
        if os.path.isdir(e):
            files = sorted(os.path.join(e, f) for f in os.listdir(e) if f.endswith((".bin", ".npy")))
            if not files:
                raise InputError("input directory {} holds no .bin or .npy file".format(e))
            columns.append(files)
        elif os.path.isfile(e):
            columns.append([e])
        else:
            raise InputError("input {} does not exist".format(e))
    n = max(len(c) for c in columns)
    for e, c in zip(entries, columns):
        if len(c) not in (1, n):
            raise InputError("input {} has {} files but another input has {}".format(e, len(c), n))
    return [[c[i] if len(c) > 1 else c[0] for c in columns] for i in range(n)]


def data_size(path):
    """Bytes of data in an input file (a .npy array's, a .bin file's size)."""
    if path.endswith(".npy"):
        try:
            return int(np.load(path, mmap_mode="r", allow_pickle=False).nbytes)
        except ValueError as e:
            raise InputError("{} is not a readable .npy file: {}".format(path, e))
    return os.path.getsize(path)


def files_per_batch(first_file, input_size):
    """How many files make one inference's input, as ais_bench counts them: the input's size
    over the first file's (1 when the file fills the input or does not divide it)."""
    n = data_size(first_file)
    if n <= 0 or input_size <= n or input_size % n:
        return 1
    return input_size // n


def batch_sets(sets, per_batch):
    """Per-file sets -> per-inference sets of per_batch files: [[files of input 0], ...]. The
    last one is padded with None (ais_bench's padding file: the batch's first file again)."""
    batches = []
    for k in range(0, len(sets), per_batch):
        chunk = sets[k:k + per_batch]
        batches.append([[s[i] for s in chunk] + [None] * (per_batch - len(chunk)) for i in range(len(chunk[0]))])
    return batches


def read_batch(files):
    """The bytes of one input of one inference: its files one after another (None: the first)."""
    first = read_input(files[0])
    return b"".join(first if f is None or i == 0 else read_input(f) for i, f in enumerate(files))


def read_input(path):
    """The bytes of one input file: a .npy array's data, or a .bin file as it is."""
    if path.endswith(".npy"):
        try:
            return np.ascontiguousarray(np.load(path, allow_pickle=False)).tobytes()
        except ValueError as e:
            raise InputError("{} is not a readable .npy file: {}".format(path, e))
    with open(path, "rb") as f:
        return f.read()


NUMPY_OF_ACL = {0: np.float32, 1: np.float16, 2: np.int8, 3: np.int32, 4: np.uint8, 6: np.int16, 7: np.uint16,
                8: np.uint32, 9: np.int64, 10: np.uint64, 11: np.float64, 12: np.bool_}


def write_output(raw, acl_dtype, dims, path_stem, outfmt):
    """Writes one output as ais_bench does: <stem>.bin (the bytes), <stem>.npy (typed, shaped) or
    <stem>.txt (values, one row per line of the last dimension). Returns the path."""
    dtype = NUMPY_OF_ACL.get(acl_dtype, np.uint8)
    if outfmt == "BIN":
        path = path_stem + ".bin"
        with open(path, "wb") as f:
            f.write(raw)
        return path
    arr = np.frombuffer(raw, dtype=dtype)
    if dims and all(d > 0 for d in dims) and int(np.prod(dims)) == arr.size:
        arr = arr.reshape(dims)
    if outfmt == "NPY":
        path = path_stem + ".npy"
        np.save(path, arr)
        return path
    path = path_stem + ".txt"
    rows = arr.reshape(-1, arr.shape[-1]) if arr.ndim > 1 else arr.reshape(1, -1)
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(" ".join(str(v) for v in row.tolist()) + "\n")
    return path
