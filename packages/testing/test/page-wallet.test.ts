import { describe, expect, it } from "vitest";
import { CredportTestingError, type PageLike, wallet } from "../src/index.js";

/** A page of another driver (no CDP) that shows `link`, or nothing. */
const driverPage = (link: string | null): PageLike & { clicks: string[] } => {
  const clicks: string[] = [];
  return {
    clicks,
    evaluate: async () => link,
    click: async (selector: string) => void clicks.push(selector),
    url: async () => "http://localhost:3000/verify",
  };
};

describe("wallet(page) on a page without Chromium's virtual wallet", () => {
  it("present({ via: 'dc-api' }) and decline() say why the DC API path is closed, and click nothing", async () => {
    const page = driverPage("openid4vp://?request_uri=http%3A%2F%2F127.0.0.1%3A9%2Fr");
    const onPage = wallet(page, { timeout: 500 });
    for (const attempt of [() => onPage.present({ via: "dc-api" }), () => onPage.decline()]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CredportTestingError);
      expect(error).toMatchObject({ code: "dc_api_unavailable" });
      expect((error as Error).message).toMatch(/not Playwright's \(no CDP virtual wallet\)/);
    }
    expect(page.clicks).toEqual([]);
  });

  it("present({ protocol }) is a DC API request: on the link path it fails dc_api_unavailable, naming the protocol, and clicks nothing", async () => {
    const page = driverPage("openid4vp://?request_uri=http%3A%2F%2F127.0.0.1%3A9%2Fr");
    const error = await wallet(page, { timeout: 500 })
      .present({ protocol: "org-iso-mdoc" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "dc_api_unavailable" });
    expect((error as Error).message).toMatch(/present\(\{ protocol: "org-iso-mdoc" \}\)/);
    expect(page.clicks).toEqual([]);
  });

  it('present({ format: "mso_mdoc" }) without an emulator: invalid_option saying how to pass one', async () => {
    const page = driverPage("openid4vp://?request_uri=http%3A%2F%2F127.0.0.1%3A9%2Fr");
    await expect(
      wallet(page, { timeout: 500 }).present({ format: "mso_mdoc" }),
    ).rejects.toMatchObject({
      code: "invalid_option",
      message: expect.stringMatching(/wallet\(page, \{ emulator \}\)/),
    });
  });

  it("a page that shows no verification: verification_not_started after the timeout, naming the page and what was awaited", async () => {
    const started = Date.now();
    const error = await wallet(driverPage(null), { timeout: 300 })
      .present()
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(error).toMatchObject({ code: "verification_not_started" });
    expect((error as Error).message).toContain("http://localhost:3000/verify");
    expect((error as Error).message).toMatch(/authorizationRequestUri.*openid4vp:/s);
  });

  it("receive() without an offer on the page: offer_not_shown", async () => {
    await expect(wallet(driverPage(null), { timeout: 200 }).receive()).rejects.toMatchObject({
      code: "offer_not_shown",
    });
  });
});
