import type { Route } from "./route.js";

interface Node<TModel> {
  statics: Map<string, Node<TModel>>;
  param?: Node<TModel>;
  /** Routes that end here, by method, with the names of their `:params` in order. */
  routes: Map<string, { route: Route<TModel>; names: string[] }>;
}

export type RouteMatch<TModel> =
  | { route: Route<TModel>; params: Record<string, string> }
  | "method_not_allowed"
  | "not_found";

const newNode = <TModel>(): Node<TModel> => ({ statics: new Map(), routes: new Map() });

/**
 * Finds the route for a method and path by walking the path's segments through a tree of the
 * route patterns (a literal segment before a `:param`), so that the cost does not grow with the
 * number of routes. Parameter values come back as sent, still percent-encoded.
 */
export class RouteTable<TModel> {
  private readonly root = newNode<TModel>();

  constructor(routes: readonly Route<TModel>[]) {
    for (const route of routes) {
      let node = this.root;
      const names: string[] = [];
      for (const segment of route.pattern.split("/")) {
        if (segment.startsWith(":")) {
          names.push(segment.slice(1));
          node.param ??= newNode();
          node = node.param;
        } else {
          let next = node.statics.get(segment);
          if (!next) {
            next = newNode();
            node.statics.set(segment, next);
          }
          node = next;
        }
      }
      // The first route listed for a method and pattern wins, as in a list of handlers.
      if (!node.routes.has(route.method)) node.routes.set(route.method, { route, names });
    }
  }

  /**
   * The route for `method` on `path`. A path some route matches under another method is
   * `method_not_allowed`; a literal segment is tried before a parameter, and a parameter is never empty.
   */
  match(method: string, path: string): RouteMatch<TModel> {
    const segments = path.split("/");
    const values: string[] = [];
    const state = { pathMatched: false };
    const found = walk(this.root, segments, 0, method, values, state);
    if (!found) return state.pathMatched ? "method_not_allowed" : "not_found";
    const params: Record<string, string> = {};
    for (let i = 0; i < found.names.length; i++) params[found.names[i]!] = values[i]!;
    return { route: found.route, params };
  }
}

function walk<TModel>(
  node: Node<TModel>,
  segments: string[],
  i: number,
  method: string,
  values: string[],
  state: { pathMatched: boolean },
): { route: Route<TModel>; names: string[] } | undefined {
  if (i === segments.length) {
    if (node.routes.size === 0) return undefined;
    state.pathMatched = true;
    return node.routes.get(method);
  }
  const segment = segments[i]!;
  const literal = node.statics.get(segment);
  const found = literal && walk(literal, segments, i + 1, method, values, state);
  if (found) return found;
  if (node.param && segment !== "") {
    values.push(segment);
    const viaParam = walk(node.param, segments, i + 1, method, values, state);
    if (viaParam) return viaParam;
    values.pop();
  }
  return undefined;
}
