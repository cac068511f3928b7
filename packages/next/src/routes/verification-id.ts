import { RouteError } from "./route-error.js";

/** A verification ID from the browser: 1–200 visible ASCII characters, or a 400 naming the field. */
export function parseVerificationId(value: unknown): string {
  if (typeof value !== "string" || !/^[\x21-\x7e]{1,200}$/.test(value))
    throw RouteError.validation(
      "verificationId",
      "must be the verification's ID (1 to 200 visible ASCII characters)",
    );
  return value;
}
