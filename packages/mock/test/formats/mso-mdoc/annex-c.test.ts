import { describe, expect, it } from "vitest";
import { createAnnexCRequest, openAnnexCResponse } from "../../../src/formats/mso-mdoc/annex-c.js";
import {
  cborDecodeUntrusted,
  cborEncode,
  decodeEmbedded,
} from "../../../src/formats/mso-mdoc/cbor.js";
import type { AnnexCBinding } from "../../../src/formats/mso-mdoc/presentation-binding.js";
import { verifyDeviceResponse } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { sealAnnexCResponse } from "../../../src/wallet/formats/mso-mdoc/annex-c-seal.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { presentMdoc } from "../../../src/wallet/formats/mso-mdoc/present-mdoc.js";
import { AV, b64u, mdocWorld, verifyContext } from "./mdoc-fixture.js";

const world = await mdocWorld();
const ORIGIN = "https://shop.example";

async function exchange(walletOrigin = ORIGIN) {
  const request = await createAnnexCRequest({ docType: AV, elements: [[AV, "age_over_18"]] });
  const binding: AnnexCBinding = {
    channel: "annex-c",
    origin: ORIGIN,
    encryptionInfo: request.data.encryptionInfo,
  };
  const walletBinding: AnnexCBinding = { ...binding, origin: walletOrigin };
  const held = holdMdoc(b64u(world.issue()), world.holder.privateJwk);
  const response = await sealAnnexCResponse(
    presentMdoc(held, [[AV, "age_over_18"]], walletBinding),
    walletBinding,
  );
  return { request, binding, response };
}

describe("ISO/IEC 18013-7 Annex C (org-iso-mdoc)", () => {
  it("the request's DeviceRequest and EncryptionInfo have the Annex C shapes", async () => {
    const { data } = await createAnnexCRequest({ docType: AV, elements: [[AV, "age_over_18"]] });
    const deviceRequest = cborDecodeUntrusted(
      Buffer.from(data.deviceRequest, "base64url"),
      "r",
    ) as Map<string, unknown>;
    expect(deviceRequest.get("version")).toBe("1.0");
    const [docRequest] = deviceRequest.get("docRequests") as Map<string, unknown>[];
    const items = decodeEmbedded(docRequest!.get("itemsRequest"), "itemsRequest") as Map<
      string,
      unknown
    >;
    expect(items.get("docType")).toBe(AV);
    expect(
      (items.get("nameSpaces") as Map<string, Map<string, boolean>>).get(AV)?.get("age_over_18"),
    ).toBe(false);
    const info = cborDecodeUntrusted(Buffer.from(data.encryptionInfo, "base64url"), "e") as [
      string,
      Map<string, unknown>,
    ];
    expect(info[0]).toBe("dcapi");
    expect(info[1].get("nonce")).toBeInstanceOf(Uint8Array);
    expect((info[1].get("recipientPublicKey") as Map<number, unknown>).get(1)).toBe(2);
  });

  it("a sealed answer opens and verifies over the Annex C transcript", async () => {
    const { request, binding, response } = await exchange();
    const opened = await openAnnexCResponse(response, {
      recipientPrivateJwk: request.recipientPrivateJwk,
      binding,
    });
    if (!opened.ok) throw new Error(opened.failure.message);
    expect(
      verifyDeviceResponse(opened.deviceResponse, verifyContext(world.root, { binding })),
    ).toMatchObject({
      ok: true,
      claims: { [AV]: { age_over_18: true } },
    });
  });

  it("an answer made for another origin does not open: decryption", async () => {
    const { request, binding, response } = await exchange("https://evil.example");
    expect(
      await openAnnexCResponse(response, {
        recipientPrivateJwk: request.recipientPrivateJwk,
        binding,
      }),
    ).toMatchObject({
      ok: false,
      failure: { check: "decryption", failureCode: "presentation_invalid" },
    });
  });

  it("another request's key does not open it: decryption", async () => {
    const { binding, response } = await exchange();
    const other = await createAnnexCRequest({ docType: AV, elements: [[AV, "age_over_18"]] });
    expect(
      await openAnnexCResponse(response, {
        recipientPrivateJwk: other.recipientPrivateJwk,
        binding,
      }),
    ).toMatchObject({ ok: false, failure: { check: "decryption" } });
  });

  it.each([
    ["not base64url", "!!!"],
    ["not CBOR", b64u(new Uint8Array([0xff, 0x00]))],
    [
      "another label",
      b64u(
        cborEncode([
          "other",
          new Map([
            ["enc", new Uint8Array(65)],
            ["cipherText", new Uint8Array(16)],
          ]),
        ]),
      ),
    ],
    ["no cipherText", b64u(cborEncode(["dcapi", new Map([["enc", new Uint8Array(65)]])]))],
    ["deeply nested", b64u(new Uint8Array([...new Uint8Array(50_000).fill(0x81), 0x01]))],
  ])("a body that is %s is a typed 400 (MdocInputError), not a crash", async (_, response) => {
    const { request, binding } = await exchange();
    await expect(
      openAnnexCResponse(response, { recipientPrivateJwk: request.recipientPrivateJwk, binding }),
    ).rejects.toMatchObject({ name: "MdocInputError", status: 400 });
  });
});
