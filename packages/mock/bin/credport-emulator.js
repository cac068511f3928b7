#!/usr/bin/env node
// Deprecated: the emulator moved to @credport/emulator. This forwarder runs it for one version when
// it is installed, without @credport/mock depending on it (the emulator sits on the mock).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

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

// One line either way. With both packages installed, a package manager may link this copy of the
// command (pnpm does): it then only says where the command lives from now on.
const bin = emulatorBin();
if (bin === undefined) {
  console.error(
    "credport-emulator: the emulator moved to @credport/emulator, which is not installed: npm i -D @credport/emulator (@credport/mock's credport-emulator goes away in the next version)",
  );
  process.exit(1);
}
console.error(
  "credport-emulator: the emulator moved to @credport/emulator; running it (@credport/mock's credport-emulator goes away in the next version)",
);
await import(pathToFileURL(bin).href);
