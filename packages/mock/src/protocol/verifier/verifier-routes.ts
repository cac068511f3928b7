import { PRESENTATION_CHANNELS } from "../../channels/channels.js";
import type { Route } from "../../http/route.js";
import type { Model } from "../../model/model.js";
import {
  handleTestCredentialOffer,
  TEST_CREDENTIAL_OFFER_SUFFIX,
} from "../issuer/test-credential-offer.js";
import { verifier } from "./verifier.js";

/**
 * OpenID4VP 1.0: each channel's routes, deciding through the verifier, and the emulator's test
 * issuance beside a request (an identity for a wallet that holds none, test environments only).
 */
export function verifierRoutes(): Route<Model>[] {
  return [
    ...PRESENTATION_CHANNELS.flatMap((channel) => channel.routes(verifier)),
    {
      method: "POST",
      pattern: `/oid4vp/requests/:verificationId${TEST_CREDENTIAL_OFFER_SUFFIX}`,
      handle: handleTestCredentialOffer,
    },
  ];
}
