import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@mtumba/contract/socket-events';
import { SOCKET_URL } from '@/config/env';

/**
 * The one Socket.IO connection of the signed-in user (docs/architecture.md section 8). The client library is
 * loaded only once someone signs in, so visitors never download it.
 *
 * Screens listen with `useSocketEvent`; listeners live here, not on the socket, so they survive a
 * sign-out, a sign-in as someone else and every reconnection.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketEventName = keyof ServerToClientEvents;
export type SocketPayload<E extends SocketEventName> = Parameters<ServerToClientEvents[E]>[0];

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
const reconnectListeners = new Set<() => void>();
let socket: AppSocket | null = null;
let activeToken: string | null = null;
// Bumped on every connect/disconnect so a slow library import cannot revive an old session.
let generation = 0;

function dispatch(event: string, payload: unknown): void {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(payload);
    } catch (err) {
      console.error(`socket listener for ${event} failed`, err);
    }
  }
}

function retryNow(): void {
  if (socket && !socket.connected) socket.connect();
}

/** Opens the connection for this bearer token (a no-op when it is already open for it). */
export async function connectSocket(token: string): Promise<void> {
  if (activeToken === token) return;
  disconnectSocket();
  activeToken = token;
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return;

  const options = {
    path: '/socket.io',
    auth: { token },
    // WebSocket first needs no sticky sessions behind a load balancer; polling stays as the fallback.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const created: AppSocket = SOCKET_URL ? io(SOCKET_URL, options) : io(options);
  let connectedBefore = false;
  created.onAny((event: string, payload: unknown) => dispatch(event, payload));
  created.on('connect', () => {
    // Events sent while we were away are lost: let screens refetch after a reconnection.
    if (connectedBefore) for (const listener of reconnectListeners) listener();
    connectedBefore = true;
  });
  socket = created;
  // The library retries by itself with back-off; coming back online should not wait for it.
  window.addEventListener('online', retryNow);
}

/** Closes the connection (sign-out). */
export function disconnectSocket(): void {
  generation += 1;
  activeToken = null;
  window.removeEventListener('online', retryNow);
  if (socket) {
    socket.offAny();
    socket.disconnect();
    socket = null;
  }
}

/** The live socket, if one is open (for diagnostics and tests; screens use `useSocketEvent`). */
export function currentSocket(): AppSocket | null {
  return socket;
}

/**
 * Keeps the connection in step with the signed-in state: pass the bearer token, or null when signed
 * out. Mount it once (the LiveUpdates component does).
 */
export function useSocketConnection(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    void connectSocket(token);
    return disconnectSocket;
  }, [token]);
}

/**
 * Runs `handler` for every `name` event the server pushes to the signed-in user (admins also get
 * the admin room's events). The latest handler is always used; no re-subscription on re-render.
 *
 *   useSocketEvent('order.status.updated', ({ id, status }) => ...)
 */
export function useSocketEvent<E extends SocketEventName>(name: E, handler: (payload: SocketPayload<E>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Listener = (payload) => latest.current(payload as SocketPayload<E>);
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [name]);
}

/** Runs `handler` each time the connection comes back after a loss (refetch what may have been missed). */
export function useSocketReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    reconnectListeners.add(listener);
    return () => {
      reconnectListeners.delete(listener);
    };
  }, []);
}
