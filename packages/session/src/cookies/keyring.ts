/** What a sealed cookie is for. Each purpose has its own keys, so one never opens as the other. */
export type CookiePurpose = "pending-binding" | "session";

/** iron-session password maps: `seal` holds the newest secret's key only, `open` every secret's. */
export interface PurposeKeys {
  seal: Record<string, string>;
  open: Record<string, string>;
}

export interface Keyring {
  keys(purpose: CookiePurpose): Promise<PurposeKeys>;
}

const encoder = new TextEncoder();

async function hkdf(secret: string, info: string, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

// The HKDF labels keep the package's first name (`credport/next`): renaming them would open no
// cookie sealed before, and sign out every visitor of every app that upgrades.

/**
 * A stable rotation id per secret (48 bits of HKDF, as a decimal number: iron-session seals with
 * the numerically highest id, so the seal map holds one entry). It depends on the secret alone,
 * so dropping or reordering other secrets keeps the cookies this one sealed.
 */
async function keyId(secret: string): Promise<string> {
  const bytes = await hkdf(secret, "credport/next cookie key id", 6);
  return String(bytes.reduce((n, b) => n * 256 + b, 0));
}

/**
 * The secrets are never keys themselves: every cookie purpose gets its own key derived with
 * HKDF-SHA-256, so that neither another purpose's cookie nor any other seal made with the same
 * secret (the app's own iron-session cookie) opens.
 */
export function createKeyring(secrets: string[]): Keyring {
  const cache = new Map<CookiePurpose, Promise<PurposeKeys>>();
  const derive = async (purpose: CookiePurpose): Promise<PurposeKeys> => {
    const entries = await Promise.all(
      secrets.map(
        async (secret) =>
          [
            await keyId(secret),
            base64url(await hkdf(secret, `credport/next cookie key: ${purpose}`, 32)),
          ] as const,
      ),
    );
    const [newestId, newestKey] = entries[0]!;
    return { seal: { [newestId]: newestKey }, open: Object.fromEntries(entries) };
  };
  return {
    keys(purpose) {
      let keys = cache.get(purpose);
      if (!keys) {
        keys = derive(purpose);
        cache.set(purpose, keys);
      }
      return keys;
    },
  };
}
