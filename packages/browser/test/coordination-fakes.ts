import type { ChannelLike, Coordination } from "@credport/browser";

/** Web Locks as browsers implement them: one holder per name, the others queue in order. */
export class FakeLocks {
  private held = new Set<string>();
  private queues = new Map<string, (() => void)[]>();

  request(name: string, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve) => {
      const run = () => {
        this.held.add(name);
        void Promise.resolve()
          .then(() => callback({ name }))
          .then(resolve, resolve)
          .finally(() => {
            this.held.delete(name);
            this.queues.get(name)?.shift()?.();
          });
      };
      if (this.held.has(name)) this.queues.set(name, [...(this.queues.get(name) ?? []), run]);
      else run();
    });
  }
}

/** BroadcastChannel across "tabs" of one test: a message reaches every other channel of that name. */
export class FakeBroadcastBus {
  private channels = new Set<{ name: string; deliver(data: unknown): void }>();

  open(name: string): ChannelLike {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const self = {
      name,
      deliver: (data: unknown) => {
        for (const listener of listeners) listener({ data: structuredClone(data) });
      },
    };
    this.channels.add(self);
    return {
      postMessage: (data) => {
        for (const channel of this.channels)
          if (channel !== self && channel.name === name)
            queueMicrotask(() => channel.deliver(data));
      },
      addEventListener: (_type, listener) => listeners.push(listener),
      close: () => this.channels.delete(self),
    };
  }
}

export function fakeCoordination(locks: FakeLocks, bus: FakeBroadcastBus): Coordination {
  return { locks, openChannel: (name) => bus.open(name) };
}
