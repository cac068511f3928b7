import { readPublishableKey } from "@credport/session";
// With the extension: Node's ESM resolver (serverExternalPackages, plain Node) needs it, as Next has no exports map.
import { connection } from "next/server.js";
import { NEXT_LABEL } from "./label.js";

/**
 * The publishable key to render for the browser (CREDPORT_PUBLISHABLE_KEY by default), after
 * checking its shape on the server: a secret key or webhook secret configured by mistake throws
 * (without repeating it) instead of reaching the HTML. Read at request time.
 *
 * @example
 * <CredportProvider publishableKey={await getPublishableKey()} … />
 */
export async function getPublishableKey(value?: string | undefined): Promise<string> {
  await connection();
  return readPublishableKey(value, NEXT_LABEL);
}
