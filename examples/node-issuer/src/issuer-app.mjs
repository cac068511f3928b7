// An issuer backend in plain node:http: POST /offers issues a credential offer, POST /webhooks
// receives Credport events (signature verified on the raw body), GET /events lists them.
import { Credport, CredportError } from "@credport/server";

/**
 * @param {{ credport: Credport, webhookSecret: string, credentialDefinitionId: string }} options
 * @returns {import("node:http").RequestListener}
 */
export function createIssuerApp({ credport, webhookSecret, credentialDefinitionId }) {
  const events = [];

  return async (request, response) => {
    const send = (status, body) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    try {
      const body = await readBody(request);
      if (request.method === "POST" && request.url === "/offers") {
        // Your own user data decides the claims; the browser only gets the wallet hand-off.
        const { givenName, familyName } = JSON.parse(body || "{}");
        const offer = await credport.issuance.createOffer({
          credentialDefinitionId,
          claims: { given_name: givenName, family_name: familyName },
        });
        return send(201, {
          id: offer.id,
          status: offer.status,
          offerUri: offer.offerUri,
          offerQrUri: offer.offerQrUri,
        });
      }
      if (request.method === "POST" && request.url === "/webhooks") {
        const event = await credport.webhooks.verify(
          { payload: body, signature: request.headers["webhook-signature"] },
          { secret: webhookSecret },
        );
        events.push({ id: event.id, type: event.type, object: event.data.object });
        return send(200, { received: true });
      }
      if (request.method === "GET" && request.url === "/events") return send(200, { data: events });
      return send(404, { error: "not_found" });
    } catch (error) {
      if (error instanceof CredportError)
        return send(error.status && error.status < 500 ? error.status : 400, {
          error: error.code,
          message: error.message,
        });
      return send(500, { error: "internal_error" });
    }
  };
}

/** The raw body as text: webhook signatures are computed over it, before any JSON parsing. */
function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
