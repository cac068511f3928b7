#!/usr/bin/env node
// Deprecated: the emulator moved to @credport/emulator. This forwarder runs it for one version when
// it is installed, without @credport/mock depending on it (the emulator sits on the mock).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

console.error(
  "credport-emulator: the emulator moved to @credport/emulator; @credport/mock's credport-emulator goes away in the next version.",
);

/** @credport/emulator's bin, looked up from the app's folder first, then from this package. */
function emulatorBin() {
  for (const from of [join(process.cwd(), "package.json"), import.meta.url]) {
    try {
      const manifest = createRequire(from).resolve("@credport/emulator/package.json");
      return join(dirname(manifest), "bin", "credport-emulator.js");
    } catch {}
  }
  return undefined;
}

const bin = emulatorBin();
if (bin === undefined) {
  console.error(
    "credport-emulator: @credport/emulator is not installed: npm i -D @credport/emulator",
  );
  process.exit(1);
}
await import(pathToFileURL(bin).href);
