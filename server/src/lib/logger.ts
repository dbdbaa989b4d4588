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
  return pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
