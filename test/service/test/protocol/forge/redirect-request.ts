import { decodeJwt } from "jose";
import { send } from "../raw-protocol.js";

// The redirect channel's side of a hand-made answer: what a wallet reads from the request object
// and posts back to. The format's side (the presentation itself) is in sd-jwt-vc.ts.

export interface OpenRequest {
  verificationId: string;
  clientId: string;
  nonce: string;
  state: string;
  responseUri: string;
}

/** Fetches the request object the way a wallet does and returns what a response needs. */
export async function openRequest(authorizationRequestUri: string): Promise<OpenRequest> {
  const requestUri = new URL(authorizationRequestUri).searchParams.get("request_uri")!;
  const request = decodeJwt((await send(requestUri)).text);
  return {
    verificationId: String(request.state),
    clientId: String(request.client_id),
    nonce: String(request.nonce),
    state: String(request.state),
    responseUri: String(request.response_uri),
  };
}

/** Posts a direct_post answer and returns the HTTP answer. */
export function postResponse(
  request: OpenRequest,
  form: Record<string, string> | string,
  contentType?: string,
) {
  return send(request.responseUri, {
    method: "POST",
    headers: { "content-type": contentType ?? "application/x-www-form-urlencoded" },
    body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
  });
}

export const vpToken = (...presentations: unknown[]) =>
  JSON.stringify({ credential: presentations });
