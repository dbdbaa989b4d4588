import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '@mtumba/contract';
import {
  categoryInputSchema,
  categorySchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productSchema,
  productSummarySchema,
  stockMovementListSchema,
} from '@mtumba/contract/product';
import { z } from 'zod';

import { invalidField } from '../../lib/errors.js';
import { errorReplies, idOrNotFound, idParams, setPagingHeaders, signedInUser } from '../../lib/http.js';
import type { PublishOptions } from './publishing.js';
import { recordSecurityEvent, type SecurityEventKind } from '../security-log/service.js';
import { adminProductListQuerySchema } from '@mtumba/contract/listing';
import { DomainError } from '../../lib/errors.js';
import { readProductSubmission } from './product-form.js';
import { CATEGORY_NOT_FOUND, PRODUCT_NOT_FOUND, catalogService } from './service.js';

const productList = z.array(productSchema);
const errors = errorReplies(401, 403, 404, 422);
const listHeaders = 'Paging: `X-Total-Count` and `Link` (rel first/prev/next/last). ETag / If-None-Match → 304.';

const productFormDescription = [
  'multipart/form-data (or JSON without images): name, description, price (Ksh, up to 2 decimals),',
  'stock_quantity, categories[] (repeated ids), images[] (0-4 image files, 5 MB each), size, brand,',
  'condition, color, is_featured, is_trending, negotiable (takes price offers).',
].join(' ');

