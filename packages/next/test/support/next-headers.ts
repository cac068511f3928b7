import { parse } from "cookie";

/** The cookie header of the request a server component is rendering, for `getVerifiedSession`. */
export const currentRequest = { cookie: "" };

/** Stands in for `next/headers` outside Next: `vi.mock("next/headers", () => fakeNextHeaders)`. */
export const fakeNextHeaders = {
  cookies: async () => {
    const all = Object.entries(parse(currentRequest.cookie)).map(([name, value]) => ({
      name,
      value: value ?? "",
    }));
    return { getAll: () => all, get: (name: string) => all.find((c) => c.name === name) };
  },
  headers: async () => new Headers({ cookie: currentRequest.cookie }),
};

/** Stands in for `next/server` outside Next: `connection()` resolves as it does in a request. */
export const fakeNextServer = { connection: async () => undefined };
