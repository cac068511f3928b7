import { CredportTestingError } from "./testing-error.js";

/**
 * Refuses a live key before anything is sent with it. The kit creates verifications, moves the
 * clock and resets state: none of that may ever reach live data.
 */
export function refuseLiveKey(key: string | undefined, source: string): void {
  if (typeof key === "string" && /^(?:sk|pk)_live_/.test(key.trim()))
    throw new CredportTestingError(
      "live_key",
      `@credport/testing: ${source} is a live key (${key.trim().slice(0, 8)}…). The testing kit runs only against the emulator with test keys (sk_test_…, pk_test_…): use startTestEmulator(), or the keys \`npx credport-emulator --env-file\` wrote.`,
    );
}
