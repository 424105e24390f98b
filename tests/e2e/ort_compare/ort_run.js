#!/usr/bin/env node
// ort_run.js: runs an ONNX model with ONNX Runtime (onnxruntime-node, CPU execution provider)
// on one fp32 input read from a raw file, and writes the first output as raw fp32. Used by the
// ORT accuracy test (tests/e2e/ort_compare) and the side-by-side benchmark (bench/resnet50).
//
//   node ort_run.js --model m.onnx --input in.bin [--output out.bin] [--threads 2]
//                   [--warmup W --runs N] [--all-outputs DIR]
//
// --all-outputs DIR writes every output of the session (not only the first) as raw bytes,
// DIR/<i>.bin, with DIR/outputs.json listing {name, type, dims, file} in session order: the
// ground truth of every intermediate tensor when the model lists them as outputs
// (tools/dump/onnx_golden.py --engine ort).
// The input is the model's first input, float32, in its declared (static) shape; the file must
// hold exactly that many values. Prints one JSON line: load_ms (session creation), the output
// shape, and with --runs the median/min/mean of N timed session.run calls after W warm-ups (and
// each call's time, times_ms), plus
// the mean process CPU time per run (cpu_ms: user + system of all threads, thread-pool spinning
// included) and the process's peak RSS (max_rss_kb, getrusage). onnxruntime-node is found through NODE_PATH
// or the usual node_modules lookup.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

function parseArgs(argv) {
  const args = { threads: 2, warmup: 0, runs: 0 };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (i + 1 >= argv.length) throw new Error(`missing value for --${key}`);
    args[key] = ['threads', 'warmup', 'runs'].includes(key) ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!args.model || !args.input) throw new Error('usage: ort_run.js --model m.onnx --input in.bin [--output out.bin]');
  return args;
}

function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median_ms: median, min_ms: sorted[0], mean_ms: ms.reduce((a, b) => a + b, 0) / ms.length };
}

async function main() {
  const args = parseArgs(process.argv);
  const t0 = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(args.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: args.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const name = session.inputNames[0];
  const meta = session.inputMetadata ? session.inputMetadata.find((m) => m.name === name) : undefined;
  const bytes = fs.readFileSync(args.input);
  const data = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  let dims = meta && meta.shape ? meta.shape : null;
  if (!dims || dims.some((d) => typeof d !== 'number')) {
    // Older bindings have no metadata: assume an NCHW 3x224x224 image batch.
    dims = [data.length / (3 * 224 * 224), 3, 224, 224];
  }
  const count = dims.reduce((a, b) => a * b, 1);
  if (count !== data.length) throw new Error(`${args.input}: ${data.length} floats, the input needs ${count} [${dims}]`);
  const feeds = { [name]: new ort.Tensor('float32', data, dims) };
  let out = await session.run(feeds);
  for (let i = 0; i < args.warmup; ++i) out = await session.run(feeds);
  const ms = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < args.runs; ++i) {
    const s = process.hrtime.bigint();
    out = await session.run(feeds);
    ms.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  const result = out[session.outputNames[0]];
  if (result.type !== 'float32') throw new Error(`output type ${result.type}, expected float32`);
  if (args.output) fs.writeFileSync(args.output, Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength));
  if (args['all-outputs']) {
    const dir = args['all-outputs'];
    fs.mkdirSync(dir, { recursive: true });
    const list = session.outputNames.map((n, i) => {
      const t = out[n];
      const file = `${i}.bin`;
      fs.writeFileSync(`${dir}/${file}`, Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
      return { name: n, type: t.type, dims: t.dims, file };
    });
    fs.writeFileSync(`${dir}/outputs.json`, JSON.stringify(list));
  }
  const report = { ort_version: ort.env.versions ? ort.env.versions.node : 'unknown', threads: args.threads,
    load_ms: loadMs, output_dims: result.dims, runs: args.runs };
  if (args.runs > 0) Object.assign(report, stats(ms), { cpu_ms: (cpu.user + cpu.system) / 1000 / args.runs, times_ms: ms });
  report.max_rss_kb = process.resourceUsage().maxRSS;
  console.log(JSON.stringify(report));
}

main().catch((e) => {
  console.error(`ort_run.js: ${e && e.message ? e.message : e}`);
  process.exit(1);
});
