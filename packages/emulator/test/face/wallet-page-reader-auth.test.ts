import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageClient, visibleText } from "../support/page-client.js";
import { type ServiceCall, serviceCall } from "../support/service-call.js";
import {
  annexCRequestsOf,
  type DcApiRequest,
  dcApiVerification,
  takeMdocAgeAttestation,
} from "./support/face-setup.js";

/**
 * The wallet page checks an Annex C request's reader authentication (`readerAuth`) as the test
 * wallet does: a request whose readerAuth does not hold for the page's origin and this request is
 * refused, with the reason shown, and nothing is sent.
 */
describe("the wallet page and Annex C readerAuth", () => {
  let emulator: Emulator;
  const origin = "http://localhost:3000";
  let service: ServiceCall;
  const annexCOf = async (origins: string[]) => {
    const created = await dcApiVerification(service, origins);
    return { id: created.id as string, request: annexCRequestsOf(created)[0]! };
  };

  beforeAll(async () => {
    emulator = await startEmulator();
    service = serviceCall(emulator);
  });
  afterAll(() => emulator.close());

  it("answers a request signed for the page, and refuses a replayed or another origin's readerAuth", async () => {
    const browser = pageClient(emulator.url);
    await takeMdocAgeAttestation(service, browser);
    const answer = (request: DcApiRequest) =>
      browser.post("/wallet/dc-api", {
        requests: JSON.stringify([request]),
        origin,
        decision: "share",
        deliver: "on",
      });

    // Another request's DeviceRequest (its readerAuth signed over that request's transcript).
    const target = await annexCOf([origin]);
    const other = await annexCOf([origin]);
    const replayed = visibleText(
      (
        await answer({
          ...target.request,
          data: { ...target.request.data, deviceRequest: other.request.data.deviceRequest! },
        })
      ).text,
    );
    expect(replayed).toContain("Nothing was sent");
    expect(replayed).toContain("readerAuth does not verify");
    expect(emulator.model.verifications.findForProtocol(target.id)?.status).toBe("pending");

    // Made for another origin than the page's.
    const elsewhere = await annexCOf(["https://shop.example"]);
    const shown = visibleText((await answer(elsewhere.request)).text);
    expect(shown).toContain("Nothing was sent");
    expect(shown).toContain("readerAuth does not verify");
    expect(emulator.model.verifications.findForProtocol(elsewhere.id)?.status).toBe("pending");

    // The request as the emulator made it is answered and verifies.
    const honest = visibleText((await answer(target.request)).text);
    expect(honest).toContain(`Verification ${target.id} is now verified`);
  });
});
