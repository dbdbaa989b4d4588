import { messageSchema } from '@mtumba/contract';
import {
  defaultPhoneBodySchema,
  deliveryDetailsJsonSchema,
  deliveryMethodBodySchema,
  deliveryMethodJsonSchema,
  savedAddressBodySchema,
  savedAddressJsonSchema,
} from '@mtumba/contract/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorReplies, idOrNotFound, idParams, signedInUser } from '../../lib/http.js';
import {
  ADDRESS_NOT_FOUND,
  createDeliveryMethod,
  deleteAddress,
  getDeliveryDetails,
  listDeliveryMethods,
  METHOD_NOT_FOUND,
  saveAddress,
  setDefaultPhone,
  updateDeliveryMethod,
} from './service.js';

const errors = errorReplies(401, 403, 404, 422);
const security = bearerAuth;

/** Delivery methods (public list, admin management) and the customer's saved delivery details, under /api. */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/delivery-methods',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The delivery methods a shopper can choose, in the shop’s order',
        response: { 200: z.array(deliveryMethodJsonSchema) },
      },
    },
    async () => listDeliveryMethods(db, { activeOnly: true }),
  );

  app.get(
    '/admin/delivery-methods',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin delivery'],
        security,
        summary: 'Every delivery method, inactive ones too',
        response: { 200: z.array(deliveryMethodJsonSchema), ...errors },
      },
    },
    async () => listDeliveryMethods(db, { activeOnly: false }),
  );

  app.post(
    '/admin/delivery-methods',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin delivery'],
        security,
        summary: 'Add a delivery method',
        body: deliveryMethodBodySchema,
        response: { 201: deliveryMethodJsonSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createDeliveryMethod(db, request.body)),
  );

  app.put(
    '/admin/delivery-methods/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin delivery'],
        security,
        summary: 'Change a delivery method (orders keep the copy they were placed with)',
        params: idParams,
        body: deliveryMethodBodySchema,
        response: { 200: deliveryMethodJsonSchema, ...errors },
      },
    },
    async (request) => updateDeliveryMethod(db, idOrNotFound(request.params.id, METHOD_NOT_FOUND), request.body),
  );

  app.get(
    '/user/delivery-details',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        security,
        summary: 'The customer’s default phone and saved delivery addresses',
        response: { 200: deliveryDetailsJsonSchema, ...errors },
      },
    },
    async (request) => getDeliveryDetails(db, signedInUser(request).id),
  );

  app.put(
    '/user/default-phone',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        security,
        summary: 'Set (or clear with null) the phone the cart fills in',
        body: defaultPhoneBodySchema,
        response: { 200: deliveryDetailsJsonSchema, ...errors },
      },
    },
    async (request) => setDefaultPhone(db, signedInUser(request).id, request.body.default_phone),
  );

  app.post(
    '/user/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        security,
        summary: 'Save a delivery address (the first one is the default)',
        body: savedAddressBodySchema,
        response: { 201: savedAddressJsonSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveAddress(db, signedInUser(request).id, null, request.body)),
  );

  app.put(
    '/user/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        security,
        summary: 'Change a saved address',
        params: idParams,
        body: savedAddressBodySchema,
        response: { 200: savedAddressJsonSchema, ...errors },
      },
    },
    async (request) =>
      saveAddress(db, signedInUser(request).id, idOrNotFound(request.params.id, ADDRESS_NOT_FOUND), request.body),
  );

  app.delete(
    '/user/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        security,
        summary: 'Delete a saved address',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteAddress(db, signedInUser(request).id, idOrNotFound(request.params.id, ADDRESS_NOT_FOUND));
      return { message: 'Address deleted.' };
    },
  );
};

export default deliveryRoutes;
