/** Calls `check` every 50 ms until it returns something truthy; fails after `timeout` ms. */
export async function pollUntil(
  check: () => Promise<unknown>,
  { timeout, what }: { timeout: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
