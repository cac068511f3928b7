import { existsSync } from "node:fs";

/** Fails with the install command when a browser from Debian is missing (`.ci/run` installs them). */
export function requireExecutable(path: string, debianPackage: string): void {
  if (!existsSync(path)) {
    throw new Error(
      `Real-browser tests need ${path}: apt-get install -y ${debianPackage} (.ci/run does this)`,
    );
  }
}
