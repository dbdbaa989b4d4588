import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { fieldWithNul, nulCharacterError } from '../lib/input.js';

/** A synchronous hook: it runs on every request, and an async one costs a promise each time. */
function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (const input of [request.params, request.query, request.body]) {
    // A raw string body (the payment webhooks) is read as bytes and checked by its own signature.
    if (input === null || typeof input !== 'object') continue;
    const field = fieldWithNul(input);
    if (field !== undefined) return done(nulCharacterError(field));
  }
  done();
}

/** Refuses NUL characters in any route's parameters, query or parsed body with a 422. */
export default fp(
  async (app) => {
    app.addHook('preValidation', refuseNulCharacters);
  },
  { name: 'input-guard' },
);
