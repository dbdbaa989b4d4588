import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { noteArrival } from '../modules/sources/arrival.js';
import storefront from '../modules/storefront/plugin.js';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mtumba</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Mtumba</h1>
<p>The API is running. The web app has not been built yet: run <code>npm run build</code>.</p>
<p><a href="/api/docs">API documentation</a></p></body></html>`;

/**
 * The upload a `/storage/…` path names, relative to the uploads folder, or undefined when it
 * names none: every segment must be a plain file or folder name, so nothing outside is reachable.
 */
export function uploadFileOf(rest: string): string | undefined {
  // The router has already decoded the path once; decoding again would let %252e through as "."
  const segments = rest.split('/').filter((segment) => segment !== '');
  if (segments[0] === 'uploads') segments.shift();
  if (segments.length === 0) return undefined;
  const plain = segments.every((s) => !s.startsWith('.') && !/[\\\0]/.test(s));
  return plain ? segments.join('/') : undefined;
}

export interface WebOptions {
  /** render the storefront with this server entry instead of the build's (tests) */
  ssrEntry?: string;
}

/**
 * Product images under /uploads and /storage (immutable, content-hashed names), the built web app, and the
 * fallback that answers client routes with index.html and unknown /api routes with JSON 404.
 */
export default fp<WebOptions>(
  async (app, options) => {
    const { uploadDir, webDistDir } = app.config;
    fs.mkdirSync(uploadDir, { recursive: true });

    await app.register(fastifyStatic, {
      root: uploadDir,
      prefix: '/uploads/',
      index: false,
      list: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
    });

    // Laravel's public-disk address: clients that show `/storage/{image_url}` ask for
    // /storage//uploads/x.webp; /storage/uploads/x.webp and /storage/x.webp name the same file.
    app.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
      const file = uploadFileOf((request.params as { '*': string })['*']);
      if (!file) return reply.status(404).send({ message: 'File not found.' });
      return reply.sendFile(file);
    });

    const indexFile = path.join(webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        wildcard: true,
        cacheControl: false,
        // dist/server is the server rendering's code (modules/storefront), not for browsers
        allowedPath: (pathName) => !pathName.startsWith('/server/'),
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // Read once; a rebuild of the web app needs a restart, as in any deployment.
    const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : PLACEHOLDER;
    // Storefront pages are rendered on the server; other screens get index.html (the app shell).
    await app.register(storefront, { shell: indexHtml, entryFile: options.ssrEntry });

    // A page of the shop: where a new shopper came from is noted first (modules/sources).
    const shop = {
      host: new URL(app.config.appUrl).hostname.toLowerCase(),
      secure: app.config.appUrl.startsWith('https:'),
    };
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      await noteArrival(app.db, request, reply, shop);
      return app.sendWebPage(request, reply);
    };

    // The pages the server draws have routes of their own, by the web app's route patterns
    // (web/src/app/router.tsx), so metrics and logs name them by pattern. Every other path of the
    // web app (client-drawn screens, the not-found page) is answered by the fallback below.
    for (const url of [
      '/',
      '/products',
      '/products/category/:categoryId',
      '/products/:id',
      '/offers',
      '/terms',
      '/contact',
    ]) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => page(request, reply));
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0];
      const isApi = url === '/api' || url.startsWith('/api/');
      const isAsset = ['/uploads/', '/storage/', '/assets/', '/socket.io/', '/app/'].some((prefix) =>
        url.startsWith(prefix),
      );
      if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
        // counted as one route (the web app's catch-all), never by URL: ids stay out of the labels
        request.metricsRoute = '/*';
        return page(request, reply);
      }
      return reply.status(404).send({ message: isApi ? 'Not found.' : 'File not found.' });
    });
  },
  { name: 'web', dependencies: ['db', 'catalogue-cache', 'metrics'] },
);
