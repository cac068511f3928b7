import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

/** The README's first quick-start command ends in this script: it must run the whole flow and exit 0. */
it("runs the whole issue-and-verify flow against the embedded emulator", async () => {
  const demo = fileURLToPath(new URL("../demo.mjs", import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [demo], { timeout: 60_000 });
  expect(stdout).toContain("employee-badge-v1: published");
  expect(stdout).toContain("issuance status → credential_issued");
  expect(stdout).toMatch(/verified fields: \{"given_name":"Ada","family_name":"Lovelace"\}/);
  expect(stdout).toMatch(/failed \(credential_revoked\)/);
  for (const type of [
    "issuance.ready_to_issue",
    "issuance.token_issued",
    "issuance.credential_issued",
    "issuance.revoked",
    "verification.verified",
    "verification.failed",
  ]) {
    expect(stdout).toContain(`webhook ${type} (signature verified)`);
  }
  expect(stdout).toContain("Demo complete.");
});
