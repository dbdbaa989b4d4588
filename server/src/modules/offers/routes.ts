import {
  adminOfferAnswerBodySchema,
  adminOffersListSchema,
  adminOffersQuerySchema,
  adminPriceOfferReplySchema,
  offerPriceBodySchema,
  priceOfferJsonSchema,
  priceOfferReplySchema,
  OFFER_MESSAGES,
  offerRulesSchema,
} from '@mtumba/contract/price-offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emitAll } from '../../lib/events.js';
import { invalidField } from '../../lib/errors.js';
import { bearerAuth, errorReplies, idOrNotFound, idParams, setPagingHeaders, signedInUser } from '../../lib/http.js';
import { startRepeatingJob } from '../../lib/jobs.js';

const errors = errorReplies(401, 403, 404, 409, 422, 429);
const security = bearerAuth;

/** Price offers under /api (docs/product.md, Make an offer): the customer's calls, the shop's, and the hold sweeper. */
const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // built by the accept-offer flow: a hold also counts unpaid orders and fills the cart
  const offers = app.orderFlows.offers;
  const offerId = (raw: string) => idOrNotFound(raw, OFFER_MESSAGES.notFound);

  app.get(
    '/offer-rules',
    {
      schema: {
        tags: ['offers'],
        summary: 'How the shop takes offers: whether every item is negotiable, the floor and auto-accept shares',
        response: { 200: offerRulesSchema },
      },
    },
    async () => ({
      all_items: config.offers.allItems,
      floor_percent: config.offers.floorPercent,
      auto_accept_percent: config.offers.autoAcceptPercent,
      hold_hours: config.offers.holdHours,
      max_rounds: config.offers.maxRounds,
    }),
  );

  app.post(
    '/products/:id/offers',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['offers'],
        security,
        summary:
          'Offer a price on a negotiable item: 201 accepted (held, in the cart), declined (below the floor) or open for the shop',
        params: idParams,
        body: offerPriceBodySchema,
        response: { 201: priceOfferReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const productId = idOrNotFound(request.params.id, 'Product not found.');
      const result = await offers.makeOffer(signedInUser(request), productId, request.body.price);
      emitAll(app.events, result.events);
      return reply.status(201).send({ message: result.message, offer: result.value });
    },
  );

  app.get(
    '/offers/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['offers'],
        security,
        summary: 'The signed-in customer’s price offers with their state, newest first',
        response: { 200: z.array(priceOfferJsonSchema), ...errors },
      },
    },
    async (request) => offers.listMine(signedInUser(request).id),
  );

  const customerAnswer = (action: 'accept' | 'decline' | 'counter', summary: string) =>
    app.post(
      `/offers/:id/${action}`,
      {
        onRequest: app.requireVerified,
        schema: {
          tags: ['offers'],
          security,
          summary,
          params: idParams,
          ...(action === 'counter' ? { body: offerPriceBodySchema } : {}),
          response: { 200: priceOfferReplySchema, ...errors },
        },
      },
      async (request) => {
        const customer = signedInUser(request);
        const id = offerId(request.params.id);
        let result;
        if (action === 'accept') result = await offers.customerAccept(customer, id);
        else if (action === 'decline') result = await offers.customerDecline(customer, id);
        // validated and turned into cents by the route's body schema
        else result = await offers.customerCounter(customer, id, (request.body as { price: number }).price);
        emitAll(app.events, result.events);
        return { message: result.message, offer: result.value };
      },
    );
  customerAnswer(
    'accept',
    'Accept the shop’s counter-offer: the item is held for you at that price and put in your cart',
  );
  customerAnswer('decline', 'Decline the shop’s counter-offer, or withdraw an offer still waiting for the shop');
  customerAnswer('counter', 'Answer the shop’s counter-offer with your own price (within the rounds)');

  app.get(
    '/admin/offers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin offers'],
        security,
        summary: 'Price offers: waiting for the shop by default (status=all for every one); paged, newest first',
        querystring: adminOffersQuerySchema,
        response: { 200: adminOffersListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { status, page, per_page } = request.query;
      const list = await offers.adminList({ status, page, perPage: per_page });
      setPagingHeaders(request, reply, { total: list.total, page, perPage: per_page });
      return list;
    },
  );

  for (const action of ['accept', 'decline', 'counter'] as const) {
    app.post(
      `/admin/offers/:id/${action}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin offers'],
          security,
          summary:
            action === 'accept'
              ? 'Accept the customer’s price: the item is held for them and put in their cart'
              : action === 'decline'
                ? 'Decline the offer, with an optional note to the customer'
                : 'Counter with a price between the customer’s and the item’s (price, optional note)',
          params: idParams,
          body: adminOfferAnswerBodySchema.optional(),
          response: { 200: adminPriceOfferReplySchema, ...errors },
        },
      },
      async (request) => {
        const admin = signedInUser(request);
        const id = offerId(request.params.id);
        const body = request.body ?? {};
        let result;
        if (action === 'accept') result = await offers.adminAccept(admin, id);
        else if (action === 'decline') result = await offers.adminDecline(admin, id, body.note ?? null);
        else {
          if (body.price === undefined) throw invalidField('price', 'Enter the counter price in Ksh.');
          result = await offers.adminCounter(admin, id, body.price, body.note ?? null);
        }
        emitAll(app.events, result.events);
        return { message: result.message, offer: result.value };
      },
    );
  }

  if (app.jobsEnabled) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startRepeatingJob(
        'expire-offer-holds',
        config.orders.sweepIntervalSeconds * 1000,
        async () => emitAll(app.events, (await offers.expireHolds()).events),
        app.log,
      );
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  }
};

export default offersRoutes;
