// SPDX-License-Identifier: MIT
// tests/e2e/node/check_gltf.mjs - checks one exported .gltf or .glb against
// the Khronos glTF Validator and against three.js.
//
//   node check_gltf.mjs FILE.gltf|FILE.glb SAMPLES.csv [BOUND]
//
// SAMPLES.csv is `campath sample PATH.json --at ...` output for the path the
// file was exported from. The file is validated (no errors allowed), then
// loaded with three.js's GLTFLoader, its animation played with an
// AnimationMixer and the camera's position and rotation read at every time of
// the CSV: position must agree within 1e-5 relative to the path's size,
// rotation within 1e-5 up to the quaternion's sign; or, given the BOUND the
// file was sampled within (metres and radians), the position within BOUND
// plus 1e-6 of the path's size (float rounding) and the rotation's angle
// within BOUND plus 1e-6. Prints one line; exits 1 on any failure.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

// GLTFLoader reports loading progress with the DOM's ProgressEvent, which
// node does not have; an Event with the same fields is all it needs.
if (typeof globalThis.ProgressEvent === 'undefined') {
  globalThis.ProgressEvent = class ProgressEvent extends Event {
    constructor(type, init = {}) {
      super(type);
      Object.assign(this, init);
    }
  };
}

const [file, csvFile, boundArg] = process.argv.slice(2);
const bound = boundArg === undefined ? null : Number(boundArg);
if (!file || !csvFile) {
  console.error('usage: node check_gltf.mjs FILE.gltf SAMPLES.csv [BOUND]');
  process.exit(2);
}
const bytes = fs.readFileSync(file);
const failures = [];

// A .glb (glTF 2.0 section 4.4) is split into its JSON and BIN chunks here,
// independently of campath; a .gltf holds its buffer as a base64 data URI.
const isGlb = bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'glTF';
let text, bin;
if (isGlb) {
  const total = bytes.readUInt32LE(8);
  if (bytes.readUInt32LE(4) !== 2 || total !== bytes.length) failures.push(`GLB header: version or length wrong`);
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.toString('latin1', 16, 20) !== 'JSON' || jsonLength % 4 !== 0) failures.push('GLB: bad JSON chunk');
  text = bytes.toString('utf8', 20, 20 + jsonLength);
  const at = 20 + jsonLength;
  const binLength = bytes.readUInt32LE(at);
  if (bytes.toString('latin1', at + 4, at + 8) !== 'BIN\0' || binLength % 4 !== 0 || at + 8 + binLength !== total) {
    failures.push('GLB: bad BIN chunk');
  }
  bin = bytes.subarray(at + 8, at + 8 + binLength);
} else {
  text = bytes.toString('utf8');
}

