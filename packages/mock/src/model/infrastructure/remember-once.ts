/**
 * A bounded remember-once set (DPoP `jti`s, client attestation PoP `jti`s): {@link claim} is true
 * the first time a key is seen within its lifetime, false on every replay. When the set is full of
 * live keys it refuses new ones rather than forget one, since forgetting a live key would let its
 * proof be replayed: a flood costs the flooding issuer its own proofs until they age out, nothing
 * else. Lifetimes are on real time, like the `iat` of the proofs whose `jti` it remembers.
 */
export class RememberOnce {
  /** Key → real time (ms) after which it may be forgotten; insertion order is expiry order. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `"new"` the first time, `"replayed"` after, `"full"` when no room is left for a live key. */
  claim(key: string, lifetimeMs: number): "new" | "replayed" | "full" {
    const now = this.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return "replayed";
    // Every entry gets the same lifetime, so the oldest expire first.
    for (const [old, expiresAt] of this.seen) {
      if (expiresAt > now) break;
      this.seen.delete(old);
    }
    if (this.seen.size >= this.max) return "full";
    this.seen.delete(key);
    this.seen.set(key, now + lifetimeMs);
    return "new";
  }
}
