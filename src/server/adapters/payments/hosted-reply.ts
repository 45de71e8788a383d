import type { FastifyReply } from 'fastify';

/** A hosted test-gateway page (pay page, onboarding): never cached, never indexed. */
export function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Helmet's default is no-referrer, under which a browser sends `Origin: null` on a form POST and
      // the app's origin check refuses it; same-origin keeps the real Origin on our own forms only.
      .header('referrer-policy', 'same-origin')
      .header('x-robots-tag', 'noindex')
      .send(body)
  );
}
