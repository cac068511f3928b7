import { randomInt } from "node:crypto";
import type { Tenant } from "./keys.js";

/**
 * The smallest list served, for herd privacy (a short list tells who was issued recently). Past
 * it the list doubles whenever it would be more than half full.
 */
export const MIN_STATUS_LIST_SIZE = 1 << 14;

/** The list length for `allocated` indices: at least twice that, a power of two, the minimum first. */
export function statusListCapacity(allocated: number): number {
  let size = MIN_STATUS_LIST_SIZE;
  while (size < 2 * allocated) size *= 2;
  return size;
}

const tenantKey = (tenant: Tenant) => `${tenant.projectId}:${tenant.environment}`;

/**
 * Each tenant's Token Status List indices. An index is a crypto-random free slot of the list, not
 * the next number: sequential indices would tell a verifier the order and volume of issuance (Token
 * Status List draft, "Unlinkability" and "Malicious Issuers" privacy considerations). The list stays
 * at most half full, so a random draw finds a free slot in two tries on average. No index is ever
 * handed out twice, and the list only grows, so an index handed out stays inside it.
 */
export class StatusListAllocation {
  private readonly lists = new Map<string, Set<number>>();

  /** A fresh index in the tenant's list. */
  allocate(tenant: Tenant): number {
    const key = tenantKey(tenant);
    let taken = this.lists.get(key);
    if (!taken) {
      taken = new Set();
      this.lists.set(key, taken);
    }
    const capacity = statusListCapacity(taken.size + 1);
    let index = randomInt(capacity);
    while (taken.has(index)) index = randomInt(capacity);
    taken.add(index);
    return index;
  }

  /** Whether the index was handed out in the tenant's list. */
  has(tenant: Tenant, index: number): boolean {
    return this.lists.get(tenantKey(tenant))?.has(index) ?? false;
  }

  /** The tenant's list length. */
  capacity(tenant: Tenant): number {
    return statusListCapacity(this.lists.get(tenantKey(tenant))?.size ?? 0);
  }

  /** How many indices each tenant was handed, for the emulator's data file. */
  counts(): { tenant: Tenant; size: number }[] {
    return [...this.lists].map(([key, taken]) => {
      const [projectId, environment] = key.split(":") as [string, Tenant["environment"]];
      return { tenant: { projectId, environment }, size: taken.size };
    });
  }

  /** Marks an index of a restored credential as handed out. */
  restore(tenant: Tenant, index: number): void {
    const key = tenantKey(tenant);
    let taken = this.lists.get(key);
    if (!taken) {
      taken = new Set();
      this.lists.set(key, taken);
    }
    taken.add(index);
  }
}
