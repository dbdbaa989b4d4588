import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

const container = document.getElementById('root')!;
// A storefront page rendered by the server (src/entry-server.tsx) carries the data it was drawn
// from: the Query cache starts with it and React hydrates the HTML instead of drawing it again.
const stateScript = document.getElementById('app-state');
const initialData = stateScript ? (JSON.parse(stateScript.textContent ?? '{}') as DehydratedState) : undefined;

const app = (
  <StrictMode>
    <AppProvider initialData={initialData}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

if (initialData && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
