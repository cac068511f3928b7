import { createStatusClient } from "@credport/browser";
import { expect, it } from "vitest";
import { BASE_URL, mockService } from "./support.js";

it("imports without window and is inert on the server", async () => {
  expect(typeof window).toBe("undefined");
  const service = mockService();
  service.server.listen();
  try {
    const status = createStatusClient({
      publishableKey: service.project.publishableKey,
      baseUrl: BASE_URL,
      fetch: service.fetch,
    });
    const unsubscribe = status.subscribe(service.createVerification(), () => {
      throw new Error("no snapshot on the server");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.requests).toHaveLength(0);
    unsubscribe();
  } finally {
    service.server.close();
  }
});
