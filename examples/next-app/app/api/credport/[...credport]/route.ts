import { createCredportHandlers } from "@credport/next";

// Keys and secrets come from CREDPORT_SECRET_KEY, CREDPORT_BASE_URL, CREDPORT_SESSION_SECRET.
export const { GET, POST, DELETE } = createCredportHandlers({
  policyId: "preset_age_over_18",
  // Verified means disclosed: the wallet may disclose age_over_18: false. Only true opens the wall.
  requireClaims: { age_over_18: true },
  keepClaims: ["age_over_18"],
});
