import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  /** OpenAPI form: /api/products/{id} */
  path: string;
  /** `METHOD /api/path/{param}` */
  key: string;
  params: string[];
  query: string[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
}

/** Every route under /api, read from the app's own OpenAPI document (deletions last). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The OpenAPI viewer's own pages and files: not the shop's routes, left out of the fuzzing. */
export const DOCS_VIEWER = /^\/api\/docs(\/|$)/;

/** A registered URL in OpenAPI form: `:id` → `{id}`, a trailing wildcard `*` → `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

/** `METHOD path` of every route the app registered (HEAD, OPTIONS and the docs viewer left out). */
export function registeredRouteKeys(app: FastifyInstance): string[] {
  return [
    ...new Set(
      app.registeredRoutes
        .map((r) => ({ method: r.method, path: openApiPath(r.url) }))
        .filter((r) => !DOCS_VIEWER.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

/**
 * Every route the app registered, as ApiRoutes: the documented /api routes (with their query
 * names) and every other one, hidden from the document or outside /api (pages, the sandbox
 * payment pages, the Echo authorisation alias). Deletions last.
 */
export function allRoutes(app: FastifyInstance): ApiRoute[] {
  const documented = apiRoutes(app);
  const known = new Set(documented.map((r) => r.key));
  const others: ApiRoute[] = [];
  for (const key of registeredRouteKeys(app)) {
    if (known.has(key)) continue;
    known.add(key);
    const [method, path] = key.split(' ') as [string, string];
    others.push({ method, path, key, params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!), query: [] });
  }
  return [...documented, ...others].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}
