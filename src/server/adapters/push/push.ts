import type { PushMessage } from '../../../shared/push';

/** The platform's VAPID key pair (base64url, as web-push and browsers use them) and who signs. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292). */
  subject: string;
}

/** One browser's subscription: where its push service is, and the keys the payload is encrypted to. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome =
  | { status: 'sent'; httpStatus: number }
  /** The push service no longer knows this subscription (404 or 410): delete it. */
  | { status: 'gone'; httpStatus: number }
  | { status: 'failed'; reason: string };

export interface SendOptions {
  /** Seconds the push service may keep the message for an offline browser. */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/**
 * Web push (DESIGN rule 7). The real sender encrypts with web-push (aes128gcm, RFC 8291) and signs
 * with VAPID (RFC 8292), then POSTs to the browser's push service; the memory sender keeps what it
 * would have sent (tests, and machines with no network via PUSH_PROVIDER=memory).
 */
export interface PushSender {
  readonly provider: 'web-push' | 'memory';
  /** What browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
  /**
   * Whether this sender will POST to the endpoint. Endpoints come from anonymous shoppers, so only
   * the push services' own hosts are accepted (no internal addresses: no request forgery).
   */
  acceptsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, message: PushMessage, options: SendOptions): Promise<PushOutcome>;
}
