#!/usr/bin/env node
// judge.mjs FILE [SAMPLES] loads a .gltf or .glb file with three.js's
// GLTFLoader (in Node: the bytes go to GLTFLoader.parse), plays each of its
// animations with an AnimationMixer at SAMPLES times (default 6) spread
// evenly from 0 to the clip's duration, skins on the CPU
// (Mesh.getVertexPosition, which applies morph targets and
// SkinnedMesh.applyBoneTransform) and prints one JSON document on stdout:
//
//   {"three": "187", "counts": [24, ...],   // vertices of each mesh, in scene order
//    "rest": [x, y, z, ...],                 // every vertex, no animation
//    "clips": [{"name": "walk", "duration": 2, "times": [0, 0.4, ...],
//               "positions": [[x, y, z, ...], ...]}]}
//
// Meshes are taken in the order scene.traverse meets them (lines and
// points are skipped), each mesh's vertices in its position attribute's
// order. Textures play no part in positions and Node has no image
// decoder, so the file's images, textures and samplers are removed before
// parsing; buffers (external files, data URIs) are gathered into the
// binary chunk of a GLB, since GLTFLoader would fetch them, which Node's
// file system does not serve. Exit status 1 when the file does not load, 2 on a usage error.

import { readFile } from "node:fs/promises";
import path from "node:path";
import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";

const [file, samplesArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node judge.mjs FILE.gltf|FILE.glb [SAMPLES]");
  process.exit(2);
}
const samples = Math.max(2, Number(samplesArg ?? 6));

// glb reads a .gltf or .glb file and returns it as one GLB whose binary
// chunk holds every buffer (each at a 16-byte aligned offset, the buffer
// views moved with it), so that GLTFLoader fetches nothing.
async function glb(file) {
  const data = await readFile(file);
  let json;
  let bin = null;
  if (data.readUInt32LE(0) === 0x46546c67) {
    let off = 12;
    while (off + 8 <= data.length) {
      const len = data.readUInt32LE(off);
      const type = data.readUInt32LE(off + 4);
      const body = data.subarray(off + 8, off + 8 + len);
      if (type === 0x4e4f534a) json = JSON.parse(body.toString("utf8"));
      if (type === 0x004e4942) bin = body;
      off += 8 + len;
    }
  } else {
    json = JSON.parse(data.toString("utf8"));
  }
  const dir = path.dirname(file);
  const parts = [];
  const offsets = [];
  let size = 0;
  for (const [i, b] of (json.buffers ?? []).entries()) {
    let bytes;
    if (b.uri === undefined && i === 0) bytes = bin;
    else if (b.uri.startsWith("data:")) bytes = Buffer.from(b.uri.slice(b.uri.indexOf(",") + 1), "base64");
    else bytes = await readFile(path.resolve(dir, decodeURIComponent(b.uri)));
    bytes = bytes.subarray(0, b.byteLength);
    offsets.push(size);
    parts.push(bytes);
    size += bytes.length;
    const pad = (16 - (size % 16)) % 16;
    parts.push(Buffer.alloc(pad));
    size += pad;
  }
  for (const v of json.bufferViews ?? []) {
    v.byteOffset = (v.byteOffset ?? 0) + offsets[v.buffer];
    v.buffer = 0;
  }
  json.buffers = size > 0 ? [{ byteLength: size }] : [];
  delete json.images;
  delete json.textures;
  delete json.samplers;
  for (const m of json.materials ?? []) {
    const pbr = m.pbrMetallicRoughness;
    if (pbr) {
      delete pbr.baseColorTexture;
      delete pbr.metallicRoughnessTexture;
    }
    delete m.normalTexture;
    delete m.occlusionTexture;
    delete m.emissiveTexture;
    delete m.extensions;
  }
  let text = Buffer.from(JSON.stringify(json), "utf8");
  text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.writeUInt32LE(0x46546c67, 0);
  head.writeUInt32LE(2, 4);
  const chunk = (type, b) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(b.length, 0);
    h.writeUInt32LE(type, 4);
    return Buffer.concat([h, b]);
  };
  const out = Buffer.concat([head, chunk(0x4e4f534a, text), ...(size > 0 ? [chunk(0x004e4942, body)] : [])]);
  out.writeUInt32LE(out.length, 8);
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
}

const gltf = await new Promise(async (resolve, reject) =>
  new GLTFLoader().parse(await glb(file), "", resolve, reject),
);
const scene = gltf.scene;
const meshes = [];
scene.traverse((o) => {
  if (o.isMesh) meshes.push(o);
});

function positions() {
  scene.updateMatrixWorld(true);
  const out = [];
  const v = new THREE.Vector3();
  for (const m of meshes) {
    const n = m.geometry.attributes.position.count;
    for (let i = 0; i < n; i++) {
      m.getVertexPosition(i, v);
      v.applyMatrix4(m.matrixWorld);
      out.push(v.x, v.y, v.z);
    }
  }
  return out;
}

// The pose without animation, to restore between clips.
const saved = [];
scene.traverse((o) =>
  saved.push([o, o.position.clone(), o.quaternion.clone(), o.scale.clone(), o.morphTargetInfluences?.slice()]),
);
function restore() {
  for (const [o, p, q, s, w] of saved) {
    o.position.copy(p);
    o.quaternion.copy(q);
    o.scale.copy(s);
    if (w) o.morphTargetInfluences.splice(0, w.length, ...w);
  }
}

const result = { three: THREE.REVISION, counts: meshes.map((m) => m.geometry.attributes.position.count), rest: positions(), clips: [] };
for (const clip of gltf.animations) {
  restore();
  const mixer = new THREE.AnimationMixer(scene);
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce);
  action.clampWhenFinished = true;
  action.play();
  const times = [];
  const pos = [];
  for (let k = 0; k < samples; k++) {
    const t = (clip.duration * k) / (samples - 1);
    mixer.setTime(t);
    times.push(t);
    pos.push(positions());
  }
  result.clips.push({ name: clip.name, duration: clip.duration, times, positions: pos });
  action.stop();
  mixer.uncacheRoot(scene);
}
process.stdout.write(JSON.stringify(result) + "\n");
