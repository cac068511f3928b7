import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const BASE = "/v1/issuer/credential-definitions";

describe.each(TRANSPORTS)("credential definitions ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  const create = (body: unknown) => service.call("POST", BASE, { body });

  it("(none) → published: create with lifecycleStatus published when readiness passes", async () => {
    const res = await create({ ...badgeDefinition("pub-1"), lifecycleStatus: "published" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      credentialDefinitionId: "pub-1",
      lifecycleStatus: "published",
    });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("(none) → draft: create with lifecycleStatus omitted, even when incomplete", async () => {
    const res = await create({ credentialDefinitionId: "draft-1" });
    expect(res.status).toBe(201);
    expect(res.body.lifecycleStatus).toBe("draft");
  });

  it("(none) → (none): published intent that fails readiness is 422 with bounded details.issues, nothing created", async () => {
    const before = service.model.snapshot();
    const claims = Array.from({ length: 30 }, () => ({ path: ["dup"], mandatory: true }));
    const res = await create({
      credentialDefinitionId: "bad-1",
      title: "t".repeat(101),
      format: "jwt",
      claims,
      lifecycleStatus: "published",
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("credential_definition_not_publishable");
    const issues = res.body.details?.issues as { path: string; code: string; message: string }[];
    expect(issues.length).toBe(20);
    expect(issues[0]).toEqual({ path: "vct", code: "required", message: expect.any(String) });
    expect(issues.map((i) => i.code)).toEqual(
      expect.arrayContaining(["unsupported_format", "invalid_length", "duplicate_path"]),
    );
    expect(service.model.snapshot()).toEqual(before);
  });

  it("readiness rejects a path that is a prefix of another, and a definition without claims", async () => {
    const prefix = await create({
      ...badgeDefinition("bad-2"),
      claims: [{ path: ["a"] }, { path: ["a", "b"] }],
      lifecycleStatus: "published",
    });
    expect(prefix.body.details?.issues).toEqual([
      expect.objectContaining({ code: "prefix_path", path: "claims[0].path" }),
    ]);
    const none = await create({
      ...badgeDefinition("bad-3"),
      claims: [],
      lifecycleStatus: "published",
    });
    expect(none.body.details?.issues).toEqual([
      expect.objectContaining({ code: "required", path: "claims" }),
    ]);
  });

  it("draft → draft on update; draft → published on publish", async () => {
    await create({ credentialDefinitionId: "flow-1" });
    const updated = await service.call("PATCH", `${BASE}/flow-1`, {
      body: { ...badgeDefinition("x"), credentialDefinitionId: undefined },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ lifecycleStatus: "draft", title: "Employee badge" });
    const published = await service.call("POST", `${BASE}/flow-1/publish`);
    expect(published.status).toBe(200);
    expect(published.body.lifecycleStatus).toBe("published");
  });

  it("draft → draft when publish fails readiness", async () => {
    await create({ credentialDefinitionId: "flow-2", title: "No claims" });
    const res = await service.call("POST", `${BASE}/flow-2/publish`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("credential_definition_not_publishable");
    expect((await service.call("GET", `${BASE}/flow-2`)).body.lifecycleStatus).toBe("draft");
  });

  it("published and archived definitions are immutable (409), and stay as they were", async () => {
    await create({ ...badgeDefinition("imm-1"), lifecycleStatus: "published" });
    const published = await service.call("PATCH", `${BASE}/imm-1`, { body: { title: "Changed" } });
    expect(published.status).toBe(409);
    expect(published.body.code).toBe("published_credential_definition_immutable");
    const archived = await service.call("POST", `${BASE}/imm-1/archive`);
    expect(archived.body.lifecycleStatus).toBe("archived");
    const update = await service.call("PATCH", `${BASE}/imm-1`, { body: { title: "Changed" } });
    expect(update.status).toBe(409);
    expect(update.body.code).toBe("archived_credential_definition_immutable");
    expect((await service.call("GET", `${BASE}/imm-1`)).body).toMatchObject({
      title: "Employee badge",
      lifecycleStatus: "archived",
    });
  });

  it("any → archived on archive (draft too)", async () => {
    await create({ credentialDefinitionId: "arch-1" });
    const res = await service.call("POST", `${BASE}/arch-1/archive`);
    expect(res.status).toBe(200);
    expect(res.body.lifecycleStatus).toBe("archived");
  });

  it("a second definition with the same ID is 409 credential_definition_conflict", async () => {
    await create({ credentialDefinitionId: "dup-1" });
    const res = await create({ credentialDefinitionId: "dup-1" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("credential_definition_conflict");
  });

  it("lists by lifecycle_status; the unfiltered view has own drafts and published plus global published", async () => {
    const draft = await service.call("GET", `${BASE}?lifecycle_status=draft&limit=100`);
    expect(
      (draft.body.data as { lifecycleStatus: string }[]).every(
        (d) => d.lifecycleStatus === "draft",
      ),
    ).toBe(true);
    const active = await service.call("GET", `${BASE}?limit=100`);
    const ids = (active.body.data as { credentialDefinitionId: string }[]).map(
      (d) => d.credentialDefinitionId,
    );
    expect(ids).toEqual(expect.arrayContaining(["draft-1", "pub-1", "credport.identity.v1"]));
    expect(ids).not.toContain("imm-1");
    expect(ids).not.toContain("credport.identity.v0");
    const archived = await service.call("GET", `${BASE}?lifecycle_status=archived&limit=100`);
    const archivedIds = (archived.body.data as { credentialDefinitionId: string }[]).map(
      (d) => d.credentialDefinitionId,
    );
    expect(archivedIds).toContain("imm-1");
    expect(archivedIds).not.toContain("credport.identity.v0");
    expect((await service.call("GET", `${BASE}?lifecycle_status=deleted`)).status).toBe(400);
  });

  it("paginates with limit and cursor", async () => {
    const first = await service.call("GET", `${BASE}?limit=2`);
    expect(first.body).toMatchObject({ object: "list", hasMore: true });
    const second = await service.call("GET", `${BASE}?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data).not.toEqual(first.body.data);
    expect((await service.call("GET", `${BASE}?limit=0`)).body.code).toBe("validation_error");
    expect((await service.call("GET", `${BASE}?limit=101`)).body.code).toBe("validation_error");
  });

  it("global definitions are visible only while published, and read-only", async () => {
    expect((await service.call("GET", `${BASE}/credport.identity.v1`)).status).toBe(200);
    expect((await service.call("GET", `${BASE}/credport.identity.v0`)).status).toBe(404);
    const update = await service.call("PATCH", `${BASE}/credport.identity.v1`, {
      body: { title: "x" },
    });
    expect(update.status).toBe(409);
  });

  it("an ID of another project or environment answers exactly like an absent one", async () => {
    const other = service.model.createProject({ environment: "live" });
    const absent = await service.call("GET", `${BASE}/never-created`);
    const foreign = await service.call("GET", `${BASE}/pub-1`, { key: other.secretKey });
    expect(absent.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(absent.body);
    expect(absent.body.code).toBe("credential_definition_not_found");
  });

  it("a required field in the wrong casing counts as missing", async () => {
    const res = await create({ credential_definition_id: "snake" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ object: "error", code: "validation_error" });
    expect(res.body.message).toContain("credentialDefinitionId");
  });

  it.each([
    ["nesting beyond 8 levels", { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } }],
    [
      "more than 1,024 nodes",
      Object.fromEntries(
        Array.from({ length: 9 }, (_, i) => [`k${i}`, Array.from({ length: 120 }, () => 1)]),
      ),
    ],
    [
      "more than 128 entries",
      Object.fromEntries(Array.from({ length: 129 }, (_, i) => [`k${i}`, i])),
    ],
    ["a string over 2,048 characters", { note: "x".repeat(2049) }],
  ])("metadata with %s is 400 validation_error and changes nothing", async (_, metadata) => {
    const before = service.model.snapshot();
    const res = await create({ credentialDefinitionId: "meta-1", metadata });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(service.model.snapshot()).toEqual(before);
  });

  it.each(["__proto__", "constructor", "prototype"])(
    "metadata with a %s key is rejected",
    async (key) => {
      const res = await service.call("POST", BASE, {
        raw: `{"credentialDefinitionId":"meta-2","metadata":{"${key}":{"x":1}}}`,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(key);
    },
  );

  it("metadata within the limits is kept as sent", async () => {
    const metadata = { owner: "team-a", tags: ["x", "y"], nested: { depth: { ok: true } } };
    const res = await create({ credentialDefinitionId: "meta-ok", metadata });
    expect(res.body.metadata).toEqual(metadata);
  });
});
