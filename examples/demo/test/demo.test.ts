import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

/** The README's first quick-start command ends in this script: it must run the whole flow and exit 0. */
it("runs the whole issue-and-verify flow against the embedded emulator", async () => {
  const demo = fileURLToPath(new URL("../demo.mjs", import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [demo, "--exit"], {
    timeout: 60_000,
  });
  expect(stdout).toContain("employee-badge-v1: published");
  expect(stdout).toContain("issuance status → credential_issued");
  expect(stdout).toMatch(/verified fields: \{"given_name":"Ada","family_name":"Lovelace"\}/);
  expect(stdout).toMatch(/failed \(credential_revoked\)/);
  expect(stdout).toContain("wallet holds an mso_mdoc of doctype eu.europa.ec.av.1");
  expect(stdout).toContain('verified claims: {"eu.europa.ec.av.1":{"age_over_18":true}}');
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

it("prints the dashboard and each hand-off's test wallet link; with --stay, a fresh pair to click through", async () => {
  const demo = fileURLToPath(new URL("../demo.mjs", import.meta.url));
  const child = spawn(process.execPath, [demo, "--stay"], { stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.setEncoding("utf8");
  await new Promise<void>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the demo ended (${code}) before its links`)));
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("3. watch the sessions")) resolve();
    });
  });
  try {
    const dashboard = /dashboard: (http:\/\/\S+)/.exec(stdout)![1]!;
    expect((await fetch(dashboard)).status).toBe(200);
    expect(stdout).toMatch(
      /or open it in the test wallet: http:\/\/\S+\/wallet\?uri=openid-credential-offer/,
    );
    // One per verification of the scripted run: the badge, the revoked badge, the age check.
    expect(stdout.match(/test wallet: http:\/\/\S+\/wallet\?uri=openid4vp/g)).toHaveLength(3);
    // The person's turn: pages that say what is offered and what is asked for.
    const offer = /1\. accept the offer in the test wallet: +(\S+)/.exec(stdout)![1]!;
    const request = /2\. then share it with the verification: +(\S+)/.exec(stdout)![1]!;
    expect(await (await fetch(offer)).text()).toContain("Employee badge");
    expect(await (await fetch(request)).text()).toContain("Family name");
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }
}, 60_000);
