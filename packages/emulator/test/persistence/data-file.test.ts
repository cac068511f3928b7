import { mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CredportConfigurationError, isCredportError } from "@credport/core";
import { DataFileError, type Emulator, startEmulator } from "@credport/emulator";
import { createModel } from "@credport/mock";
import { createTestWallet } from "@credport/mock/wallet";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "../../../../test/service/test/support/transports.js";
import type { JsonAnswer } from "../support/page-client.js";

const tempDir = () => mkdtemp(join(tmpdir(), "credport-data-"));

/** `startEmulator({ dataFile })`: the whole model survives a restart; a bad file is refused untouched. */
describe("the emulator's data file", () => {
  const running: Emulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.close()));
  });
  const start = async (options: Parameters<typeof startEmulator>[0]) => {
    const emulator = await startEmulator(options);
    running.push(emulator);
    return emulator;
  };
  const stop = async (emulator: Emulator) => {
    running.splice(running.indexOf(emulator), 1);
    await emulator.close();
  };
  const call = async (emulator: Emulator, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as JsonAnswer };
  };

  it("reads back the same keys, definitions, policies, sessions, credentials and webhook endpoints", async () => {
    const dataFile = join(await tempDir(), "state.json");
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req
        .on("data", (c) => (body += c))
        .on("end", () => {
          received.push(JSON.parse(body).type);
          res.writeHead(200).end();
        });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

    const first = await start({ dataFile });
    const port = Number(new URL(first.url).port);
    await call(first, "POST", "/v1/issuer/credential-definitions", {
      ...badgeDefinition(),
      lifecycleStatus: "published",
    });
    const policy = await call(first, "POST", "/v1/policies", {
      name: "Badge",
      credential_definition_id: "badge-v1",
      fields: [{ path: ["given_name"] }],
    });
    first.model.webhooks.register({ projectId: first.projectId, environment: "test" }, receiverUrl);
    const wallet = await createTestWallet();
    const issued = await call(first, "POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    await wallet.acceptOffer(issued.body.offerUri);
    const open = await call(first, "POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
      txCode: { length: 4 },
    });
    const verified = await call(first, "POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
    });
    await wallet.present(verified.body.authorization_request_uri);
    const resultBefore = await call(first, "GET", `/v1/verifications/${verified.body.id}/result`);
    const keysBefore = first.keys;
    const stateBefore = first.model.snapshot();
    await first.model.webhooks.flush();
    await stop(first);
    received.length = 0;

    const second = await start({ dataFile, port });
    expect(second.projectId).toBe(first.projectId);
    expect(second.keys).toEqual(keysBefore);
    const stateAfter = second.model.snapshot();
    expect(stateAfter.keys).toEqual(stateBefore.keys);
    expect(stateAfter.definitions).toEqual(stateBefore.definitions);
    expect(stateAfter.policies).toEqual(stateBefore.policies);
    expect(stateAfter.issuance).toEqual(stateBefore.issuance);
    expect(stateAfter.verifications).toEqual(stateBefore.verifications);
    expect(stateAfter.webhookEvents).toEqual(stateBefore.webhookEvents);

    // Sessions read back through the API, lists included.
    expect(
      (await call(second, "GET", `/v1/openid4vc/issuance/${issued.body.id}`)).body.status,
    ).toBe("credential_issued");
    const list = await call(second, "GET", "/v1/openid4vc/issuance");
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([open.body.id, issued.body.id]);
    const resultAfter = await call(second, "GET", `/v1/verifications/${verified.body.id}/result`);
    expect(resultAfter.body.claims).toEqual(resultBefore.body.claims);
    // The result is signed with the same key as before: a cached JWKS still verifies it.
    const jwks = createRemoteJWKSet(new URL(`${second.url}/v1/.well-known/jwks.json`));
    const { protectedHeader } = await jwtVerify(resultAfter.body.result_token, jwks);
    expect(protectedHeader.kid).toBe(
      (await jwtVerify(resultBefore.body.result_token, jwks)).protectedHeader.kid,
    );

    // The credential issued before the restart verifies after it (same issuer key, same status list).
    const again = await call(second, "POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
    });
    await wallet.present(again.body.authorization_request_uri);
    expect((await call(second, "GET", `/v1/verifications/${again.body.id}`)).body.status).toBe(
      "verified",
    );
    // …and its revocation after the restart is seen by verifiers.
    await call(second, "POST", `/v1/openid4vc/issuance/${issued.body.id}/revoke`);
    const revoked = await call(second, "POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
    });
    await wallet.present(revoked.body.authorization_request_uri);
    expect((await call(second, "GET", `/v1/verifications/${revoked.body.id}`)).body).toMatchObject({
      status: "failed",
      failure_code: "credential_revoked",
    });

    // The open offer still redeems with its transaction code, and the endpoint still gets events.
    await wallet.acceptOffer(open.body.offerUri, { txCode: open.body.txCode });
    await second.model.webhooks.flush();
    expect(received).toContain("issuance.credential_issued");
    expect(received).toContain("verification.verified");
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("expires at load what fell due while it was stopped, with the webhooks", async () => {
    const dataFile = join(await tempDir(), "state.json");
    const first = await start({ dataFile });
    const offer = await call(first, "POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.email.v1",
      claims: { email: "ada@example.test" },
    });
    await stop(first);
    const saved = JSON.parse(await readFile(dataFile, "utf8"));
    saved.model.issuance[0].expiresAt = new Date(Date.now() - 1000).toISOString();
    await writeFile(dataFile, JSON.stringify(saved));
    const second = await start({ dataFile });
    expect((await call(second, "GET", `/v1/openid4vc/issuance/${offer.body.id}`)).body.status).toBe(
      "expired",
    );
    expect(second.model.webhooks.events.at(-1)?.event.type).toBe("issuance.expired");
  });

  it("puts open sessions back on the expiry queue: they expire when their time comes", async () => {
    const dataFile = join(await tempDir(), "state.json");
    const first = await start({ dataFile });
    const verification = await call(first, "POST", "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    await stop(first);
    const second = await start({ dataFile });
    const path = `/v1/verifications/${verification.body.id}`;
    expect((await call(second, "GET", path)).body.status).toBe("pending");
    second.model.clock.advance(15 * 60 * 1000);
    expect((await call(second, "GET", path)).body.status).toBe("expired");
    expect(second.model.webhooks.events.at(-1)?.event.type).toBe("verification.expired");
  });

  it("loads within the model's limits: the newest webhook events, and no more endpoints than allowed", async () => {
    const dataFile = join(await tempDir(), "state.json");
    const first = await start({ dataFile });
    const tenant = { projectId: first.projectId, environment: "test" as const };
    for (const n of [1, 2, 3]) first.model.webhooks.register(tenant, `http://127.0.0.1:9/hook${n}`);
    for (let i = 0; i < 5; i += 1)
      await call(first, "POST", "/v1/verifications", { policy_id: "preset_age_over_18" });
    for (const v of first.model.verifications.records)
      await call(first, "POST", `/v1/verifications/${v.id}/cancel`);
    const newest = first.model.webhooks.events.slice(-2).map((e) => e.event.id);
    await stop(first);

    const trimmed = await start({
      dataFile,
      model: createModel({ limits: { webhookEvents: 2, webhookEndpoints: 3 } }),
    });
    expect(trimmed.model.webhooks.events.map((e) => e.event.id)).toEqual(newest);
    await stop(trimmed);

    const content = await readFile(dataFile, "utf8");
    const error = await startEmulator({
      dataFile,
      model: createModel({ limits: { webhookEndpoints: 2 } }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFileError);
    expect(error).toMatchObject({ code: "data_file_over_limit", path: dataFile });
    expect((error as Error).message).toMatch(
      /holds 3 webhook endpoints; this model keeps at most 2 \(limits\.webhookEndpoints\)\. It was left untouched/,
    );
    expect(await readFile(dataFile, "utf8")).toBe(content);
  });

  it("writes atomically, owner-only, and keeps up with changes", async () => {
    const dir = await tempDir();
    const dataFile = join(dir, "state.json");
    const emulator = await start({ dataFile });
    expect((await stat(dataFile)).mode & 0o777).toBe(0o600);
    const offer = await call(emulator, "POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.email.v1",
      claims: { email: "ada@example.test" },
    });
    await expect
      .poll(async () => JSON.parse(await readFile(dataFile, "utf8")).model.issuance.length)
      .toBe(1);
    expect(JSON.parse(await readFile(dataFile, "utf8"))).toMatchObject({
      format: "credport-emulator-data",
      version: 1,
      emulatorProjectId: emulator.projectId,
    });
    expect(offer.status).toBe(201);
    expect(await readdir(dir)).toEqual(["state.json"]); // no temporary file left behind
  });

  describe("refuses a file it cannot trust, and leaves it as it was", () => {
    const cases: [string, string, string, RegExp][] = [
      [
        "not JSON (a half-written file)",
        '{"format":"credport-emulator-data","vers',
        "data_file_corrupt",
        /is not valid JSON/,
      ],
      [
        "someone else's JSON",
        '{"hello":"world"}',
        "data_file_corrupt",
        /not a Credport emulator data file/,
      ],
      ["an empty file", "", "data_file_corrupt", /is not valid JSON/],
      [
        "a newer format",
        JSON.stringify({ format: "credport-emulator-data", version: 2, model: {} }),
        "data_file_newer_version",
        /newer @credport\/emulator \(format version 2; this one reads up to 1\)/,
      ],
      [
        "a record that breaks the format",
        JSON.stringify({
          format: "credport-emulator-data",
          version: 1,
          savedAt: new Date().toISOString(),
          emulatorProjectId: null,
          model: { clockOffsetMs: 0, projects: ["proj_a"], keys: [{ key: 42 }] },
        }),
        "data_file_corrupt",
        /model\.keys\.0\.key/,
      ],
    ];
    for (const [name, content, code, message] of cases) {
      it(name, async () => {
        const dataFile = join(await tempDir(), "state.json");
        await writeFile(dataFile, content);
        const error = await startEmulator({ dataFile }).then(
          () => {
            throw new Error("started");
          },
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(DataFileError);
        // One tree: a data file that cannot be used is a configuration error of the emulator.
        expect(error).toBeInstanceOf(CredportConfigurationError);
        expect(isCredportError(error)).toBe(true);
        expect(error).toMatchObject({ code, path: dataFile, type: "configuration_error" });
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).toMatch(/^@credport\/emulator: .*left untouched/);
        expect(await readFile(dataFile, "utf8")).toBe(content);
      });
    }
  });
});
