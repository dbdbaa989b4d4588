import type { Config } from '../config.js';

/**
 * Human-readable logs (pino-pretty) when LOG_PRETTY=1, or by default in development on a
 * terminal; JSON lines otherwise (production, pipes, journald, tests). LOG_PRETTY=0 forces JSON.
 */
export function wantsPrettyLogs(config: Pick<Config, 'env' | 'logPretty'>, isTTY = Boolean(process.stdout.isTTY)) {
  return config.logPretty ?? (config.env === 'development' && isTTY);
}

/** A pino-pretty stream, loaded only when asked for (it is not needed in production). */
export async function prettyStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    // a request on one line: "GET /api/products?page=2 200 12.5 ms"
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      const message = String(log[messageKey] ?? '');
      if (!req) return message;
      const time = typeof log.responseTime === 'number' ? ` ${log.responseTime} ms` : '';
      return `${req.method} ${req.url} ${res?.statusCode ?? ''}${time}${message === 'request completed' ? '' : ` ${message}`}`;
    },
  });
}
