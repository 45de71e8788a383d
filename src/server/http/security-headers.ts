import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's security headers (helmet's defaults, with a content security policy for this app). */
export const SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Local *.localhost hosts are plain HTTP; HSTS belongs to the HTTPS deployment's proxy.
  hsts: false,
};

/**
 * Sets the headers on every response. helmet() is built once here: @fastify/helmet calls helmet(options)
 * again for every request, re-parsing the policy each time, which measured about 40% of the server's
 * CPU on a cached catalogue read (docs/decisions/004-security-headers-built-once.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = SECURITY_HEADERS): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
