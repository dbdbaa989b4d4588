import { apiErrorSchema } from '@mtumba/contract';
import { confirmBody, initiateBody, initiateReply, stateReply } from '@mtumba/contract/payment';
import { mpesaPromptBodySchema, mpesaPromptReplySchema, paymentViewSchema, PROMPT_SENT } from '@mtumba/contract/mpesa';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { errorReplies, signedInUser } from '../../lib/http.js';
import { startRepeatingJob } from '../../lib/jobs.js';
import { paymentService, paymentLimits, type NotificationResult } from './service.js';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

const webhookReply = z
  .object({ received: z.boolean(), outcome: z.string().optional(), message: z.string(), error: z.string().optional() })
  .loose();

const errors = errorReplies(401, 403, 404, 410, 422);

/** The payments calls under /api: initiate, confirm, and the providers' webhooks. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentService({
    db: app.db,
    config: app.config,
    events: app.events,
    log: app.log,
    limits: paymentLimits(app),
  });

  // docs/product.md: the web app shows `error` (or "Payment initiation failed"); every error reply here
  // carries it next to `message`, whoever produced it (validation, auth, the service).
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && payload && typeof payload === 'object' && !Array.isArray(payload)) {
      const body = payload as Record<string, unknown>;
      if (typeof body.message === 'string' && body.error === undefined) return { error: body.message, ...body };
    }
    return payload;
  });

  app.post(
    '/payments/initiate',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['payments'],
        summary: 'Start paying for one of the customer’s own pending orders: a hosted checkout URL',
        body: initiateBody,
        response: { 201: initiateReply, ...errors, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send(await payments.initiate(user, request.body.order_id));
    },
  );

  app.post(
    '/payments/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'The order’s payment state; asks the provider about a pending payment first (the redirect is never trusted)',
        body: confirmBody,
        response: { 200: stateReply, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return payments.confirmForOrder(user.id, request.body.order_id, request.body.tracking_id);
    },
  );

  app.post(
    '/payments/mpesa',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['payments'],
        summary:
          'Send an M-Pesa prompt (STK push) for one of the customer’s own pending orders to a Kenyan phone; the result arrives by webhook or polling',
        body: mpesaPromptBodySchema,
        response: { 201: mpesaPromptReplySchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const order = await payments.ownedOrder(user.id, request.body.order_id);
      const payment = await payments.initiatePrompt(order, request.body.phone);
      return reply.status(201).send({ message: PROMPT_SENT, payment });
    },
  );

  app.get(
    '/payments/:reference',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'One of the customer’s payments: its state, and for an M-Pesa prompt why it failed',
        params: z.object({ reference: z.string().max(100) }),
        response: { 200: paymentViewSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const found = await payments.paymentView(request.params.reference);
      if (!found || found.ownerId !== user.id) throw new DomainError('not_found', 'Payment not found.');
      return found.view;
    },
  );

  if (app.jobsEnabled) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startRepeatingJob(
        'poll-mpesa-prompts',
        app.config.payments.pollIntervalSeconds * 1000,
        () => payments.pollDuePrompts(),
        app.log,
      );
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  }

  // Webhooks read the raw body: signatures are computed over the exact bytes received.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    const answer = (reply: FastifyReply, result: NotificationResult) => {
      if (result.ok) {
        return reply.status(200).send({ received: true, outcome: result.outcome, message: result.message });
      }
      const { statusCode, message } = result.error;
      return reply.status(statusCode).send({ received: false, error: message, message });
    };

    for (const code of ['sandbox', 'intasend'] as const) {
      hooks.post(
        `/payments/webhooks/${code}`,
        {
          schema: {
            tags: ['payments'],
            summary:
              code === 'sandbox'
                ? 'Sandbox notification, signed: X-Sandbox-Signature = hex HMAC-SHA256 of the raw body'
                : 'IntaSend webhook: challenge checked, then confirmed with the status API',
            response: {
              200: webhookReply,
              400: webhookReply,
              401: webhookReply,
              404: webhookReply,
              502: webhookReply,
              503: webhookReply,
            },
          },
        },
        async (request, reply) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const result = await payments.handleNotification(code, { rawBody, headers: request.headers });
          return answer(reply, result);
        },
      );
    }
  });
};

export default paymentsRoutes;
