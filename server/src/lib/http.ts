import { createHash } from 'node:crypto';
import { apiErrorSchema } from '@mtumba/contract';
import { MAX_DB_ID } from '@mtumba/contract/order';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from './auth-user.js';
import { notFound, unauthenticated } from './errors.js';

/** HTTP helpers the route modules share; services never import this. */

/**
 * The error replies a route declares, each with the API's error shape:
 * `response: { 200: itemSchema, ...errorReplies(401, 404, 422) }`.
 */
export function errorReplies<Code extends number>(...codes: Code[]): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<Code, typeof apiErrorSchema>;
}

/** The OpenAPI security of a route that needs a bearer token. */
export const bearerAuth = [{ bearer: [] }];

/** Path parameters of a route addressing one row by id; read with `idOrNotFound`. */
export const idParams = z.object({ id: z.string() });

/** A positive database id from a path segment, or undefined (the caller answers 404). */
export function parseId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_DB_ID ? id : undefined;
}

/** A path id, or a 404 with the route's own message: text that is not an id names nothing. */
export function idOrNotFound(raw: string, message: string): number {
  const id = parseId(raw);
  if (id === undefined) throw notFound(message);
  return id;
}

/** The user the route's auth hook signed in (401 if a route forgot the hook). */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** A weak validator of a JSON body: equal bodies give equal tags on every instance. */
export function weakEtag(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names the tag (weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
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
 * header (RFC 8288) with first/prev/next/last URLs. The URLs keep the request's other query
 * values, or carry `query` instead when the route gives its normalised parameters.
 */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  paging: { page: number; perPage: number; total: number },
  query?: Record<string, string>,
): void {
  const lastPage = Math.max(1, Math.ceil(paging.total / paging.perPage));
  const url = new URL(request.url, 'http://localhost');
  const params = query ? new URLSearchParams(query) : url.searchParams;
  const pageUrl = (page: number) => {
    params.set('page', String(page));
    return `${url.pathname}?${params.toString()}`;
  };
  const links: string[] = [`<${pageUrl(1)}>; rel="first"`];
  if (paging.page > 1) links.push(`<${pageUrl(Math.min(paging.page - 1, lastPage))}>; rel="prev"`);
  if (paging.page < lastPage) links.push(`<${pageUrl(paging.page + 1)}>; rel="next"`);
  links.push(`<${pageUrl(lastPage)}>; rel="last"`);
  reply.header('X-Total-Count', String(paging.total));
  reply.header('Link', links.join(', '));
}

/** Which stored body to send for an Accept-Encoding header: brotli, gzip, or none (q=0 refuses one). */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gz = true;
    else if (name === '*') {
      br = true;
      gz = true;
    }
  }
  return br ? 'br' : gz ? 'gzip' : null;
}
