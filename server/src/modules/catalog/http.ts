import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator of a JSON body: equal bodies give equal tags on every instance. */
export function weakEtag(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a JSON reply with an ETag and `Cache-Control: no-cache` (clients keep it but revalidate),
 * or 304 with no body when the client's `If-None-Match` already names this body.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const etag = weakEtag(json);
  reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Paging metadata in headers, so the body stays a plain array: `X-Total-Count` and a `Link`
 * header (RFC 8288) with first/prev/next/last URLs that keep the request's other query values.
 */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  paging: { page: number; perPage: number; total: number },
): void {
  const lastPage = Math.max(1, Math.ceil(paging.total / paging.perPage));
  const url = new URL(request.url, 'http://localhost');
  const pageUrl = (page: number) => {
    url.searchParams.set('page', String(page));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  const links: string[] = [`<${pageUrl(1)}>; rel="first"`];
  if (paging.page > 1) links.push(`<${pageUrl(Math.min(paging.page - 1, lastPage))}>; rel="prev"`);
  if (paging.page < lastPage) links.push(`<${pageUrl(paging.page + 1)}>; rel="next"`);
  links.push(`<${pageUrl(lastPage)}>; rel="last"`);
  reply.header('X-Total-Count', String(paging.total));
  reply.header('Link', links.join(', '));
}

/** A positive database id from a path segment, or undefined (the caller answers 404). */
export function parseId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
