import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { ALLOW_FLAG, forbiddenAddress } from "./webhook-address.js";

/** A delivery refused before anything was sent: retrying would not change the address. */
export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedTarget";
  }
}

export interface WebhookPostOptions {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Deliver to link-local and metadata addresses too. */
  allowLinkLocal: boolean;
  /** Resolves host names; default `dns.lookup`. */
  lookup?: LookupFunction;
}

/**
 * POSTs one webhook over node:http(s) and answers the receiver's status. No redirect is followed
 * (a 3xx is the answer). The host name is resolved by a lookup that refuses link-local and
 * metadata addresses, and the connection goes to the very address that was checked, so a name
 * whose DNS answer changes between a check and the connection cannot slip through.
 */
export function postWebhook(url: string, options: WebhookPostOptions): Promise<number> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  const reason = options.allowLinkLocal ? undefined : forbiddenAddress(literal);
  if (reason)
    return Promise.reject(new RefusedTarget(`refused: ${literal} is ${reason}; ${ALLOW_FLAG}`));
  const lookup = options.allowLinkLocal
    ? (options.lookup ?? dnsLookup)
    : checkedLookup(options.lookup ?? (dnsLookup as LookupFunction));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
        signal: options.signal,
        lookup,
        agent: false,
      },
      (response) => {
        // The answer's body is not shown anywhere: drop it.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** A lookup that fails, with the reason, when any address a name resolves to is refused. */
function checkedLookup(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses: LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address: address as string, family: family ?? 4 }];
      for (const candidate of addresses) {
        const reason = forbiddenAddress(candidate.address);
        if (!reason) continue;
        // The socket fails with this very error: the delivery sees why.
        const refused = new RefusedTarget(
          `refused: ${hostname} resolves to ${candidate.address}, ${reason}; ${ALLOW_FLAG}`,
        );
        return callback(refused as NodeJS.ErrnoException, "", 0);
      }
      callback(null, address, family);
    });
  };
}
