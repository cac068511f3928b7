import { sameTenant, type Tenant } from "../keys.js";
import { type Page, type PageQuery, paginateNewestFirst } from "./pagination.js";

interface Stored {
  id: string;
  tenant: Tenant;
}

/**
 * The records of one resource, found without scanning: in creation order (`all`), by ID, and per
 * tenant for newest-first pages.
 */
export class RecordStore<R extends Stored> {
  /** Every record, in creation order. */
  readonly all: R[] = [];
  private readonly byId = new Map<string, { record: R; position: number }>();
  private readonly byTenant = new Map<string, R[]>();

  add(record: R): void {
    this.all.push(record);
    const list = this.tenantList(record.tenant);
    this.byId.set(record.id, { record, position: list.length });
    list.push(record);
  }

  get(id: string): R | undefined {
    return this.byId.get(id)?.record;
  }

  /** The record if it belongs to `tenant`; another tenant's record is as absent as a missing one. */
  owned(tenant: Tenant, id: string): R | undefined {
    const record = this.get(id);
    return record && sameTenant(record.tenant, tenant) ? record : undefined;
  }

  /** The tenant's records in creation order. */
  ofTenant(tenant: Tenant): readonly R[] {
    return this.byTenant.get(tenantKey(tenant)) ?? [];
  }

  /** A newest-first page of the tenant's records that match. */
  page(tenant: Tenant, query: PageQuery, matches?: (record: R) => boolean): Page<R> {
    return paginateNewestFirst(
      this.ofTenant(tenant),
      query,
      (record) => record.id,
      (id) => {
        const entry = this.byId.get(id);
        return entry && sameTenant(entry.record.tenant, tenant) ? entry.position : undefined;
      },
      matches,
    );
  }

  private tenantList(tenant: Tenant): R[] {
    const key = tenantKey(tenant);
    let list = this.byTenant.get(key);
    if (!list) {
      list = [];
      this.byTenant.set(key, list);
    }
    return list;
  }
}

const tenantKey = (tenant: Tenant) => `${tenant.projectId}:${tenant.environment}`;
