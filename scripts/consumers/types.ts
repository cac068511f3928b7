// Type-level consumer, compiled with moduleResolution node16 and bundler.
import { createStatusClient, type StatusSnapshot } from "@credport/browser";
import { useVerification, VerificationQRCode } from "@credport/react";
import type { Credport, IssuanceOffer, VerificationResult, WebhookEvent } from "@credport/server";

export async function issue(credport: Credport): Promise<IssuanceOffer> {
  return credport.issuance.createOffer({
    credentialDefinitionId: "badge",
    claims: { name: "Ada" },
  });
}
export const result = (r: VerificationResult): string => r.resultToken;
export const eventType = (e: WebhookEvent): string => e.type;
export const status = (s: StatusSnapshot): string => s.status;
export const client = () =>
  createStatusClient({ publishableKey: "pk_test_x", baseUrl: "https://x.test" });
export const hook = useVerification;
export const qr = VerificationQRCode;
