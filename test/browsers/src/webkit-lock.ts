import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const LOCK = join(tmpdir(), "credport-webkit.lock");
const POLL_MS = 200;

/**
 * One WebKit engine at a time on this machine. With two test files driving WebKit at once (vitest
 * runs files in parallel), WebKitWebDriver here stops answering new-session requests, in a row,
 * until the other engine is gone; one file's WebKit tests then wait for the other's, never fail.
 * The lock is a directory (mkdir is atomic) holding its owner's PID; a dead owner's lock is taken.
 */
export async function acquireWebKitLock(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(LOCK, { recursive: true, force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (ownerIsGone()) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

function ownerIsGone(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(LOCK, "pid"), "utf8"));
  } catch {
    return false; // being written: the owner is alive
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
