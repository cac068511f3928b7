import type { Emulator } from "@credport/emulator";
import type { JsonAnswer } from "./page-client.js";

/** A call to the emulator's service API as the printed project's server makes it. */
export type ServiceCall = (method: string, path: string, body?: unknown) => Promise<JsonAnswer>;

/**
 * Calls the emulator's service API with its printed project's secret key, a JSON body if given,
 * and reads the JSON answer whatever its status (the tests assert on it).
 */
export function serviceCall(emulator: Pick<Emulator, "url" | "keys">): ServiceCall {
  return async (method, path, body) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as JsonAnswer;
  };
}
