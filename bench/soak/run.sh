#!/usr/bin/env bash
# bench/soak/run.sh [--build DIR (build)] [--model resnet50.om] [--seconds S (600)] [--warmup S (60)]
# The soak of docs/testing.md: the ResNet-50 (fp16, Ascend310) loop of the samples for 10
# minutes with memcheck on, profiling and the operator dump switched on and off between
# iterations (bench/soak/soak.cpp says how), RSS and open descriptors watched. Exit status 0
# when RSS grew by less than 1 MiB after the warm-up, the descriptors stayed flat and memcheck
# found nothing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build" model="" seconds=600 warmup=60
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --model) model=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
model=${model:-$build/samples/resnet50_models/resnet50.om}
soak="$build/bench/soak/soak"
[ -x "$soak" ] || { echo "run.sh: $soak is not built" >&2; exit 1; }
[ -f "$model" ] || { echo "run.sh: no model $model (build the resnet50_models fixture)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "soak: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), model $model"
"$soak" --model "$model" --seconds "$seconds" --warmup "$warmup" --work "$work"
