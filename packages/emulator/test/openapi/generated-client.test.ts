import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Emulator, startEmulator } from "@credport/emulator";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchEmulator } from "../../../../test/service/test/support/contract-watch.js";

const here = new URL(".", import.meta.url).pathname;
const documentPath = new URL("../../../../docs/openapi.json", import.meta.url);

/**
 * Proof that docs/openapi.json is usable by someone who never saw our code: a standard generator
 * (openapi-typescript) makes the types, openapi-fetch the client, strict TypeScript accepts a
 * program written against them, and that program drives the emulator.
 */
describe("a client generated from docs/openapi.json", () => {
  let emulator: Emulator;
  let dir: string;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    watchEmulator(emulator.url);
    // Inside the package, so that the program resolves openapi-fetch like any app would.
    dir = mkdtempSync(join(here, ".generated-"));
    writeFileSync(join(dir, "api.d.ts"), astToString(await openapiTS(documentPath)));
    writeFileSync(join(dir, "drive.ts"), readFileSync(join(here, "drive-emulator.ts.txt"), "utf8"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  });

  it("type-checks under strict TypeScript", () => {
    const program = ts.createProgram([join(dir, "drive.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it("drives the emulator: definitions, offers, lists, errors, verifications, browser status", async () => {
    const { drive } = (await import(join(dir, "drive.ts"))) as {
      drive: (
        baseUrl: string,
        secretKey: string,
        publishableKey: string,
      ) => Promise<Record<string, unknown>>;
    };
    const result = await drive(emulator.url, emulator.keys.secretKey, emulator.keys.publishableKey);
    expect(result).toMatchObject({
      offerStatus: "offer_created",
      offerUri: expect.stringMatching(/^openid-credential-offer:\/\//),
      refusal: {
        code: "validation_error",
        message: "claims.given_name: string longer than 65536 characters",
      },
      status: "pending",
    });
    expect(result.listed).toContain(result.offerId);
  });

  it("is the document the emulator serves at /openapi.json, with the emulator as its server", async () => {
    const served = await (await fetch(`${emulator.url}/openapi.json`)).json();
    const committed = JSON.parse(readFileSync(documentPath, "utf8"));
    expect(served.servers).toEqual([{ url: emulator.url }]);
    expect({ ...served, servers: committed.servers }).toEqual(committed);
  });
});
