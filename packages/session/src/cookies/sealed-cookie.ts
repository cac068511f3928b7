import { sealData, unsealData } from "iron-session";
import type { z } from "zod";
import type { CookiePurpose, Keyring } from "./keyring.js";

/** Browsers keep cookies up to 4 KB; anything longer did not come from us. */
const MAX_SEAL_LENGTH = 4096;
/** iron-session's current format, nothing appended (its parser ignores what follows `~2`). */
const SEAL_FORMAT =
  /^Fe26\.2\*\d+\*[A-Za-z0-9_-]+\*[A-Za-z0-9_-]+\*[A-Za-z0-9_-]+\*\d+\*[A-Za-z0-9_-]+\*[A-Za-z0-9_-]+~2$/;

export async function sealCookie(
  purpose: CookiePurpose,
  data: object,
  keyring: Keyring,
  ttlSeconds: number,
): Promise<string> {
  return sealData(data, { password: (await keyring.keys(purpose)).seal, ttl: ttlSeconds });
}

/**
 * The cookie's contents when it was sealed for this purpose with one of the secrets, is unexpired
 * (iron's own expiry) and has exactly the shape of `schema`; otherwise `undefined`.
 */
export async function openCookie<T>(
  purpose: CookiePurpose,
  value: string | undefined,
  keyring: Keyring,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  if (!value || value.length > MAX_SEAL_LENGTH || !SEAL_FORMAT.test(value)) return undefined;
  try {
    const data = await unsealData<unknown>(value, { password: (await keyring.keys(purpose)).open });
    const parsed = schema.safeParse(data);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
