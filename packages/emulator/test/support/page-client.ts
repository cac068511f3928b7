/**
 * A browser-like client for the emulator's pages: keeps its cookies, sends forms as a browser
 * does (with `Sec-Fetch-Site`), follows redirects, and reads pages as text.
 */
export interface PageClient {
  get(path: string): Promise<{ status: number; text: string; headers: Headers }>;
  /** Posts a form; `site` is what the browser would say about the page that sent it. */
  post(
    path: string,
    form: Record<string, string | string[]>,
    options?: { site?: "same-origin" | "cross-site"; headers?: Record<string, string> },
  ): Promise<{ status: number; text: string; headers: Headers; location?: string }>;
  readonly cookie: string;
}

export function pageClient(baseUrl: string): PageClient {
  let cookie = "";
  const remember = (headers: Headers) => {
    const set = headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
  };
  const url = (path: string) => (path.startsWith("http") ? path : `${baseUrl}${path}`);
  const get = async (path: string) => {
    const response = await fetch(url(path), { headers: cookie ? { cookie } : {} });
    remember(response.headers);
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  return {
    get,
    async post(path, form, options = {}) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form))
        for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
      const response = await fetch(url(path), {
        method: "POST",
        body,
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": options.site ?? "same-origin",
          ...(cookie ? { cookie } : {}),
          ...options.headers,
        },
      });
      remember(response.headers);
      const location = response.headers.get("location") ?? undefined;
      if (response.status === 303 && location) {
        const next = await get(location);
        return { ...next, location };
      }
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    get cookie() {
      return cookie;
    },
  };
}

/** The text a person reads on a page: tags dropped, entities decoded, whitespace collapsed. */
export function visibleText(page: string): string {
  return page
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** A JSON answer, read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers and assert on them
export type JsonAnswer = Record<string, any>;
