import fp from 'fastify-plugin';
import type { OffersService } from '../modules/offers/service.js';
import { acceptingOffers } from './accept-offer.js';
import { placeOrder } from './place-order.js';
import { recordPayment } from './record-payment.js';

/**
 * The use cases that span modules (server/src/flows), handed to the route files as
 * `app.orderFlows`: modules never import a flow, so a module's routes reach one through the app.
 */
export interface OrderFlows {
  placeOrder: typeof placeOrder;
  recordPayment: typeof recordPayment;
  /** the offers service, its holds wired to orders and the cart */
  offers: OffersService;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderFlows: OrderFlows;
  }
}

export default fp(
  async (app) => {
    app.decorate('orderFlows', {
      placeOrder,
      recordPayment,
      offers: acceptingOffers(app.db, app.config),
    });
  },
  { name: 'order-flows' },
);
