import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cart cookie: per store automatically, since each store has its own host. */
export const CART_COOKIE = 'cart';
const NINETY_DAYS_S = 90 * 24 * 60 * 60;

export function cartToken(req: FastifyRequest): string | null {
  const token = req.cookies[CART_COOKIE];
  return token && token.length <= 100 ? token : null;
}

/** HttpOnly (scripts never need it), SameSite=Lax so it survives the return from the pay page. */
export function setCartCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.server.deps.config.cookieSecure ?? req.protocol === 'https',
    path: '/',
    maxAge: NINETY_DAYS_S,
  });
}
