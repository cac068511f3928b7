import { type CredportLogger, type LogFields, resolveLogger } from "@credport/core";
import { afterEach, expect, it, vi } from "vitest";

const SECRET = `sk_live_${"s".repeat(32)}`;
const PUBLISHABLE = `pk_test_${"p".repeat(32)}`;
const WEBHOOK = `whsec_${"w".repeat(32)}`;
const CLIENT_TOKEN = `ct_${"c".repeat(32)}`;
const WALLET_URI = "openid4vp://authorize?request_uri=https%3A%2F%2Fsvc%2Fr%2Fabc";

function recording() {
  const lines: { level: string; message: string; fields?: LogFields | undefined }[] = [];
  const logger: CredportLogger = {
    debug: (message, fields) => lines.push({ level: "debug", message, fields }),
    warn: (message, fields) => lines.push({ level: "warn", message, fields }),
    error: (message, fields) => lines.push({ level: "error", message, fields }),
  };
  return { lines, logger };
}

afterEach(() => vi.unstubAllEnvs());

it("redacts keys, client tokens and wallet URIs in messages and fields, at every level", () => {
  const { lines, logger } = recording();
  const log = resolveLogger(logger);
  const text = `key ${SECRET} pk ${PUBLISHABLE} hook ${WEBHOOK} token ${CLIENT_TOKEN} uri ${WALLET_URI}`;
  log.debug?.(text, { note: text, count: 3 });
  log.warn(text);
  log.error(text, { note: text });
  expect(lines).toHaveLength(3);
  const all = JSON.stringify(lines);
  for (const secret of [SECRET, PUBLISHABLE, WEBHOOK, CLIENT_TOKEN, WALLET_URI])
    expect(all).not.toContain(secret);
  expect(lines[0]!.message).toBe(
    "key sk_live_[redacted] pk pk_test_[redacted] hook whsec_[redacted] token ct_[redacted] uri openid4vp://[redacted]",
  );
  expect(lines[0]!.fields).toEqual({ note: lines[0]!.message, count: 3 });
});

it("without a logger: warnings and errors on the console, debug lines only with CREDPORT_DEBUG", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
  try {
    const quiet = resolveLogger(undefined);
    expect(quiet.debug).toBeUndefined();
    quiet.warn(`careful with ${SECRET}`);
    expect(warn).toHaveBeenCalledWith("careful with sk_live_[redacted]");
    for (const [value, on] of [
      ["1", true],
      ["true", true],
      ["0", false],
      ["", false],
    ] as const) {
      vi.stubEnv("CREDPORT_DEBUG", value);
      expect(resolveLogger(undefined).debug !== undefined, value).toBe(on);
    }
    vi.stubEnv("CREDPORT_DEBUG", "1");
    resolveLogger(undefined).debug?.(`a line ${CLIENT_TOKEN}`);
    expect(debug).toHaveBeenCalledWith("a line ct_[redacted]");
  } finally {
    warn.mockRestore();
    debug.mockRestore();
  }
});

it("a console method replaced after the logger was made still gets the line", () => {
  const log = resolveLogger(undefined);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    log.warn("later");
    expect(warn).toHaveBeenCalledWith("later");
  } finally {
    warn.mockRestore();
  }
});
