// The `telemetry` option takes what `createTelemetry` makes: OpenTelemetry's providers handed over
// as they are (the option's earlier shape) are refused at creation, naming the entry to use.
import { createCredportMiddleware, createCredportSession } from "@credport/session";
import { createTelemetry } from "@credport/session/telemetry";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";

const base = {
  secretKey: `sk_test_${"a".repeat(24)}`,
  baseUrl: "https://api.credport.test",
  sessionSecret: "s".repeat(32),
  policyId: "preset_age_over_18",
};
const providers = { tracerProvider: new BasicTracerProvider() };
const refusal = expect.objectContaining({
  code: "invalid_option",
  message: expect.stringMatching(
    /telemetry must be made by createTelemetry from @credport\/session\/telemetry/,
  ),
});

describe("the telemetry option", () => {
  it("refuses the providers themselves at creation, in the session and in the middleware", () => {
    expect(() => createCredportSession({ ...base, telemetry: providers as never })).toThrow(
      refusal,
    );
    expect(() =>
      createCredportMiddleware({
        protect: ["/members"],
        signInPath: "/verify",
        sessionSecret: base.sessionSecret,
        telemetry: providers as never,
      }),
    ).toThrow(refusal);
  });

  it("takes what createTelemetry makes", async () => {
    const credport = createCredportSession({ ...base, telemetry: createTelemetry(providers) });
    const answer = await credport.handler(new Request("https://app.example/api/credport/session"));
    expect(answer.status).toBe(200);
  });
});