// ---- the Khronos validator ----------------------------------------------------
const require = createRequire(import.meta.url);
const validator = require('gltf-validator');
const report = await validator.validateBytes(new Uint8Array(bytes), { uri: file, format: isGlb ? 'glb' : 'gltf' });
const issues = report.issues;
for (const m of issues.messages) {
  if (m.severity === 0) failures.push(`validator: ${m.code} at ${m.pointer}: ${m.message}`);
}
const validatorLine = `validator ${report.validatorVersion}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
  `${issues.numInfos} infos`;

// ---- three.js -------------------------------------------------------------------
const doc = JSON.parse(text);
const embedded = doc.animations[0].extras?.campath;
const start = embedded ? embedded.keys[0].t : 0;
const offset = start < 0 ? start : 0; // glTF times are shifted so that none is negative

const input = isGlb ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) : text;
const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(input, '', resolve, reject));
const camera = gltf.cameras[0];
const clip = gltf.animations[0];
const mixer = new THREE.AnimationMixer(gltf.scene);
const action = mixer.clipAction(clip);
action.setLoop(THREE.LoopOnce, 1);
action.clampWhenFinished = true;
action.play();

const stepTimes = [];
if (!embedded) failures.push('no extras.campath: cannot tell the key times');
const isStep = doc.animations[0].samplers.some((s) => s.interpolation === 'STEP');
if (isStep) {
  const acc = doc.accessors[doc.animations[0].samplers[0].input];
  const view = doc.bufferViews[acc.bufferView];
  const data = isGlb ? bin : Buffer.from(doc.buffers[0].uri.split(',')[1], 'base64');
  const f = new Float32Array(data.buffer.slice(data.byteOffset + view.byteOffset, data.byteOffset + view.byteOffset + view.byteLength));
  stepTimes.push(...f);
}

const lines = fs.readFileSync(csvFile, 'utf8').trim().split('\n');
const header = lines[0].split(',');
const col = (name) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`${csvFile}: no column ${name}`);
  return i;
};
const [ct, cpx, cpy, cpz, cqx, cqy, cqz, cqw] = ['t', 'px', 'py', 'pz', 'qx', 'qy', 'qz', 'qw'].map(col);
const rows = lines.slice(1).map((l) => l.split(',').map(Number));
let scale = 1;
for (const r of rows) scale = Math.max(scale, Math.abs(r[cpx]), Math.abs(r[cpy]), Math.abs(r[cpz]));
// what a deviation is measured in, and how much is allowed
const posTolerance = bound === null ? 1e-5 : bound + 1e-6 * scale;
const rotTolerance = bound === null ? 1e-5 : bound + 1e-6;

let maxPos = 0, maxRot = 0, compared = 0, skipped = 0;
for (const r of rows) {
  const t = r[ct] - offset;
  // STEP jumps at a key; a time within float rounding of a key may fall on
  // either side of it in single precision
  if (stepTimes.some((k) => Math.abs(k - t) < 1e-5)) {
    skipped++;
    continue;
  }
  mixer.setTime(t);
  const p = camera.position, q = camera.quaternion;
  let dp, dq;
  if (bound === null) {
    dp = Math.max(Math.abs(p.x - r[cpx]), Math.abs(p.y - r[cpy]), Math.abs(p.z - r[cpz])) / scale;
    const plus = Math.max(Math.abs(q.x - r[cqx]), Math.abs(q.y - r[cqy]), Math.abs(q.z - r[cqz]), Math.abs(q.w - r[cqw]));
    const minus = Math.max(Math.abs(q.x + r[cqx]), Math.abs(q.y + r[cqy]), Math.abs(q.z + r[cqz]), Math.abs(q.w + r[cqw]));
    dq = Math.min(plus, minus);
  } else {
    dp = Math.hypot(p.x - r[cpx], p.y - r[cpy], p.z - r[cpz]);
    // the angle of the rotation from one to the other, accurate when small
    const a = new THREE.Quaternion(r[cqx], r[cqy], r[cqz], r[cqw]).normalize().invert().multiply(q);
    dq = 2 * Math.atan2(Math.hypot(a.x, a.y, a.z), Math.abs(a.w));
  }
  if (dp > maxPos) maxPos = dp;
  if (dq > maxRot) maxRot = dq;
  if ((dp > posTolerance || dq > rotTolerance) && failures.length < 5) {
    failures.push(`three.js at t=${r[ct]}: position (${p.x}, ${p.y}, ${p.z}) vs (${r[cpx]}, ${r[cpy]}, ${r[cpz]}), ` +
      `rotation (${q.x}, ${q.y}, ${q.z}, ${q.w}) vs (${r[cqx]}, ${r[cqy]}, ${r[cqz]}, ${r[cqw]})`);
  }
  compared++;
}
if (compared < 900) failures.push(`three.js: only ${compared} times compared`);
if (maxPos > posTolerance || maxRot > rotTolerance) {
  failures.push(`three.js: deviation above ${posTolerance.toExponential(2)} (position), ` +
    `${rotTolerance.toExponential(2)} (rotation)`);
}

const expectFov = embedded ? embedded.keys[0].fov ?? 60 : null;
if (expectFov !== null && Math.abs(camera.fov - expectFov) > 1e-9 * expectFov) {
  failures.push(`three.js: camera fov ${camera.fov} degrees, expected ${expectFov}`);
}

console.log(`${file}: ${validatorLine}; three.js r${THREE.REVISION} max deviation: position ${maxPos.toExponential(2)} ` +
  (bound === null ? `(relative to ${scale}), rotation ${maxRot.toExponential(2)}`
    : `m, rotation ${maxRot.toExponential(2)} rad (sampled within ${bound})`) + ` over ${compared} times` +
  (skipped ? ` (${skipped} next to a STEP key skipped)` : ''));
for (const f of failures) console.log(`  FAIL ${f}`);
process.exit(failures.length ? 1 : 0);
