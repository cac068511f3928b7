import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CredportConfigurationError } from "@credport/core";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { setGlobalConfig } from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../../../../test/service/test/support/raw-send.js";
import { badgeClaims, badgeDefinition } from "../../../../test/service/test/support/transports.js";

/**
 * A reverse proxy in front of the emulator, as a tunnel or an HTTPS front would be: it serves the
 * emulator under `/credport` and the well-known documents at its root, and nothing else.
 */
async function startProxy(): Promise<{
  server: Server;
  url: string;
  setTarget(url: string): void;
  seen: string[];
}> {
  let target = "";
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (!path.startsWith("/credport/") && !path.startsWith("/.well-known/")) {
      res.writeHead(404).end("not proxied");
      return;
    }
    seen.push(path);
    const upstream = new URL(path, target);
    const forward = httpRequest(
      upstream,
      { method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url) => {
      target = url;
    },
    seen,
  };
}

describe("startEmulator({ publicBaseUrl }) behind a reverse proxy", () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let emulator: Emulator;
  let publicBase: string;
  beforeAll(async () => {
    setGlobalConfig({ allowInsecureUrls: true });
    proxy = await startProxy();
    publicBase = `${proxy.url}/credport`;
    emulator = await startEmulator({ port: 0, publicBaseUrl: publicBase });
    proxy.setTarget(emulator.url);
  });
  afterAll(async () => {
    await emulator.close();
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  });

  const service = (method: string, path: string, body?: unknown) =>
    send(`${publicBase}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Every http(s) URL inside a JSON document, except credential types (`vct`), which name no endpoint. */
  const urlsIn = (value: unknown): string[] =>
    JSON.stringify(value, (key, v) => (key === "vct" ? undefined : v)).match(
      /https?:\/\/[^"\\]+/g,
    ) ?? [];

  it("exposes the public URL beside the local one", () => {
    expect(emulator.publicUrl).toBe(publicBase);
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("puts every URL it issues on the public base, and a wallet completes both flows through the proxy alone", async () => {
    await service("POST", "/v1/issuer/credential-definitions", {
      ...badgeDefinition(),
      lifecycleStatus: "published",
    });
    const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    const offerUrl = new URL(offer.body.offerUri as string).searchParams.get(
      "credential_offer_uri",
    )!;
    expect(offerUrl.startsWith(`${publicBase}/`)).toBe(true);

    // An independent client resolves the offer and the issuer metadata through the proxy.
    const client = new Openid4vciClient({ callbacks: { fetch } as never });
    const credentialOffer = await client.resolveCredentialOffer(offer.body.offerUri as string);
    const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const issuerUrl = new URL(credentialOffer.credential_issuer);
    const jwtVcIssuer = await send(
      `${issuerUrl.origin}/.well-known/jwt-vc-issuer${issuerUrl.pathname}`,
    );
    const documents = [
      credentialOffer,
      issuerMetadata.credentialIssuer,
      issuerMetadata.authorizationServers,
      jwtVcIssuer.body,
    ];
    const urls = documents.flatMap(urlsIn);
    expect(urls.length).toBeGreaterThanOrEqual(8);
    for (const url of urls) expect(url.startsWith(`${publicBase}/`), url).toBe(true);

    const wallet = await createTestWallet({ now: () => emulator.model.clock.now() });
    const held = await wallet.acceptOffer(offer.body.offerUri as string);
    const payload = decodeJwt((held as HeldSdJwtVc).sdJwt.split("~")[0]!);
    expect(payload.iss).toBe(credentialOffer.credential_issuer);
    const statusUri = (payload.status as { status_list: { uri: string } }).status_list.uri;
    expect(statusUri.startsWith(`${publicBase}/`)).toBe(true);
    expect((await send(statusUri)).status).toBe(200);

    const policy = await service("POST", "/v1/policies", {
      name: "Badge",
      credential_definition_id: "badge-v1",
      fields: [{ path: ["given_name"] }],
    });
    const verification = await service("POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
    });
    const authorizationRequest = new URL(verification.body.authorization_request_uri as string);
    const requestUri = authorizationRequest.searchParams.get("request_uri")!;
    expect(requestUri.startsWith(`${publicBase}/`)).toBe(true);
    const requestObject = decodeJwt((await send(requestUri)).text);
    expect(String(requestObject.response_uri).startsWith(`${publicBase}/`)).toBe(true);

    await wallet.present(verification.body.authorization_request_uri as string);
    const result = await service("GET", `/v1/verifications/${verification.body.id}/result`);
    expect(result.body).toMatchObject({ status: "verified", claims: { given_name: "Ada" } });
    expect(decodeJwt(result.body.result_token as string).iss).toBe(publicBase);
    expect(
      proxy.seen.some((path) => path.startsWith("/.well-known/openid-credential-issuer/credport/")),
    ).toBe(true);
  });

  it("refuses a public base URL that is not an absolute http(s) URL", async () => {
    for (const publicBaseUrl of [
      "tunnel.example",
      "ftp://tunnel.example",
      "https://tunnel.example/?x=1",
      "https://tunnel.example/#x",
    ]) {
      const error = await startEmulator({ port: 0, publicBaseUrl }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expect(error).toMatchObject({
        code: "invalid_option",
        message: expect.stringMatching(/@credport\/emulator: publicBaseUrl/),
      });
    }
  });
});
