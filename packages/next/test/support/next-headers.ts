import { parse } from "cookie";

/** The cookie header of the request a server component is rendering, for `getVerifiedSession`. */
export const currentRequest = { cookie: "" };

/** Stands in for `next/headers` outside Next: `vi.mock("next/headers", () => fakeNextHeaders)`. */
export const fakeNextHeaders = {
  // As Next's RequestCookies: one entry per name, the last one sent wins.
  cookies: async () => {
    const byName = new Map<string, string>();
    for (const piece of currentRequest.cookie.split(";"))
      for (const [name, value] of Object.entries(parse(piece))) byName.set(name, value ?? "");
    const all = [...byName].map(([name, value]) => ({ name, value }));
    return { getAll: () => all, get: (name: string) => all.find((c) => c.name === name) };
  },
  headers: async () => new Headers({ cookie: currentRequest.cookie }),
};

/** Stands in for `next/server` outside Next: `connection()` resolves as it does in a request. */
export const fakeNextServer = { connection: async () => undefined };
