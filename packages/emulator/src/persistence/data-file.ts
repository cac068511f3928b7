import { randomBytes } from "node:crypto";
import { open, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { DataFileError } from "./data-file-error.js";
import {
  DATA_FILE_FORMAT,
  DATA_FILE_VERSION,
  type DataFile,
  dataFileSchema,
} from "./saved-state.js";

const PREFIX = "@credport/emulator:";

/**
 * Reads the emulator's data file: `undefined` when there is none yet. A file that is not JSON, not
 * ours, of a newer version or malformed is refused with a {@link DataFileError}, never repaired.
 */
export async function readDataFile(path: string): Promise<DataFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new DataFileError(
      "data_file_unreadable",
      path,
      `${PREFIX} cannot read the data file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"}); check its permissions, or pass another path.`,
    );
  }
  const corrupt = (why: string) =>
    new DataFileError(
      "data_file_corrupt",
      path,
      `${PREFIX} the data file ${path} is not usable: ${why}. It was left untouched; move it away (or delete it) to start with a fresh state, or pass another path.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corrupt("it is not valid JSON");
  }
  const header = parsed as { format?: unknown; version?: unknown } | null;
  if (typeof header !== "object" || header === null || header.format !== DATA_FILE_FORMAT)
    throw corrupt(`it is not a Credport emulator data file (no "format": "${DATA_FILE_FORMAT}")`);
  if (typeof header.version === "number" && header.version > DATA_FILE_VERSION) {
    throw new DataFileError(
      "data_file_newer_version",
      path,
      `${PREFIX} the data file ${path} was written by a newer @credport/emulator (format version ${header.version}; this one reads up to ${DATA_FILE_VERSION}). It was left untouched; upgrade @credport/emulator, or pass another path.`,
    );
  }
  const result = dataFileSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw corrupt(`${issue.path.join(".") || "(top level)"}: ${issue.message}`);
  }
  return result.data;
}

/**
 * Writes the data file atomically: a temporary file beside it, flushed to disk, then renamed over
 * it, so that a crash leaves the old file or the new one, never half of one. Owner-only (0600):
 * the file holds keys.
 */
export async function writeDataFile(path: string, data: DataFile): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(data, null, 2)}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new DataFileError(
      "data_file_not_writable",
      path,
      `${PREFIX} cannot write the data file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"}); check that its folder exists and is writable.`,
    );
  }
}
