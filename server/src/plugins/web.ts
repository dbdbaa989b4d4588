import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mtumba</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Mtumba</h1>
<p>The API is running. The web app has not been built yet: run <code>npm run build</code>.</p>
<p><a href="/api/docs">API documentation</a></p></body></html>`;

/**
 * Product images under /uploads (immutable, content-hashed names), the built web app, and the
 * fallback that answers client routes with index.html and unknown /api routes with JSON 404.
 */
export default fp(
  async (app) => {
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
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // Read once; a rebuild of the web app needs a restart, as in any deployment.
    const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : PLACEHOLDER;
    const sendIndex = (reply: FastifyReply) =>
      reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0];
      const isApi = url === '/api' || url.startsWith('/api/');
      const isAsset = url.startsWith('/uploads/') || url.startsWith('/assets/') || url.startsWith('/socket.io/');
      if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
        return sendIndex(reply);
      }
      return reply.status(404).send({ message: isApi ? 'Not found.' : 'File not found.' });
    });
  },
  { name: 'web', dependencies: ['db'] },
);
