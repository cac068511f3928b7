import * as z from "zod/mini";
import { rule, text } from "./rules.js";

/**
 * List query parameters. The wire carries strings; a client may hold a number, so `limit` takes
 * either and both meet one rule.
 */
const LIMIT_RULE = "must be an integer from 1 to 100";
export const listLimit = z
  .custom<string | number>((value) => typeof value === "string" || typeof value === "number", {
    error: rule(LIMIT_RULE),
  })
  .check(
    z.refine((value) => /^\d+$/.test(String(value)) && +value >= 1 && +value <= 100, {
      error: LIMIT_RULE,
    }),
  );

export const listCursor = text(500);

/** `limit` and `cursor`; resources add their filter. */
export const listPage = { limit: z.optional(listLimit), cursor: z.optional(listCursor) };
export const plainListQuery = z.object(listPage);

/** A page in camelCase (issuance, definitions). */
export const camelList = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    object: z.literal("list"),
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.nullable(z.string()),
  });

/** A page in snake_case (policies, verifications). */
export const snakeList = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.nullable(z.string()),
  });
