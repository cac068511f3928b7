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
    const values: string[] = [];
    const found = walk(this.root, path, 0, method, values);
    if (found === undefined) return "not_found";
    if (found === PATH_ONLY) return "method_not_allowed";
    const params: Record<string, string> = {};
    for (let i = 0; i < found.names.length; i++) params[found.names[i]!] = values[i]!;
    return { route: found.route, params };
  }
}

/** A walk's answer when the path matched some route, but none under the method. */
const PATH_ONLY = 1;
type Walked<TModel> = { route: Route<TModel>; names: string[] } | typeof PATH_ONLY | undefined;

/**
 * The segment of `path` that starts at `start` (segments as `path.split("/")` has them), read in
 * place: no array of segments per request. Past the last segment, `start` is `path.length + 1`.
 */
function walk<TModel>(
  node: Node<TModel>,
  path: string,
  start: number,
  method: string,
  values: string[],
): Walked<TModel> {
  if (start > path.length) {
    if (node.routes.size === 0) return undefined;
    return node.routes.get(method) ?? PATH_ONLY;
  }
  const slash = path.indexOf("/", start);
  const end = slash === -1 ? path.length : slash;
  const segment = path.slice(start, end);
  const literal = node.statics.get(segment);
  const viaLiteral = literal && walk(literal, path, end + 1, method, values);
  if (viaLiteral && viaLiteral !== PATH_ONLY) return viaLiteral;
  if (node.param && segment !== "") {
    values.push(segment);
    const viaParam = walk(node.param, path, end + 1, method, values);
    if (viaParam && viaParam !== PATH_ONLY) return viaParam;
    values.pop();
    if (viaParam === PATH_ONLY) return PATH_ONLY;
  }
  return viaLiteral === PATH_ONLY ? PATH_ONLY : undefined;
}
