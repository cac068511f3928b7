import { PRESENTATION_CHANNELS } from "../../channels/channels.js";
import type { ChannelVerifier } from "../../channels/presentation-channel.js";
import { answeredQueryOf, policyQueryOf } from "../../formats/policy-query.js";
import { walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import { failureDetail } from "../../model/records/failure-detail.js";
import { isOpenVerification } from "../../model/transitions/verification-transitions.js";
import { statusAt } from "../issuer/status-list.js";
import { credentialIssuer, statusListUri } from "../issuer/urls.js";

/**
 * The verifier: each project environment verifies the credentials its own issuer issued. It picks
 * the format a verification's policy asks for and hands it the binding the channel read; it knows
 * neither's insides (`CredentialFormat`, `PresentationChannel`).
 */
export const verifier: ChannelVerifier = {
  async requestFor(model, verification) {
    const haip = model.profile === "haip";
    // HAIP: the credential must chain to the test CA or a trusted issuer's root (DCQL
    // trusted_authorities).
    return policyQueryOf(
      verification,
      haip
        ? {
            trustedAuthorities: [
              await model.ca.keyIdentifier(),
              ...(await model.trustedIssuers.keyIdentifiers()),
            ],
          }
        : {},
    );
  },

  queryFor: (verification) => policyQueryOf(verification).dcqlQuery,

  async decide(ctx, verification, answer, options = {}) {
    const { model } = ctx;
    if (answer.kind === "error") {
      model.verifications.noteChecks(verification.id, ["wallet_error"], "wallet_error");
      model.verifications.applyTrigger(verification.id, "presentation_failed", {
        failureCode: "wallet_rejected",
        failureDetail: walletErrorDetail(answer.error),
      });
      return "decided";
    }
    const tenant = verification.tenant;
    const haip = model.profile === "haip";
    const keys = await model.protocol.issuer.keysFor(tenant);
    const ownStatusList = statusListUri(ctx.baseUrl, tenant);
    // The policy's own credential, or one of the alternatives its query offered.
    const { format, credentialQuery, presentation } = answeredQueryOf(
      policyQueryOf(verification).dcqlQuery,
      answer.presentations,
    );
    const outcome = await format.verifyPresentation(presentation, {
      verification,
      binding: answer.binding,
      // What the holder may have signed for instead, to tell a mixed-up transcript from a forgery.
      otherBindings: (
        await Promise.all(PRESENTATION_CHANNELS.map((c) => c.knownBindings(ctx, verification)))
      ).flat(),
      credentialQuery,
      // HAIP: the issuer's chain must lead to the test CA, the query's trusted_authorities; an
      // mdoc's always must (its x5chain is the only way to the document signer's key).
      ...(haip || format.alwaysCarriesIssuerChain
        ? { trustedRoots: [await model.ca.rootCertificate()] }
        : {}),
      // Other issuers' credentials verify when their chain ends at a root the model trusts.
      otherIssuerRoots: model.trustedIssuers.certificates,
      issuer: credentialIssuer(ctx.baseUrl, tenant),
      issuerPublicJwk: keys.publicJwk,
      nowSeconds: Math.floor(model.clock.now() / 1000),
      walletNowSeconds: walletNowSeconds(),
      statusOf: (reference) => statusAt(model, tenant, ownStatusList, reference),
    });
    options.onChecked?.(outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason });
    model.verifications.noteChecks(
      verification.id,
      format.checks,
      outcome.ok ? undefined : outcome.detail.check,
    );
    const current = model.verifications.findForProtocol(verification.id);
    if (!current || !isOpenVerification(current.status)) return "closed";
    if (outcome.ok)
      model.verifications.applyTrigger(verification.id, "presentation_verified", {
        claims: outcome.claims as never,
      });
    else {
      model.verifications.applyTrigger(verification.id, "presentation_failed", {
        failureCode: outcome.failureCode,
        failureDetail: outcome.detail,
      });
    }
    return "decided";
  },
};

/**
 * The detail of a wallet's `error` answer. Its OAuth error code (`access_denied`, …) is told when
 * it looks like one; anything else the wallet wrote is not repeated.
 */
function walletErrorDetail(error: string) {
  const code = /^[A-Za-z0-9_.-]{1,64}$/.test(error) ? ` (${error})` : "";
  return failureDetail(
    "wallet_error",
    `a presentation was expected; the wallet answered with an error${code}`,
  );
}
