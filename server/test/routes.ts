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
