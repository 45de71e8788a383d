import webpush from 'web-push';
import type { PushMessage } from '../../../shared/push';
import { isAllowedEndpoint } from './endpoint-policy';
import type { PushOutcome, PushSender, PushTarget, SendOptions, VapidKeys } from './push';

export interface WebPushOptions {
  vapid: VapidKeys;
  /** Push service hosts the server sends to (endpoint-policy.ts). */
  endpointHosts: readonly string[];
  timeoutMs: number;
}

/**
 * The real sender. web-push builds the request (payload encrypted with aes128gcm to the browser's
 * keys, VAPID Authorization header); it is sent with fetch rather than web-push's own https.request,
 * for one timeout that covers the whole exchange and for plain-http loopback push services in tests.
 */
export class WebPushSender implements PushSender {
  readonly provider = 'web-push' as const;
  readonly publicKey: string;

  constructor(private readonly options: WebPushOptions) {
    this.publicKey = options.vapid.publicKey;
  }

  acceptsEndpoint(endpoint: string): boolean {
    return isAllowedEndpoint(endpoint, this.options.endpointHosts);
  }

  async send(target: PushTarget, message: PushMessage, options: SendOptions): Promise<PushOutcome> {
    if (!this.acceptsEndpoint(target.endpoint)) return { status: 'failed', reason: 'endpoint not allowed' };
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(target, JSON.stringify(message), {
        vapidDetails: this.options.vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      // Keys a browser would never produce: the subscription can never be delivered to.
      return { status: 'failed', reason: `cannot encrypt for this subscription: ${(err as Error).message}` };
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    // fetch sets Content-Length itself from the body.
    delete headers['Content-Length'];
    try {
      const response = await fetch(target.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return { status: 'sent', httpStatus: response.status };
      if (response.status === 404 || response.status === 410) return { status: 'gone', httpStatus: response.status };
      return { status: 'failed', reason: `push service answered ${response.status}` };
    } catch (err) {
      return { status: 'failed', reason: `push service unreachable: ${(err as Error).message}` };
    }
  }
}
