import { MAX_DB_ID } from '@mtumba/contract/order';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError, unauthenticated } from '../../lib/errors.js';
import { ORDER_NOT_FOUND } from './stock.js';

export const orderParams = z.object({ id: z.string() });

/** A route's order id; anything that is not one cannot name an order, so it is simply not found. */
export function orderIdOf(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_DB_ID) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return id;
}

export function signedIn(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  return request.user;
}
