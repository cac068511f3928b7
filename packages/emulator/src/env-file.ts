import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** A dotenv value as dotenv reads it: the quoted text, or the text before an inline `# comment`. */
function dotenvValue(raw: string): string {
  const quoted = /^\s*(["'`])(.*)\1/.exec(raw);
  return quoted ? quoted[2]! : raw.replace(/\s+#.*$/, "").trim();
}

/**
 * Writes `values` into a dotenv file (Node.js itself exits when a file named by `--env-file` is
 * missing, even after the script name, so users create it first): a variable already there is
 * replaced in place, a new one appended, every other line kept. An existing session secret of 32+
 * characters is kept (sessions survive a restart); a missing, short or placeholder one is generated.
 */
export function writeEnvFile(path: string, values: Record<string, string>): void {
  const lines = existsSync(path) ? readFileSync(path, "utf8").split(/\r?\n/) : [];
  if (lines.at(-1) === "") lines.pop();
  const assignment = (name: string) =>
    lines.findIndex((line) => new RegExp(`^\\s*(export\\s+)?${name}\\s*=`).test(line));
  const line = lines[assignment("CREDPORT_SESSION_SECRET")];
  const session = line === undefined ? "" : dotenvValue(line.slice(line.indexOf("=") + 1));
  // A good secret's line stays as it is (quotes and comment included).
  const all =
    session.length >= 32
      ? values
      : { ...values, CREDPORT_SESSION_SECRET: randomBytes(32).toString("base64url") };
  for (const [name, value] of Object.entries(all)) {
    const at = assignment(name);
    if (at === -1) lines.push(`${name}=${value}`);
    else lines[at] = `${name}=${value}`;
  }
  // Written whole, then renamed: a reader never sees half a file. Readable by this user only.
  writeFileSync(`${path}.tmp`, `${lines.join("\n")}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

/**
 * The value of `name` in a dotenv file as dotenv reads it (the last assignment wins), or
 * `undefined` when the file or the variable is missing or empty.
 */
export function readEnvValue(path: string, name: string): string | undefined {
  if (!existsSync(path)) return undefined;
  let found: string | undefined;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=(.*)$`).exec(line);
    if (match) found = dotenvValue(match[1]!);
  }
  return found === "" ? undefined : found;
}
