import { request } from "node:http";

/** What an attacker's request got back. */
export interface RawAnswer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request over node:http, headers exactly as given (a browser's `Host`, `Origin` and
 * `Sec-Fetch-Site` included, which fetch would not let a test set freely); as a list
 * (`[name, value, name, value…]`), a name may come more than once.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> | string[]; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}
