// Prints the test wallet link of every offer and verification the app creates on the emulator, so
// that `pnpm dev:next` can be gone through in a browser alone. The links are the ones the
// emulator's create answers carry (`emulator.testWalletUrlOf`).

/**
 * Watches the emulator's model and calls `log` once per new issuance session or verification of
 * its test project with a line naming it and its "Open in test wallet" link.
 * @param {import("@credport/emulator").Emulator} emulator
 * @param {(line: string) => void} log
 * @returns {() => void} stops watching
 */
export function logHandoffLinks(emulator, log) {
  const { model } = emulator;
  const seen = new Set();
  const report = async (kind, records) => {
    for (const record of records) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      const link = await emulator.testWalletUrlOf(record.id);
      if (link) log(`${kind} ${record.id}: open in test wallet → ${link}`);
    }
  };
  return model.changes.subscribe(() => {
    report("offer", model.issuance.records);
    report("verification", model.verifications.records);
  });
}
