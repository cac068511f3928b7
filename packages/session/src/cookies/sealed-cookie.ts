import { sealData, unsealData } from "iron-session";
import type * as z from "zod/mini";
import type { CookiePurpose, Keyring } from "./keyring.js";
import { rememberedOpening, rememberOpening } from "./opened-seals.js";

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
 * (iron's own expiry) and has exactly the shape of `schema`; otherwise `undefined`. A seal this
 * keyring opened before is not unsealed again (iron derives two keys per unseal: most of a
 * protected request's cost); iron's expiry is still checked against the clock (opened-seals.ts).
 */
export async function openCookie<T>(
  purpose: CookiePurpose,
  value: string | undefined,
  keyring: Keyring,
  schema: z.ZodMiniType<T>,
): Promise<T | undefined> {
  if (!value || value.length > MAX_SEAL_LENGTH || !SEAL_FORMAT.test(value)) return undefined;
  const remembered = rememberedOpening<T>(keyring, purpose, value, schema);
  if (remembered !== undefined) return remembered;
  try {
    const data = await unsealData<unknown>(value, { password: (await keyring.keys(purpose)).open });
    const parsed = schema.safeParse(data);
    if (!parsed.success) return undefined;
    rememberOpening(keyring, purpose, value, schema, parsed.data);
    return parsed.data;
  } catch {
    return undefined;
  }
}
