import { createCredportHandlers } from "@credport/next";

export const { GET, POST, DELETE } = createCredportHandlers({ policyId: "preset_age_over_18" });
