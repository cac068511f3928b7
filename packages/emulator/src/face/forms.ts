import type { FaceContext } from "./context.js";

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
