#!/usr/bin/env bash
# bench/resnet50/dump_overhead.sh: what the operator dump costs when it is off (issue 7).
# ResNet-50 (the fp16 Ascend310 model of the samples) through resnet50_bench, host latency of
# aclmdlExecute, in interleaved rounds of three configurations so that machine load hits all
# alike:
#   off      no acl.json (no dump configured: the observer does one atomic load per task);
#   other    a dump configured for another model name (the dump is on, this model is not
#            selected: per task a lookup and nothing else);
#   on       the dump of every output of this model (the contrast: files are written).
# Prints each round and the median per configuration with the ratios to "off".
#
#   bench/resnet50/dump_overhead.sh [--build DIR (build)] [--model resnet50.om] [--rounds R (5)]
#                                   [--runs N (10)]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build" model="" rounds=5 runs=10
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --model) model=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) echo "dump_overhead.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
model=${model:-$build/samples/resnet50_models/resnet50.om}
bench="$build/bench/resnet50/resnet50_bench"
[ -x "$bench" ] || { echo "dump_overhead.sh: $bench is not built" >&2; exit 1; }
[ -f "$model" ] || { echo "dump_overhead.sh: no model $model (build the resnet50_models fixture)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/other.json" <<JSON
{ "dump": { "dump_path": "$work/dump_other", "dump_list": [{ "model_name": "not_this_model" }],
            "dump_mode": "output" } }
JSON
cat > "$work/on.json" <<JSON
{ "dump": { "dump_path": "$work/dump_on", "dump_list": [{ "model_name": "resnet50" }],
            "dump_mode": "output" } }
JSON
mkdir -p "$work/dump_other" "$work/dump_on"
: > "$work/results"
for r in $(seq 1 "$rounds"); do
  for cfg in off other on; do
    args=(--model "$model" --warmup 2 --runs "$runs")
    [ "$cfg" = off ] || args+=(--acl-json "$work/$cfg.json")
    line=$(ASCEND_SIM_SOC_VERSION=Ascend310 "$bench" "${args[@]}" 2>/dev/null | tail -n 1)
    echo "$cfg $line" >> "$work/results"
    echo "round $r $cfg: $line"
    rm -rf "$work/dump_on"/* 2>/dev/null || true
  done
done
python3 - "$work/results" <<'PY'
import json, statistics, sys
by = {}
for line in open(sys.argv[1]):
    cfg, js = line.split(" ", 1)
    by.setdefault(cfg, []).append(json.loads(js)["median_ms"])
base = statistics.median(by["off"])
for cfg in ("off", "other", "on"):
    m = statistics.median(by[cfg])
    spread = "%.1f-%.1f" % (min(by[cfg]), max(by[cfg]))
    print("dump %-5s median of round medians %8.2f ms (rounds %s)  ratio to off %.3f" % (cfg, m, spread, m / base))
PY
