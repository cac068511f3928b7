import { expect, test } from "@credport/testing/playwright";
import { type Shop, startShop } from "../support/shop.js";

// Each fixture where it should fail, and the refusal a user's spec asserts on. The failing tests
// here fail on purpose: playwright-fixtures.built.test.ts expects them to, and reads why.

test.describe("a shop on the worker's emulator", () => {
  let shop: Shop;
  test.beforeAll(async ({ emulator }) => {
    shop = await startShop(emulator);
  });
  test.afterAll(async () => {
    await shop?.close();
  });

  test("refused claim: a holder born 2011, the shop shows the refusal", async ({
    page,
    wallet,
  }) => {
    await page.goto(`${shop.url}/verify`);
    await wallet.present({ claims: { birthdate: "2011-05-01" } });
    await expect(page.locator("#failure")).toHaveText("claims_not_satisfied", { timeout: 20_000 });
  });

  test.describe(() => {
    test.use({ credportTimeout: 1_000 });

    test("never starts: wallet.present() on a page without a verification", async ({
      page,
      wallet,
    }) => {
      await page.goto(`${shop.url}/welcome`);
      await wallet.present();
    });
  });
});

test.describe(() => {
  test.use({ credportTimeout: 1_000, credportVerifyUrl: "about:blank" });

  test("never starts: verifiedPage on a verify URL without a verification", async ({
    verifiedPage,
  }) => {
    await verifiedPage.goto("about:blank#members");
  });
});
