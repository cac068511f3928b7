// The verification page of the test shop, bundled for the browser: @credport/browser's flow, a
// "use a wallet on this device" button (data-credport-device-wallet) and the wallet link.
import { createStatusClient, createVerificationFlow } from "@credport/browser";

const config = JSON.parse(document.getElementById("config")!.textContent!) as {
  publishableKey: string;
  baseUrl: string;
};
const flow = createVerificationFlow({
  statusClient: createStatusClient(config),
  startUrl: "/api/credport/verifications",
  sessionUrl: "/api/credport/session",
});
const $ = (id: string) => document.getElementById(id)!;
const device = $("device") as HTMLButtonElement;
device.onclick = () => void flow.present().catch(() => {});
flow.subscribe(() => {
  const state = flow.getSnapshot();
  $("phase").textContent = state.phase;
  $("failure").textContent = state.failureCode ?? "";
  $("dc-api").textContent = state.dcApi ?? "";
  const open = state.phase === "pending" || state.phase === "in_progress";
  device.hidden = !(
    open && ["ready", "declined", "wallet_error", "failed"].includes(state.dcApi ?? "")
  );
  const link = $("link") as HTMLAnchorElement;
  link.hidden = !(open && state.authorizationRequestUri);
  if (state.authorizationRequestUri) link.href = state.authorizationRequestUri;
  if (state.phase === "verified") location.assign("/members");
});
void flow.start({ policyId: "preset_age_over_18" });
