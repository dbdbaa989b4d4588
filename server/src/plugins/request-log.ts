import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Probes and files: at debug, so production logs (info) carry no line per image or health check.
const QUIET_API = new Set(['/api/health', '/api/ready', '/api/metrics']);

// Pay links carry their signed token in the path: /pay/{token} (the web page) and /api/pay-links/{token}/...;
// claim links theirs: /claim/{token} and /api/account-claims/{token}.
// Whoever reads the log must not be able to open (and pay, or see the buyer of) someone's order.
const PAY_LINK_TOKEN = /^(\/api\/pay-links\/|\/pay\/(?!sandbox\/)|\/api\/account-claims\/|\/claim\/)[^/?#]+/i;

/** A request path with a pay-link token blanked out; every other path unchanged. */
export function redactPathTokens(url: string): string {
  return url.replace(PAY_LINK_TOKEN, '$1[redacted]');
}

/** info for API calls and payment pages; debug for health probes, metrics, web app files, images, sockets. */
export function requestLogLevel(url: string): 'info' | 'debug' {
  const end = url.indexOf('?');
  const pathname = end === -1 ? url : url.slice(0, end);
  if (pathname.startsWith('/api/')) return QUIET_API.has(pathname) ? 'debug' : 'info';
  return pathname.startsWith('/pay/') ? 'info' : 'debug';
}

/**
 * Fastify's request log, one line per request when it completes (no "incoming request" line),
 * at the level `requestLogLevel` gives; errors stay at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const level = requestLogLevel(request.url);
    if (level === 'debug' && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    reply.log[level](
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  }
}
