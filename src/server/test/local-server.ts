import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a free loopback port, for tests that need a socket (sheets to fetch, SSE). */
export interface LocalServer {
  server: http.Server;
  /** http://127.0.0.1:<port>, no trailing slash. */
  base: string;
  /** Drops open connections (streams included) and stops listening. */
  close(): Promise<void>;
}

export async function listenLocally(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
