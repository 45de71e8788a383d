import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// Before the router: its popstate listener must come first (the admin's unsaved-changes guard, decision 040).
import './lib/history-gate';
import { QueryClient, hydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { App } from './app/App';
import { Root } from './app/Root';
import { ApiError } from './lib/api';
import { FIRST_VIEW_FRESH_MS, FIRST_VIEW_STATE_ID } from '@shared/first-view';
import './styles.css';

// The data a server-rendered page came with (issue 29), by query, with when the server fetched it.
const servedWithPage = new Map<string, number>();
const isFromPage = (query: Query) => servedWithPage.get(query.queryHash) === query.state.dataUpdatedAt && performance.now() < FIRST_VIEW_FRESH_MS;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network blips and 5xx get one more try.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      // What came with the page is not asked for again as the page starts; anything else as before.
      staleTime: (query) => (isFromPage(query) ? Infinity : 0),
    },
  },
});

const app = (
  <Root client={queryClient}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </Root>
);
const rootElement = document.getElementById('root')!;
const served = document.getElementById(FIRST_VIEW_STATE_ID)?.textContent;
if (served) {
  const state = JSON.parse(served) as DehydratedState;
  for (const q of state.queries) {
    servedWithPage.set(q.queryHash, q.state.dataUpdatedAt);
    // A missing record's 404, which the page shows: an ApiError again, and not asked for again on mount.
    const e = q.state.error as ApiError | null;
    if (e) {
      q.state.error = new ApiError(e.status, e.code, e.message);
      queryClient.setQueryDefaults(q.queryKey, { retryOnMount: false });
    }
  }
  hydrate(queryClient, state);
  hydrateRoot(rootElement, app);
} else {
  createRoot(rootElement).render(app);
}
