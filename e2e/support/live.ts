import type { Page } from '@playwright/test';

/**
 * Resolves once the page's Socket.IO connection is accepted (the server's CONNECT packet, "40…",
 * has arrived: by then the server has put the socket in the user's rooms). Call it BEFORE the
 * navigation that opens the connection; an event sent before this point could be missed.
 */
export function liveConnection(page: Page, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the page did not open its live-updates connection (Socket.IO over WebSocket)')),
      timeoutMs,
    );
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
