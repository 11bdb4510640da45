/**
 * Which page of the SPA an address shows (issue 29, 2): matched against the route tree's own list
 * (page-routes.gen.ts, generated from src/routes), as the SPA's router matches it: static segments in any
 * case, a trailing slash ignored, parameters percent-decoded, an optional parameter (`{-$name}`) present or
 * not, a static segment before a parameter where both would match. No page is known here that the tree does
 * not have, and none of the tree's is unknown.
 */
import { PAGE_ROUTES, type PageRouteEntry } from './page-routes.gen.ts';

/** A route's path segment: static text, a parameter, or an optional parameter. */
type Segment = { kind: 'static'; text: string } | { kind: 'param' | 'optional'; name: string };

export interface RouteMatch {
  route: PageRouteEntry;
  /** The parameters in the address, decoded; an optional one left out is absent. */
  params: Record<string, string>;
}

const PARAM = /^\$(\w+)$/;
const OPTIONAL = /^\{-\$(\w+)\}$/;

function segmentsOf(routePath: string): Segment[] {
  return routePath
    .split('/')
    .filter(Boolean)
    .map((text) => {
      const param = PARAM.exec(text);
      if (param) return { kind: 'param', name: param[1]! };
      const optional = OPTIONAL.exec(text);
      if (optional) return { kind: 'optional', name: optional[1]! };
      return { kind: 'static', text };
    });
}

/** Routes in the order they are tried: at each segment, static text before a parameter before an optional one. */
const RANK = { static: 0, param: 1, optional: 2 } as const;
const ROUTES = PAGE_ROUTES.map((route) => ({ route, segments: segmentsOf(route.path) })).sort((a, b) => {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (!x || !y) return x ? 1 : -1;
    if (RANK[x.kind] !== RANK[y.kind]) return RANK[x.kind] - RANK[y.kind];
  }
  return 0;
});

/** The parameters of `parts` matched against `segments`, or undefined. */
function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  const [segment, ...restSegments] = segments;
  if (!segment) return parts.length === 0 ? {} : undefined;
  const [part, ...restParts] = parts;
  if (segment.kind === 'static') {
    return part !== undefined && part.toLowerCase() === segment.text.toLowerCase() ? matchSegments(restSegments, restParts) : undefined;
  }
  if (part !== undefined) {
    const rest = matchSegments(restSegments, restParts);
    if (rest) return { [segment.name]: part, ...rest };
  }
  return segment.kind === 'optional' ? matchSegments(restSegments, parts) : undefined;
}

/** The page of a path (without its query), or undefined when no route of the tree has it. */
export function routeOf(pathname: string): RouteMatch | undefined {
  let parts: string[];
  try {
    parts = pathname
      .split('/')
      .filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (parts.some((s) => s === '')) return undefined;
  for (const { route, segments } of ROUTES) {
    const params = matchSegments(segments, parts);
    if (params) return { route, params };
  }
  return undefined;
}

/** How the SPA links to a matched page: its route's path with the parameters in it, an absent optional one left out. */
export function canonicalPathOf(match: RouteMatch): string {
  const parts = segmentsOf(match.route.path).flatMap((segment) => {
    if (segment.kind === 'static') return [segment.text];
    const value = match.params[segment.name];
    return value === undefined ? [] : [encodeURIComponent(value)];
  });
  return `/${parts.join('/')}`;
}
