import { validationError } from "./errors.js";
import type { Json } from "./input.js";

/** Definition metadata limits of service-interface.md (Limits). */
export const METADATA_LIMITS = {
  depth: 8,
  nodes: 1024,
  entries: 128,
  stringLength: 2048,
  forbiddenKeys: ["__proto__", "constructor", "prototype"],
} as const;

/** Throws 400 validation_error naming the first place that breaks a limit. */
export function checkDefinitionMetadata(value: Json, field = "metadata"): void {
  let nodes = 0;
  const visit = (node: Json, path: string, depth: number): void => {
    nodes += 1;
    if (nodes > METADATA_LIMITS.nodes) {
      throw validationError(`${field}: more than ${METADATA_LIMITS.nodes} nodes in total`, {
        field,
      });
    }
    if (depth > METADATA_LIMITS.depth) {
      throw validationError(`${path}: nested deeper than ${METADATA_LIMITS.depth} levels`, {
        field: path,
      });
    }
    if (typeof node === "string" && node.length > METADATA_LIMITS.stringLength) {
      throw validationError(
        `${path}: string longer than ${METADATA_LIMITS.stringLength} characters`,
        { field: path },
      );
    }
    if (typeof node === "number" && !Number.isFinite(node)) {
      throw validationError(`${path}: numbers must be finite`, { field: path });
    }
    if (Array.isArray(node)) {
      if (node.length > METADATA_LIMITS.entries) {
        throw validationError(`${path}: more than ${METADATA_LIMITS.entries} entries`, {
          field: path,
        });
      }
      for (const [index, child] of node.entries()) visit(child, `${path}[${index}]`, depth + 1);
    } else if (node !== null && typeof node === "object") {
      const keys = Object.keys(node);
      if (keys.length > METADATA_LIMITS.entries) {
        throw validationError(`${path}: more than ${METADATA_LIMITS.entries} entries`, {
          field: path,
        });
      }
      for (const key of keys) {
        if ((METADATA_LIMITS.forbiddenKeys as readonly string[]).includes(key)) {
          throw validationError(`${path}.${key}: prototype-related keys are rejected`, {
            field: `${path}.${key}`,
          });
        }
        visit(node[key] as Json, `${path}.${key}`, depth + 1);
      }
    }
  };
  visit(value, field, 1);
}
