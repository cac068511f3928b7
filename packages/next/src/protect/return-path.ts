const PLACEHOLDER_ORIGIN = "http://relative.invalid";
/** Whitespace, controls, backslashes: browsers strip or reinterpret them into `//host`. */
const hasUnsafeCharacter = (value: string) =>
  [...value].some((c) => c <= " " || c === "\u007f" || c === "\\");

function decodedForms(path: string): string[] | undefined {
  const forms = [path];
  try {
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(forms.at(-1)!);
      if (next === forms.at(-1)) break;
      forms.push(next);
    }
  } catch {
    return undefined;
  }
  return forms;
}

/** `value` when it is a path on this site (`/…`), and stays one however often it is decoded. */
export function relativePath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048 || hasUnsafeCharacter(value))
    return undefined;
  const path = value.split(/[?#]/, 1)[0]!;
  const forms = decodedForms(path);
  if (!forms) return undefined;
  for (const form of forms)
    if (!form.startsWith("/") || form.startsWith("//") || hasUnsafeCharacter(form))
      return undefined;
  if (new URL(value, PLACEHOLDER_ORIGIN).origin !== PLACEHOLDER_ORIGIN) return undefined;
  return value;
}

/**
 * A `redirect_url` (or any "return to" value) that is safe to navigate to: a path on this site,
 * never another origin (`//evil.com`, `/\evil.com`, `https:…`, or their encoded forms). Anything
 * else gives `fallback`.
 *
 * @example
 * // app/verify/page.tsx
 * const returnTo = safeRedirectPath((await searchParams).redirect_url, "/members");
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  return relativePath(value) ?? fallback;
}

/** Where to send the visitor back to after signing in: the request's path and query, made safe. */
export function returnPathOf(url: URL): string | undefined {
  const direct = relativePath(url.pathname + url.search);
  if (direct) return direct;
  try {
    const collapsed = `/${decodeURIComponent(url.pathname).split("/").filter(Boolean).join("/")}`;
    return relativePath(encodeURI(collapsed) + url.search);
  } catch {
    return undefined;
  }
}
