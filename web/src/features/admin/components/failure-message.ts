import { ApiError } from '@/lib/api-client';

/** "Save failed: The name has already been taken." — the screen's words, then the server's reason when it gave one. */
export function failureMessage(prefix: string, err: unknown): string {
  if (!(err instanceof ApiError)) return prefix;
  const reason = err.body.message ?? err.body.error;
  return reason ? `${prefix}: ${reason}` : prefix;
}
