import type { FaceContext } from "./context.js";

/**
 * Browser writes must come from our own pages: a page elsewhere could otherwise make a visitor's
 * browser post to the emulator. Requests without these headers are not from a browser's form.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  try {
    return new URL(origin).host === request.headers.get("host");
  } catch {
    return false;
  }
}

/** A form body (`application/x-www-form-urlencoded`, as our pages send it). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
    return new URLSearchParams();
  if (type === "multipart/form-data") {
    const data = await request.formData();
    const params = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === "string") params.append(name, value);
    return params;
  }
  return new URLSearchParams(await request.text());
}

/** A path on this server to go back to; anything else becomes the fallback. */
export function localPath(ctx: FaceContext, value: string | null, fallback: string): string {
  const path = value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : fallback;
  return `${ctx.basePath}${path}`;
}

export const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, {
    status: 303,
    headers: { location, "cache-control": "no-store", ...headers },
  });

export const forbiddenCrossSite = () =>
  new Response("Cross-site form posts are refused.", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
