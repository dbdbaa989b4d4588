/**
 * When the poller asks the provider about a prompt whose answer has not arrived: 10 s, 20 s and
 * 40 s after it was sent, then every minute (docs/architecture.md section 6).
 */
export const PROMPT_POLL_OFFSETS_SECONDS = [10, 20, 40] as const;
export const PROMPT_POLL_EVERY_SECONDS = 60;
/** Polling goes on this long after the order's hold ended: a late answer still counts. */
export const PROMPT_POLL_GRACE_SECONDS = 120;

export function promptPollAt(sentAt: string, pollsDone: number): string {
  const offsets: readonly number[] = PROMPT_POLL_OFFSETS_SECONDS;
  const last = offsets[offsets.length - 1];
  const seconds =
    pollsDone < offsets.length
      ? offsets[pollsDone]
      : last + (pollsDone - offsets.length + 1) * PROMPT_POLL_EVERY_SECONDS;
  return new Date(Date.parse(sentAt) + seconds * 1000).toISOString();
}
