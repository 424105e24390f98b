#!/usr/bin/env node
// ort_feeds.js: runs an ONNX model with ONNX Runtime (onnxruntime-node, CPU execution provider)
// on any number of inputs of any of the types below, and writes every output as raw bytes. The
// multi-input sibling of ort_run.js (which feeds one fp32 image); used by streaming_lstm.py.
//
//   node ort_feeds.js --feeds feeds.json --out DIR
//
// feeds.json: {"model": "m.onnx", "inputs": [{"name", "type", "dims", "file"}, ...]} with type
// one of float32, int64, int32, bool (a raw little-endian file of exactly that many elements).
// DIR/<i>.bin gets output i in session order and DIR/outputs.json lists {name, type, dims,
// file}. Exit 0 on success; a thrown error (non-zero exit, message on stderr) otherwise.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

const kArrays = {
  float32: (b) => new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4),
  int64: (b) => new BigInt64Array(b.buffer, b.byteOffset, b.byteLength / 8),
  int32: (b) => new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4),
  bool: (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
};

async function main() {
  const args = {};
  for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
  if (!args.feeds || !args.out) throw new Error('usage: ort_feeds.js --feeds feeds.json --out DIR');
  const spec = JSON.parse(fs.readFileSync(args.feeds, 'utf8'));
  const session = await ort.InferenceSession.create(spec.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  const feeds = {};
  for (const input of spec.inputs) {
    const make = kArrays[input.type];
    if (!make) throw new Error(`input ${input.name}: unsupported type ${input.type}`);
    // A copy: the typed array must own an aligned buffer.
    const bytes = Buffer.from(fs.readFileSync(input.file));
    const aligned = new Uint8Array(bytes.byteLength);
    aligned.set(bytes);
    feeds[input.name] = new ort.Tensor(input.type, make(Buffer.from(aligned.buffer)), input.dims);
  }
  const results = await session.run(feeds);
  fs.mkdirSync(args.out, { recursive: true });
  const listing = [];
  session.outputNames.forEach((name, i) => {
    const t = results[name];
    const file = path.join(args.out, `${i}.bin`);
    fs.writeFileSync(file, Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    listing.push({ name, type: t.type, dims: t.dims, file });
  });
  fs.writeFileSync(path.join(args.out, 'outputs.json'), JSON.stringify(listing));
  console.log(JSON.stringify({ outputs: listing.length }));
}

main().catch((e) => {
  console.error(`ort_feeds.js: ${e.message}`);
  process.exit(1);
});
