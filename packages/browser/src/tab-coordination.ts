/** The parts of the Web Locks and BroadcastChannel APIs the flow uses; tests pass fakes. */
export interface LockManagerLike {
  request(name: string, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface Coordination {
  locks: LockManagerLike;
  openChannel(name: string): ChannelLike;
}

/** Web Locks and BroadcastChannel of this browser, or `undefined` where either is missing. */
export function browserCoordination(): Coordination | undefined {
  const locks =
    typeof navigator !== "undefined" ? (navigator as { locks?: LockManagerLike }).locks : undefined;
  // happy-dom and some embedded browsers stub navigator.locks without a working request().
  if (!locks || typeof locks.request !== "function" || typeof BroadcastChannel === "undefined")
    return undefined;
  return { locks, openChannel: (name) => new BroadcastChannel(name) as unknown as ChannelLike };
}

/**
 * One leader per verification across tabs: the tab holding the Web Lock follows the verification
 * and fans snapshots out; the others listen. When the leader's tab closes, its lock is released
 * and the next waiting tab takes over.
 */
export function leadOrFollow(
  coordination: Coordination,
  name: string,
  handlers: { lead(release: () => void): void; onMessage(message: unknown): void },
): { post(message: unknown): void; close(): void } {
  const channel = coordination.openChannel(name);
  let closed = false;
  let release: () => void = () => {};
  channel.addEventListener("message", (event) => {
    if (!closed) handlers.onMessage(event.data);
  });
  void coordination.locks.request(name, () => {
    if (closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      release = resolve;
      handlers.lead(resolve);
    });
  });
  return {
    post: (message) => {
      if (!closed) channel.postMessage(message);
    },
    close() {
      closed = true;
      release();
      channel.close();
    },
  };
}
