import { gunzipSync, gzipSync } from 'node:zlib';
import { LIMITS } from '@mtumba/contract/constants';
import { productListQuerySchema } from '@mtumba/contract/product';
import fp from 'fastify-plugin';
import { catalogService } from '../catalog/service.js';
import { feedDocument, feedItem } from './product-feed.js';

/** The most items one feed lists (Google reads far more; this bounds the work of one rebuild). */
const FEED_MAX_ITEMS = 50_000;

/**
 * `GET /feeds/products.xml`: every item on sale now, for Google Merchant Center and Meta's
 * catalogues (see product-feed.ts). Built once per catalogue version, by one request while any
 * others arriving meanwhile wait for it, and kept gzipped: a feed of 50,000 items is tens of
 * megabytes as text and a tenth of that compressed. Feed readers all accept gzip; the rare
 * client that does not gets it unpacked.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const catalog = catalogService(app.db, { uploadDir: config.uploadDir });
    const shop = { name: config.shopName, url: config.appUrl };
    let kept: { version: number; gzipped: Buffer } | null = null;
    let building: { version: number; done: Promise<Buffer> } | null = null;

    const build = async (): Promise<Buffer> => {
      const items: string[] = [];
      for (let page = 1; items.length < FEED_MAX_ITEMS; page += 1) {
        const query = productListQuerySchema.parse({
          page: String(page),
          per_page: String(LIMITS.maxPerPage),
          sort: 'newest',
          in_stock: 'true',
        });
        const { products } = await catalog.listProducts(query);
        for (const product of products) items.push(feedItem(shop, product));
        if (products.length < LIMITS.maxPerPage) break;
      }
      return gzipSync(feedDocument(shop, items.slice(0, FEED_MAX_ITEMS)));
    };

    const feedOf = async (version: number): Promise<Buffer> => {
      if (kept?.version === version) return kept.gzipped;
      if (building?.version !== version) {
        const done = build().then((gzipped) => {
          if (!kept || kept.version <= version) kept = { version, gzipped };
          return gzipped;
        });
        building = { version, done };
        const clear = () => {
          if (building?.done === done) building = null;
        };
        done.then(clear, clear);
      }
      return building.done;
    };

    app.get('/feeds/products.xml', { schema: { hide: true } }, async (request, reply) => {
      const gzipped = await feedOf(await app.catalogueCache.readVersion());
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('application/xml; charset=utf-8');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('Content-Encoding', 'gzip').send(gzipped);
      }
      return reply.send(gunzipSync(gzipped));
    });
  },
  { name: 'product-feeds', dependencies: ['db', 'catalogue-cache'] },
);
