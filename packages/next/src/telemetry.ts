// `@credport/next/telemetry`: the session helper's opt-in telemetry, for `createCredportNext`'s
// `telemetry` option (see `@credport/session/telemetry`).
export * from "@credport/session/telemetry";
