import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastHost } from './ToastHost';

/**
 * Everything around the app, the same in the browser (main.tsx) and on the server
 * (ssr/render-first-view.tsx): the browser hydrates the server's HTML, so both must render the same
 * tree. Only the router differs, which is why it comes in as children.
 */
export function Root({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
