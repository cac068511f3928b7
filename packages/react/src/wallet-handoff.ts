import { useEffect, useState } from "react";

/** How the wallet gets the request: a QR code for another device, or a link on this one. */
export type WalletHandoff = "auto" | "qr" | "link";

// Phones and tablets: the wallet is on this device, and a QR code on its own screen cannot be scanned.
const TOUCH_DEVICE = "(hover: none) and (pointer: coarse)";

/**
 * Whether to offer the wallet on this device first. Read in an effect (the server cannot know),
 * so the first render, server or browser, is the desktop layout.
 */
export function useWalletOnThisDevice(handoff: WalletHandoff): boolean {
  const [onThisDevice, setOnThisDevice] = useState(handoff === "link");
  useEffect(() => {
    setOnThisDevice(
      handoff === "link" ||
        (handoff === "auto" &&
          typeof matchMedia === "function" &&
          matchMedia(TOUCH_DEVICE).matches),
    );
  }, [handoff]);
  return onThisDevice;
}
