// What a browser app bundles: the status client, the flow and the React bindings.
export { createStatusClient, createVerificationFlow } from "@credport/browser";
export { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
