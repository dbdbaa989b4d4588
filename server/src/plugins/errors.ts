import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type FieldErrors } from '../lib/errors.js';
import { localiseErrorBody } from '../lib/i18n/index.js';
import { requestLanguage } from '../lib/language.js';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** `/items/0/quantity` → `items.0.quantity`, Laravel's way of naming nested fields. */
function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  return context === 'body' ? 'body' : (context ?? 'input');
}

function valueAt(input: unknown, instancePath: string | undefined): unknown {
  let value = input;
  for (const key of (instancePath ?? '').split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function humanMessage(issue: ValidationIssue, field: string, input: unknown): string {
  const raw = issue.message ?? 'is invalid';
  const label = field.split('.').pop()?.replace(/_/g, ' ') ?? field;
  const missing =
    issue.keyword === 'invalid_type' && (input === undefined || valueAt(input, issue.instancePath) === undefined);
  if (missing || /received undefined$/i.test(raw) || issue.keyword === 'required')
    return `The ${label} field is required.`;
  if (raw.startsWith('Invalid input: expected')) return `The ${label} field is invalid.`;
  return raw;
}

/** Validation errors as `{ message, errors: { field: [messages] } }` (status 422). */
export function validationBody(
  issues: ValidationIssue[],
  context?: string,
  input?: unknown,
): { message: string; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldName(issue, context);
    (errors[field] ??= []).push(humanMessage(issue, field, input));
  }
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return {
    message: more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first,
    errors,
  };
}

function handleError(app: FastifyInstance, error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    return reply.status(error.statusCode).send({
      ...error.extra,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }
  const fe = error as FastifyError & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(fe) || (fe.validation && fe.validation.length > 0)) {
    const context = fe.validationContext;
    const input =
      context === 'body'
        ? request.body
        : context === 'querystring'
          ? request.query
          : context === 'params'
            ? request.params
            : undefined;
    return reply.status(422).send(validationBody(fe.validation as ValidationIssue[], context, input));
  }
  const status = fe.statusCode ?? 500;
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
    return reply.status(400).send({ message: 'The request body is not valid JSON.' });
  }
  if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.status(413).send({ message: 'The request is too large.' });
  }
  if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({ message: 'Unsupported content type.' });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: fe.message || 'The request could not be handled.' });
  }
  request.log.error({ err: error }, 'unexpected error');
  app.log.debug({ url: request.url }, 'answered 500');
  return reply.status(500).send({ message: GENERIC_ERROR_MESSAGE });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => handleError(app, error, request, reply));
    // Every error reply, from this handler or a route's own, in the shopper's language
    // (docs/architecture.md, "i18n on the server"): English stays exactly as the contract words it.
    // The admin stays English, whatever the browser's language cookie.
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode < 400) return payload;
      const language = request.user?.is_admin ? 'en' : requestLanguage(request);
      return language === 'en' ? payload : localiseErrorBody(language, payload);
    });
  },
  { name: 'errors' },
);
