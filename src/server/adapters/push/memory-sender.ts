import type { PushMessage } from '../../../shared/push';
import { DEFAULT_PUSH_HOSTS, isAllowedEndpoint } from './endpoint-policy';
import type { PushOutcome, PushSender, PushTarget, SendOptions } from './push';

export interface RecordedPush {
  endpoint: string;
  message: PushMessage;
  ttlSeconds: number;
  at: Date;
}

/** How many sent pushes the memory sender remembers (oldest dropped first). */
const KEPT = 200;

/**
 * The offline sender: accepts the same endpoints as the real one and keeps what it would have sent, in
 * this process's memory. Tests read `sent`; `gone` makes an endpoint answer like a push service that forgot it.
 */
export class MemoryPushSender implements PushSender {
  readonly provider = 'memory' as const;
  readonly sent: RecordedPush[] = [];
  readonly gone = new Set<string>();

  constructor(
    readonly publicKey: string,
    private readonly endpointHosts: readonly string[] = DEFAULT_PUSH_HOSTS,
  ) {}

  acceptsEndpoint(endpoint: string): boolean {
    return isAllowedEndpoint(endpoint, this.endpointHosts);
  }

  async send(target: PushTarget, message: PushMessage, options: SendOptions): Promise<PushOutcome> {
    if (this.gone.has(target.endpoint)) return { status: 'gone', httpStatus: 410 };
    this.sent.push({ endpoint: target.endpoint, message, ttlSeconds: options.ttlSeconds, at: new Date() });
    if (this.sent.length > KEPT) this.sent.splice(0, this.sent.length - KEPT);
    return { status: 'sent', httpStatus: 201 };
  }
}
