import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The folder, beside the env file, where the CLI keeps the emulator's state by default. */
export const STATE_FOLDER = ".credport";
/** The data file in it. */
export const STATE_FILE = "emulator.json";

/**
 * The default data file of a CLI started with `--env-file`: `.credport/emulator.json` in the env
 * file's folder. The folder is made for this user only (0700), with a `.gitignore` of `*` so that
 * git ignores it without anyone editing the project's own `.gitignore` (the file holds keys).
 */
export function stateFileBeside(envFile: string): string {
  const folder = join(dirname(envFile), STATE_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(
      join(folder, ".gitignore"),
      "# The Credport emulator's state (it holds keys): never committed.\n*\n",
      { flag: "wx" },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return join(folder, STATE_FILE);
}
