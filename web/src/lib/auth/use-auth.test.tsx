import { act, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { startTransition } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { signOut } from '@/lib/auth-storage';
import { signInAs } from '@/lib/testing';
import { AuthStateProvider, useAuth, useAuthSettled } from './use-auth';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The navbar's greeting, and how often it was drawn. */
let renders = 0;
function Greeting() {
  const { isSignedIn, user } = useAuth();
  renders++;
  return <p>{isSignedIn ? `Signed in as ${user?.name}` : 'Login'}</p>;
}

/** Whether the stored state has been rendered (held taps wait for it). */
function Settled() {
  return <p>{useAuthSettled() ? 'settled' : 'not settled'}</p>;
}

const page = (
  <AuthStateProvider serverDrawn>
    <Greeting />
    <Settled />
  </AuthStateProvider>
);

/** Draws the page as the server does (signed out: it has no storage), then hydrates it as main.tsx does. */
async function serverDrawThenHydrate(): Promise<{ drawn: Element; recoverableErrors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.appendChild(container);
  const drawn = container.firstElementChild!;
  const recoverableErrors: unknown[] = [];
  renders = 0;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });
  });
  return { drawn, recoverableErrors };
}

describe('the signed-in state on a page the server drew', () => {
  it('hydrates the signed-out page as drawn, then shows the stored sign-in', async () => {
    signInAs({ name: 'Akinyi' });
    const { drawn, recoverableErrors } = await serverDrawThenHydrate();

    await waitFor(() => expect(screen.getByText('Signed in as Akinyi')).toBeInTheDocument());
    expect(screen.getByText('settled')).toBeInTheDocument();
    // the server's element was kept (hydrated), not thrown away and drawn again
    expect(drawn.isConnected).toBe(true);
    expect(recoverableErrors).toEqual([]);
  });

  it('leaves a visitor’s page as drawn: nothing is drawn again once it is hydrated', async () => {
    const { drawn, recoverableErrors } = await serverDrawThenHydrate();

    await waitFor(() => expect(screen.getByText('settled')).toBeInTheDocument());
    expect(screen.getByText('Login')).toBeInTheDocument();
    expect(drawn.isConnected).toBe(true);
    expect(recoverableErrors).toEqual([]);
    // A second render would mean the visitor's state differed from the server's: on a real page
    // React would then hydrate everything left in one long task, and the page would not answer taps.
    expect(renders).toBe(1);
  });

  it('follows signing in and out afterwards', async () => {
    await serverDrawThenHydrate();
    await waitFor(() => expect(screen.getByText('settled')).toBeInTheDocument());

    act(() => void signInAs({ name: 'Baraka' }));
    expect(screen.getByText('Signed in as Baraka')).toBeInTheDocument();
    act(() => signOut());
    expect(screen.getByText('Login')).toBeInTheDocument();
  });
});
