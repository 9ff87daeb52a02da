#!/usr/bin/env node
// validate.mjs FILE... runs the Khronos glTF validator (npm gltf-validator)
// over .gltf and .glb files and prints one JSON report on stdout:
//
//   {"validator": "2.0.0-dev.3.10", "files": [{"file": "a.glb", "errors": 0,
//    "warnings": 1, "infos": 0, "hints": 0, "messages": [...]}, ...]}
//
// "messages" lists the errors and warnings (code, severity, pointer,
// message). External resources (.bin buffers, images) are read relative to
// each file. The exit status is 1 when any file has an error or cannot be
// read, 2 on a usage error.

import { readFile } from "node:fs/promises";
import path from "node:path";
import validator from "gltf-validator";

const severities = ["error", "warning", "info", "hint"];

async function validate(file) {
  const data = await readFile(file);
  const dir = path.dirname(file);
  const report = await validator.validateBytes(new Uint8Array(data), {
    uri: path.basename(file),
    maxIssues: 0, // no limit
    externalResourceFunction: async (uri) =>
      new Uint8Array(await readFile(path.resolve(dir, decodeURIComponent(uri)))),
  });
  const issues = report.issues;
  return {
    file,
    errors: issues.numErrors,
    warnings: issues.numWarnings,
    infos: issues.numInfos,
    hints: issues.numHints,
    messages: issues.messages
      .filter((m) => m.severity <= 1)
      .map((m) => ({
        code: m.code,
        severity: severities[m.severity] ?? String(m.severity),
        pointer: m.pointer,
        message: m.message,
      })),
  };
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node validate.mjs FILE.gltf|FILE.glb...");
  process.exit(2);
}
const out = { validator: validator.version(), files: [] };
let failed = false;
for (const file of files) {
  try {
    const r = await validate(file);
    failed ||= r.errors > 0;
    out.files.push(r);
  } catch (e) {
    failed = true;
    out.files.push({ file, errors: 1, warnings: 0, infos: 0, hints: 0, messages: [{ code: "IO_ERROR", severity: "error", message: String(e) }] });
  }
}
// Set the exit code rather than calling process.exit, which can cut off
// output still queued for a pipe.
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
process.exitCode = failed ? 1 : 0;