/** The catalogue calls of docs/product.md section 7, under /api; `publish` comes from the app's assembly. */
const catalogRoutes: FastifyPluginAsyncZod<{ publish: PublishOptions }> = async (app, options) => {
  const catalog = catalogService(app.db, {
    uploadDir: app.config.uploadDir,
    publish: options.publish,
    events: app.events,
    stockEditWindowHours: app.config.stock.editWindowHours,
  });
  // An admin product reply names its stock version as its ETag, for If-Match on the next edit.
  const withStockTag = (reply: FastifyReply, product: { stock_version?: string }) => {
    if (product.stock_version) reply.header('ETag', `"${product.stock_version}"`);
    return reply.header('Cache-Control', 'no-store');
  };
  const ifMatchOf = (request: FastifyRequest) => {
    const header = request.headers['if-match'];
    return { ifMatch: Array.isArray(header) ? header.join(',') : header };
  };
  const requireProductId = (raw: string) => idOrNotFound(raw, PRODUCT_NOT_FOUND);
  // Admin catalogue changes go to the acting admin's security log.
  const logProductChange = (request: FastifyRequest, kind: SecurityEventKind, product: { id: number; name?: string }) =>
    recordSecurityEvent(app.db, {
      userId: request.user?.id ?? null,
      actorId: request.user?.id ?? null,
      kind,
      detail: { product_id: product.id, ...(product.name ? { product_name: product.name } : {}) },
      ip: request.ip,
    });
  const requireCategoryId = (raw: string) => idOrNotFound(raw, CATEGORY_NOT_FOUND);
  // Public replies, the same for everyone: kept by URL and catalogue version (docs/performance.md).
  const shownStock = (list: readonly { id: number; stock_quantity: number }[]): [number, number][] =>
    list.map((p) => [p.id, p.stock_quantity]);
  /**
   * A page of a list neither filtered nor ranked by stock (no `in_stock`, no `featured`): a sale of
   * a product it does not show changes neither its products nor its total, so only the shown
   * products' stock can change it. Lists filtered by stock count differently after any sale.
   */
  const listShown = (
    query: { in_stock?: unknown; featured?: unknown },
    list: readonly { id: number; stock_quantity: number }[],
  ) => (query.in_stock || query.featured ? null : shownStock(list));
  const cache = app.catalogueCache;
  const cached = cache.serve;
  const paging = { headers: ['X-Total-Count', 'Link'] };

  app.get(
    '/admin/products/:id/stock-movements',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: "A product's latest stock movements (admin): reservations, releases, adjustments",
        params: idParams,
        response: { 200: stockMovementListSchema, ...errors },
      },
    },
    async (request) => ({ data: await catalog.stockMovements(requireProductId(request.params.id)) }),
  );

  app.get(
    '/admin/products/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'One product as the admin edits it (drafts and scheduled ones too), with its stock version',
        description:
          'The ETag (also `stock_version`) names the stock version: send it back as `If-Match` with a stock edit.',
        params: idParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await catalog.getProductForAdmin(requireProductId(request.params.id));
      return withStockTag(reply, product).send(product);
    },
  );

  // Categories

  app.get(
    '/categories',
    {
      onRequest: cached,
      schema: { tags: ['catalog'], summary: 'All categories, by name', response: { 200: z.array(categorySchema) } },
    },
    async (request, reply) => cache.send(request, reply, await catalog.listCategories()),
  );

  app.post(
    '/categories',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Create a category (admin)',
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await catalog.createCategory(request.body.name)),
  );

  app.put(
    '/categories/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Rename a category (admin)',
        params: idParams,
        body: categoryInputSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => catalog.renameCategory(requireCategoryId(request.params.id), request.body.name),
  );

  app.delete(
    '/categories/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a category (admin); its products stay',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await catalog.deleteCategory(requireCategoryId(request.params.id));
      return { message: 'Category deleted.' };
    },
  );

  app.get(
    '/categories/:id/products',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary: 'Products of a category',
        description: listHeaders,
        params: idParams,
        querystring: productListQuerySchema,
        response: { 200: productList, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await catalog.listCategoryProducts(requireCategoryId(request.params.id), request.query);
      setPagingHeaders(request, reply, page);
      return cache.send(request, reply, page.products, { ...paging, shown: listShown(request.query, page.products) });
    },
  );

  // Products

  app.get(
    '/products',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary: 'Products, paged, filtered and sorted',
        description: listHeaders,
        querystring: productListQuerySchema,
        response: { 200: productList, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await catalog.listProducts(request.query);
      setPagingHeaders(request, reply, page);
      return cache.send(request, reply, page.products, { ...paging, shown: listShown(request.query, page.products) });
    },
  );

  app.get(
    '/products/facets',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary:
          'Filter chips (sizes, conditions, colours, price bands in stock) and "did you mean" for a category and/or search',
        querystring: productFacetsQuerySchema,
        response: { 200: productFacetsSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => cache.send(request, reply, await catalog.facets(request.query)),
  );

  app.get(
    '/products/search',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary: 'Search suggestions (at most 10; fewer than 2 characters gives [])',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: z.array(productSummarySchema) },
      },
    },
    async (request, reply) => {
      const found = await catalog.search(typeof request.query.q === 'string' ? request.query.q : '');
      // In stock first: a sale of a product not shown moves it further down, never into the list.
      return cache.send(request, reply, found, { etag: false, shown: shownStock(found) });
    },
  );

  app.get(
    '/products/trending',
    {
      // ranked by demand: kept by the demand version as well as the catalogue's
      onRequest: cache.serveWithDemand,
      schema: {
        tags: ['catalog'],
        summary: 'Up to 10 products in demand over the last 30 days',
        response: { 200: productList },
      },
    },
    async (request, reply) => cache.send(request, reply, await catalog.trending()),
  );

  app.get(
    '/products/:id',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary: 'One product',
        params: idParams,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = requireProductId(request.params.id);
      try {
        const product = await catalog.getProduct(id);
        // It shows no other product: one going on sale elsewhere leaves it as it is (migration 0190).
        return cache.send(request, reply, product, { shown: shownStock([product]), arrivalsIn: [] });
      } catch (err) {
        // A draft or scheduled product is 404 to everyone but admins, who get it uncached.
        if (!(err instanceof DomainError) || err.kind !== 'not_found') throw err;
        await app.identify(request, reply, () => undefined);
        if (!request.user?.is_admin) throw err;
        const product = await catalog.getProductForAdmin(id);
        return withStockTag(reply, product).send(product);
      }
    },
  );

  app.get(
    '/admin/products',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: "The admin's product table: drafts, scheduled and published items (status filter), newest first",
        description: 'Paging: `X-Total-Count` and `Link`. Each product carries `status` and `publish_at`.',
        querystring: adminProductListQuerySchema,
        response: { 200: productList, ...errors },
      },
    },
    async (request, reply) => {
      const { status, ...query } = request.query;
      const page = await catalog.listAdminProducts(query, status ?? 'all');
      setPagingHeaders(request, reply, page);
      return reply.header('Cache-Control', 'no-store').send(page.products);
    },
  );

  app.get(
    '/products/:id/related',
    {
      onRequest: cached,
      schema: {
        tags: ['catalog'],
        summary: 'Up to 4 other products sharing a category, in stock first',
        params: idParams,
        response: { 200: productList, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const related = await catalog.related(requireProductId(request.params.id));
      // Only these products' stock can change the list without raising the catalogue version
      // (migration 0170): an unshown one in stock is newer than none of them, a sold one stays out.
      return cache.send(request, reply, related, { shown: shownStock(related) });
    },
  );

  app.post(
    '/products',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Create a product (admin)',
        description: productFormDescription,
        response: {
          201: productSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const submission = await readProductSubmission(request);
      const product = await catalog.createProduct(submission, { userId: signedInUser(request).id });
      await logProductChange(request, 'admin_product_created', product);
      // the reply is the product as shoppers see it; its stock version goes in the ETag only
      return withStockTag(reply, { stock_version: await catalog.stockVersion(product.id) })
        .code(201)
        .send(product);
    },
  );

  const updateSchema = {
    tags: ['catalog'],
    summary: 'Update a product (admin): new images replace the old set, none keeps it',
    description: [
      `${productFormDescription} POST takes the method-override field _method=PUT.`,
      'A stock change moves the stock from what the edit loaded: `If-Match` with the stock version (ETag of an',
      'admin product reply) or `expected_stock`; with neither, it is refused (409) when orders or offers moved the',
      'stock within the edit window. 409 "Stock changed while you were editing: now N" saves nothing.',
    ].join(' '),
    params: idParams,
    response: { 200: productSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema },
  };

  app.post('/products/:id', { onRequest: app.requireAdmin, schema: updateSchema }, async (request, reply) => {
    const id = requireProductId(request.params.id);
    const submission = await readProductSubmission(request);
    const method = submission.fields._method;
    if (method !== undefined && !['PUT', 'PATCH'].includes(String(method).toUpperCase())) {
      throw invalidField('_method', 'The _method field must be PUT.');
    }
    const product = await catalog.updateProduct(
      id,
      submission,
      { userId: signedInUser(request).id },
      ifMatchOf(request),
    );
    await logProductChange(request, 'admin_product_updated', product);
    return withStockTag(reply, product).send(product);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/products/:id',
      onRequest: app.requireAdmin,
      schema: updateSchema,
      handler: async (request, reply) => {
        const id = requireProductId(request.params.id);
        const product = await catalog.updateProduct(
          id,
          await readProductSubmission(request),
          { userId: signedInUser(request).id },
          ifMatchOf(request),
        );
        await logProductChange(request, 'admin_product_updated', product);
        return withStockTag(reply, product).send(product);
      },
    });
  }

  app.delete(
    '/products/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product (admin): it leaves the shop, carts and wishlists; orders keep it',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const id = requireProductId(request.params.id);
      await catalog.deleteProduct(id);
      await logProductChange(request, 'admin_product_deleted', { id });
      return { message: 'Product deleted.' };
    },
  );
};

export default catalogRoutes;
