import express from "express5";
import { describe, expect, it } from "vitest";
import { originOf } from "../support/http-browser.js";
import { describeAdapterFlow } from "./adapter-flow.js";
import { startExpress } from "./express-app.js";

describeAdapterFlow("Express 5", (options, prefix) =>
  startExpress(express as never, options, prefix),
);

describe("Express 5 with a body parser before the router", () => {
  it("fails loudly (500 body_already_read naming the fix) instead of rebuilding the body", async () => {
    const server = await startExpress(
      express as never,
      {
        secretKey: `sk_test_${"a".repeat(24)}`,
        baseUrl: "https://api.credport.test",
        sessionSecret: "s".repeat(32),
        policyId: "p",
      },
      "",
      { parserFirst: true },
    );
    try {
      const origin = originOf(server);
      const response = await fetch(`${origin}/api/credport/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", "webhook-signature": "v1,x" },
        body: "{}",
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("body_already_read");
      expect(body.message).toMatch(/^credport\/express: .*before express\.json\(\)/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("Express 5 with protect and the router mounted under a path", () => {
  it("answers 500 configuration_error naming the fix: the wall would not see the protected pages", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    const server = await startExpress(
      express as never,
      {
        secretKey: `sk_test_${"a".repeat(24)}`,
        baseUrl: "https://api.credport.test",
        sessionSecret: "s".repeat(32),
        policyId: "p",
        basePath: "/auth/api/credport",
        protect: ["/members"],
      },
      "/auth",
    );
    try {
      const response = await fetch(`${originOf(server)}/auth/anything`);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("configuration_error");
      expect(body.message).toMatch(/protect needs credport\.router mounted at the root/);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
      server.closeAllConnections();
      server.close();
    }
  });
});
