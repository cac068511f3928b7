import type { Tenant } from "../keys.js";
import { tenantKey } from "../tenant-key.js";

/**
 * Maps of stores by tenant: each project environment fills only its own store, so one project's
 * flood pushes out only its own entries.
 */
export type TenantStores<V> = Map<string, Map<string, V>>;

/** The tenant's own store, made on first use. */
export function storeOf<V>(stores: TenantStores<V>, tenant: Tenant): Map<string, V> {
  const key = tenantKey(tenant);
  let store = stores.get(key);
  if (!store) {
    store = new Map();
    stores.set(key, store);
  }
  return store;
}

/** The tenant's store if it has one. */
export const existingStoreOf = <V>(stores: TenantStores<V>, tenant: Tenant) =>
  stores.get(tenantKey(tenant));

/** Removes and returns a live entry of the tenant's store. */
export function take<V extends { expiresAt: number }>(
  stores: TenantStores<V>,
  tenant: Tenant,
  key: string,
  now: number,
): V | undefined {
  const store = existingStoreOf(stores, tenant);
  const value = store?.get(key);
  store?.delete(key);
  return value && value.expiresAt > now ? value : undefined;
}

/**
 * Room for one more entry within `max`. Entries are in issue order, so expiry order too (roughly:
 * a token may end early with its offer): expired ones are dropped from the oldest on, up to the
 * first live one, then the oldest live ones give way. Amortized constant time per entry.
 */
export function makeRoom<V>(
  store: Map<string, V>,
  max: number,
  now: number,
  expiresAt: (value: V) => number,
): void {
  for (const [key, value] of store) {
    if (expiresAt(value) > now) break;
    store.delete(key);
  }
  for (const key of store.keys()) {
    if (store.size < max) break;
    store.delete(key);
  }
}
