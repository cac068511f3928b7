// Prints the test wallet link of every offer and verification the app creates on the emulator, so
// that `pnpm dev:next` can be gone through in a browser alone. The links are the ones the
// emulator's create answers carry (docs/api.md, "Wallet hand-off URIs").

/**
 * Watches the emulator's model and calls `log` once per new issuance session or verification of
 * its test project with a line naming it and its "Open in test wallet" link.
 * @param {import("@credport/mock").Emulator} emulator
 * @param {(line: string) => void} log
 * @returns {() => void} stops watching
 */
export function logHandoffLinks(emulator, log) {
  const { model, publicUrl, walletUrl } = emulator;
  const seen = new Set();
  const walletLink = (uri) => `${walletUrl}?uri=${encodeURIComponent(uri)}`;
  let clientId;
  model.protocol.verifierKeys().then((keys) => {
    clientId = `decentralized_identifier:${keys.did}`;
  });
  const isNew = (record) =>
    record.tenant.environment === "test" && !seen.has(record.id) && seen.add(record.id);
  const report = () => {
    for (const offer of model.issuance.records.filter(isNew)) {
      const uri = `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(`${publicUrl}/oid4vci/offers/${encodeURIComponent(offer.id)}`)}`;
      log(`offer ${offer.id}: open in test wallet → ${walletLink(uri)}`);
    }
    if (!clientId) return; // the verifier's key is being made; the next change prints them
    for (const verification of model.verifications.records.filter(isNew)) {
      const request = `${publicUrl}/oid4vp/requests/${encodeURIComponent(verification.id)}`;
      const uri = `openid4vp://?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(request)}`;
      log(`verification ${verification.id}: open in test wallet → ${walletLink(uri)}`);
    }
  };
  return model.changes.subscribe(report);
}
