import { amountToCents } from '@mtumba/contract';
import {
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  adminDeliveryFailedBodySchema,
  adminReturnAnswerBodySchema,
  adminReturnReceiveBodySchema,
  adminReturnRefundBodySchema,
  adminReturnsListSchema,
  adminReturnsQuerySchema,
  orderReturnsJsonSchema,
  returnReplySchema,
  returnRequestBodySchema,
} from '@mtumba/contract/returns';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { emitAll } from '../../lib/events.js';
import { bearerAuth, errorReplies, idOrNotFound, idParams, signedInUser } from '../../lib/http.js';
import { shopContext } from '../orders/emails.js';
import { ORDER_NOT_FOUND } from '../orders/messages.js';
import {
  addReturnPhotos,
  adminOrderReturns,
  answerReturn,
  customerOrderReturns,
  listReturns,
  receiveReturnItems,
  recordDeliveryFailure,
  refundReturn,
  requestReturn,
} from './service.js';

const errors = errorReplies(401, 403, 404, 409, 413, 422);
const security = bearerAuth;

/** Returns and refused deliveries under /api (docs/product.md, Returns and refused deliveries). */
const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const shop = shopContext(config);
  const settings = config.returns;
  const returnId = (raw: string) => idOrNotFound(raw, RETURN_MESSAGES.notFound);
  const orderId = (raw: string) => idOrNotFound(raw, ORDER_NOT_FOUND);
  const admin = (request: FastifyRequest) => ({
    actor: 'admin' as const,
    userId: signedInUser(request).id,
    ip: request.ip,
  });

  app.get(
    '/orders/:id/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        security,
        summary: 'The returns of one of your orders, and whether (and until when) you may ask for one',
        params: idParams,
        response: { 200: orderReturnsJsonSchema, ...errors },
      },
    },
    async (request) => customerOrderReturns(db, signedInUser(request).id, orderId(request.params.id), settings),
  );

  app.post(
    '/orders/:id/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        security,
        summary: `Ask to return items of a delivered order within the returns window (422 outside it)`,
        params: idParams,
        body: returnRequestBodySchema,
        response: { 201: returnReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await requestReturn(
        db,
        shop,
        settings,
        signedInUser(request),
        orderId(request.params.id),
        request.body,
      );
      return reply.status(201).send({ message: RETURN_MESSAGES.requested, return: result.value });
    },
  );

  app.post(
    '/orders/:id/returns/:returnId/photos',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        security,
        summary: `Add photos to your return request while it waits for the shop (multipart \`photos\`, at most ${RETURN_MAX_PHOTOS} in all)`,
        params: z.object({ id: z.string(), returnId: z.string() }),
        response: { 200: returnReplySchema, ...errors },
      },
    },
    async (request) => {
      const images = await readPhotos(request);
      const value = await addReturnPhotos(
        db,
        settings,
        signedInUser(request),
        orderId(request.params.id),
        returnId(request.params.returnId),
        images,
        config.uploadDir,
      );
      return { message: 'Photos added.', return: value };
    },
  );

  const adminTags = ['admin returns'];

  app.get(
    '/admin/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'The returns queue: open returns (requested or awaiting the items) by default, newest first',
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsListSchema, ...errors },
      },
    },
    async (request) => listReturns(db, request.query.status, settings),
  );

  app.get(
    '/admin/orders/:id/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'An order’s returns',
        params: idParams,
        response: { 200: orderReturnsJsonSchema, ...errors },
      },
    },
    async (request) => adminOrderReturns(db, orderId(request.params.id), settings),
  );

  app.post(
    '/admin/orders/:id/delivery-failed',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'A shipped parcel was refused at the door or could not be delivered: the order is cancelled and its items are expected back',
        params: idParams,
        body: adminDeliveryFailedBodySchema,
        response: { 200: returnReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await recordDeliveryFailure(
        db,
        shop,
        settings,
        admin(request),
        orderId(request.params.id),
        request.body,
      );
      emitAll(app.events, result.events);
      return { message: RETURN_MESSAGES.deliveryFailed, return: result.value };
    },
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/admin/returns/:id/${decision}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: `${decision === 'approve' ? 'Approve' : 'Decline'} a customer's return request, with a note`,
          params: idParams,
          body: adminReturnAnswerBodySchema,
          response: { 200: returnReplySchema, ...errors },
        },
      },
      async (request) => {
        const result = await answerReturn(db, shop, settings, admin(request), returnId(request.params.id), {
          approve: decision === 'approve',
          note: request.body.note,
        });
        return {
          message: decision === 'approve' ? RETURN_MESSAGES.approved : RETURN_MESSAGES.declined,
          return: result.value,
        };
      },
    );
  }

  app.post(
    '/admin/returns/:id/receive',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Receive items of an approved return: each back on sale or written off with a reason, once',
        params: idParams,
        body: adminReturnReceiveBodySchema,
        response: { 200: returnReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await receiveReturnItems(
        db,
        shop,
        settings,
        admin(request),
        returnId(request.params.id),
        request.body.items,
      );
      return { message: RETURN_MESSAGES.received, return: result.value };
    },
  );

  app.post(
    '/admin/returns/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Refund a received return through the order’s refund recording (amount: at most what the return allows; default all of it)',
        params: idParams,
        body: adminReturnRefundBodySchema,
        response: { 200: returnReplySchema, ...errors },
      },
    },
    async (request) => {
      const { amount, method, reference, note } = request.body;
      const result = await refundReturn(db, shop, settings, admin(request), returnId(request.params.id), {
        amountCents: amount === undefined ? undefined : (amountToCents(amount) ?? 0),
        method,
        reference: reference || null,
        note: note || null,
      });
      emitAll(app.events, result.events);
      return { message: RETURN_MESSAGES.refunded, return: result.value };
    },
  );
};

const PHOTO_TOO_LARGE = 'Each photo may be at most 5 MB.';

/** The image files of a multipart `photos` upload, each read whole (a file cut at the size limit is refused). */
async function readPhotos(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) return [];
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new DomainError('too_large', PHOTO_TOO_LARGE);
      if (buffer.length === 0 && !part.filename) continue;
      if (images.length >= RETURN_MAX_PHOTOS) throw new DomainError('invalid', RETURN_MESSAGES.tooManyPhotos);
      images.push(buffer);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('too_large', PHOTO_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw new DomainError('invalid', RETURN_MESSAGES.tooManyPhotos);
    throw new DomainError('bad_request', 'The upload could not be read. Please try again.');
  }
  return images;
}

export default returnsRoutes;
