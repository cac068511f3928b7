import { type FlowState, isOpenPhase } from "@credport/browser";
import { useEffect, useState } from "react";

/**
 * Milliseconds until an open verification expires. The clock is read only in effects — never during
 * render, which Next.js 16 refuses while prerendering (`cacheComponents`) — so the first render, on
 * the server and in the browser, has `undefined`. Ticks land on whole seconds of the time left, so
 * an `mm:ss` display neither skips nor lags a second.
 */
export function useTimeRemaining(state: FlowState): number | undefined {
  const open = isOpenPhase(state.phase);
  const expiresAt = open && state.expiresAt ? Date.parse(state.expiresAt) : Number.NaN;
  // `now` belongs to one expiry: after a retry the old reading is not used for the new one.
  const [clock, setClock] = useState<{ expiresAt: number; now: number }>();
  useEffect(() => {
    if (Number.isNaN(expiresAt)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      setClock({ expiresAt, now });
      const left = expiresAt - now;
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return clock && clock.expiresAt === expiresAt ? Math.max(0, expiresAt - clock.now) : undefined;
}
