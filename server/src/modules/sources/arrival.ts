import { shopDay } from '@mtumba/contract/insights';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/database.js';
import { sourceVisitsRepository } from './repository.js';
import { arrivalSource, keptSource, SOURCE_COOKIE, SOURCE_COOKIE_DAYS } from './source.js';

/**
 * On a page of the shop: a shopper who arrives from a known source and has none kept yet gets it
 * in a cookie (the first source wins for 30 days), and the arrival is counted for the day.
 * Counting never stands in the page's way: a failure is logged and the page is sent.
 */
export async function noteArrival(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  shop: { host: string; secure: boolean },
): Promise<void> {
  if (keptSource(request.headers.cookie)) return;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const referer = typeof request.headers.referer === 'string' ? request.headers.referer : undefined;
  const source = arrivalSource(query, referer, shop.host);
  if (!source) return;
  const attributes = [
    `${SOURCE_COOKIE}=${encodeURIComponent(source)}`,
    'Path=/',
    `Max-Age=${SOURCE_COOKIE_DAYS * 24 * 60 * 60}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(shop.secure ? ['Secure'] : []),
  ];
  reply.header('Set-Cookie', attributes.join('; '));
  try {
    await sourceVisitsRepository(db).count(shopDay(new Date()), source);
  } catch (err) {
    request.log.warn({ err, source }, 'could not count an arrival');
  }
}
