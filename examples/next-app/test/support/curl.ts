/** Plain HTTP as curl sends it: no browser, no Origin unless given, cookies only when given. */
export async function curl(
  url: string,
  options: {
    method?: string;
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const response = await fetch(url, {
    method: options.method ?? "GET",
    redirect: "manual",
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair!.indexOf("=");
    if (!/Max-Age=0/i.test(header)) cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // an HTML page
  }
  return {
    status: response.status,
    location: response.headers.get("location"),
    text,
    json,
    cookies,
  };
}
