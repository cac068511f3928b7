import * as z from "zod/mini";
import { documentation } from "./documentation.js";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "./key-shapes.js";
import { OPERATIONS, type Operation, operationErrors } from "./operations.js";
import { resourceId } from "./rules.js";

type Json = Record<string, unknown>;

const SECURITY: Record<Operation["auth"], Json[]> = {
  secret: [{ secretKey: [] }],
  secret_or_client_token: [{ secretKey: [] }, { clientToken: [], publishableKey: [] }],
  none: [],
};

const jsonSchemaOptions = {
  target: "draft-2020-12",
  io: "input",
  unrepresentable: "any",
} as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The OpenAPI 3.1 document of the REST API, built from the contract's operations table. The
 * emulator serves it at `/openapi.json`; `docs/openapi.json` is this output, kept current by
 * `pnpm openapi`.
 */
export function createOpenApiDocument(options: { serverUrl?: string | undefined } = {}): Json {
  const { docs, named } = documentation();
  const names = new Map(named.map(([name, schema]) => [schema, name]));
  const generated = z.toJSONSchema(docs, {
    ...jsonSchemaOptions,
    metadata: docs,
    uri: (id: string) => `#/components/schemas/${id}`,
  }).schemas as Record<string, Json>;
  const schemas: Record<string, Json> = {};
  for (const [name] of named) {
    const { $schema: _schema, $id: _id, ...schema } = generated[name]!;
    schemas[name] = schema;
  }
  const schemaOf = (schema: z.ZodMiniType): Json => {
    const name = names.get(schema);
    if (name) return ref(name);
    const { $schema: _schema, ...inline } = z.toJSONSchema(schema, {
      ...jsonSchemaOptions,
      metadata: docs,
    }) as Json;
    return inline;
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = pathItem(operation, schemaOf);
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Credport API",
      version: "1",
      description:
        "Credential issuance (OpenID4VCI) and verification (OpenID4VP) service. Casing is per resource: issuance and credential definitions camelCase, policies and verifications snake_case, query parameters snake_case. Every answer carries `X-Request-Id`. Generated from the wire contract in `@credport/core/contract`.",
    },
    servers: [
      {
        url: options.serverUrl ?? "{baseUrl}",
        ...(options.serverUrl
          ? {}
          : {
              variables: {
                baseUrl: {
                  default: "https://api.credport.test",
                  description: "Your service's base URL (`CREDPORT_BASE_URL`).",
                },
              },
            }),
      },
    ],
    tags: [
      { name: "Credential definitions" },
      { name: "Issuance" },
      { name: "Policies" },
      { name: "Verifications" },
    ],
    paths,
    webhooks: {
      event: {
        post: {
          operationId: "receiveWebhookEvent",
          summary:
            'An event sent to your endpoint, signed in `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Accept types you do not know.',
          parameters: [
            {
              name: "Webhook-Signature",
              in: "header",
              required: true,
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("WebhookEvent") } },
          },
          responses: {
            "200": { description: "Any 2xx acknowledges the event; others are retried." },
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        secretKey: {
          type: "apiKey",
          in: "header",
          name: "X-Service-Key",
          description: "Secret key `sk_test_…` or `sk_live_…`; server code only.",
        },
        clientToken: {
          type: "http",
          scheme: "bearer",
          description: "The verification's `client_token` (browser status reads).",
        },
        publishableKey: {
          type: "apiKey",
          in: "header",
          name: "X-Publishable-Key",
          description: "Publishable key `pk_test_…` or `pk_live_…`, sent with the client token.",
        },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Same key, route and body within 24 h replays the first answer (with `Idempotent-Replayed: true`); the same key with another body or route is 409 `idempotency_key_reused`.",
          schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
        },
      },
      headers: {
        RequestId: {
          description: "Identifies the request in support cases.",
          schema: { type: "string" },
        },
        RetryAfter: {
          description: "Seconds to wait before retrying.",
          schema: { type: "integer" },
        },
        IdempotentReplayed: {
          description:
            "`true` when this is the stored answer to an earlier request with the same key.",
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
  };
}

function pathItem(operation: Operation, schemaOf: (schema: z.ZodMiniType) => Json): Json {
  const parameters: Json[] = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: schemaOf(resourceId),
  }));
  if (operation.query) {
    const query = schemaOf(operation.query) as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: "query",
        required: query.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (operation.method === "POST")
    parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

  const requestId = { "X-Request-Id": { $ref: "#/components/headers/RequestId" } };
  const { status, schema } = operation.success;
  const responses: Json = {
    [status]: {
      description: status === 201 ? "Created" : "OK",
      headers: {
        ...requestId,
        ...(operation.method === "POST"
          ? { "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } }
          : {}),
      },
      content:
        schema === null
          ? { "text/event-stream": { schema: { type: "string" } } }
          : { "application/json": { schema: schemaOf(schema) } },
    },
  };
  for (const error of operationErrors(operation)) {
    responses[error.status] = {
      description: `Error: ${error.codes.map((code) => `\`${code}\``).join(", ")}`,
      headers: {
        ...requestId,
        ...(error.status === 429
          ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } }
          : {}),
      },
      content: {
        "application/json": {
          schema: {
            allOf: [ref("Error"), { properties: { code: { enum: error.codes } } }],
          },
        },
      },
    };
  }

  return {
    operationId: operation.id,
    summary: operation.summary,
    tags: [operation.tag],
    security: SECURITY[operation.auth],
    ...(operation.scope ? { "x-required-scope": operation.scope } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(operation.body) } },
          },
        }
      : {}),
    responses,
  };
}
