/** Raw HTTP against a running emulator, for tests that must send what no well-behaved wallet sends. */
export const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

/** The answer as it came; a body that is not JSON reads as `{}`. */
export async function send(url: string, init: RequestInit = {}): Promise<RawAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  return { status: response.status, headers: response.headers, text, body };
}
