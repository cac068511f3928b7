import type { CredportNextConfig } from "@credport/next";
import { BASE, SECRET } from "./mock-service.js";

/** The helper's configuration against the mock service: the age preset, the claim kept, one user. */
export function testConfig(
  project: { secretKey: string; webhookSecret: string },
  overrides: Partial<CredportNextConfig> = {},
): CredportNextConfig {
  return {
    secretKey: project.secretKey,
    baseUrl: BASE,
    sessionSecret: SECRET,
    policyId: "preset_age_over_18",
    keepClaims: ["age_over_18"],
    ...overrides,
  };
}
