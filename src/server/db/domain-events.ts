/**
 * What happened, told after the transaction that did it has committed (DESIGN rule 10). Services
 * emit these on their unit of work; cache invalidation, email and push subscribe to them in one place
 * (src/server/app.ts) instead of every route remembering to call them by hand.
 */
export type DomainEvent =
  /** Products, variants, categories, pictures, stock or reviews of a store changed. */
  | { type: 'catalogue.changed'; tenantId: string }
  /** A payment took an order from pending to paid (its stock moved too). */
  | { type: 'order.paid'; tenantId: string; orderId: string }
  /** An order's status, fulfilment or refunds changed by staff, the shopper or a job. */
  | { type: 'order.status_changed'; tenantId: string; orderId: string; status: string }
  /** A store's own row changed: its name or settings (what the host cache holds). */
  | { type: 'store.changed'; tenantId: string }
  /** A shopper signed up or signed in on a store's host: one of its customers, with their account (issue 26). */
  | { type: 'account.used_in_store'; tenantId: string; userId: string; email: string };

export type DomainEventType = DomainEvent['type'];
type EventOf<K extends DomainEventType> = Extract<DomainEvent, { type: K }>;
type Handler<K extends DomainEventType> = (event: EventOf<K>) => void | Promise<void>;

/** Where a subscriber's failure goes: it never reaches the request that emitted the event. */
export interface EventLog {
  error(obj: object, msg: string): void;
}

/** The in-process subscribers of domain events. Other instances learn of changes through the database. */
export class DomainEvents {
  // Stored loosely; on() and publish() keep each handler with its own event type.
  private readonly handlers = new Map<DomainEventType, ((event: DomainEvent) => void | Promise<void>)[]>();

  constructor(private readonly log: EventLog = { error: () => {} }) {}

  on<K extends DomainEventType>(type: K, handler: Handler<K>): () => void {
    const list = this.handlers.get(type) ?? [];
    const loose = handler as unknown as (event: DomainEvent) => void | Promise<void>;
    list.push(loose);
    this.handlers.set(type, list);
    return () => {
      const at = list.indexOf(loose);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Runs every handler of the event; answers when all have settled. A failing handler is logged. */
  async publish(event: DomainEvent): Promise<void> {
    const list = this.handlers.get(event.type) ?? [];
    await Promise.all(
      list.map(async (handler) => {
        try {
          await handler(event);
        } catch (err) {
          this.log.error({ err, event }, 'a domain event handler failed');
        }
      }),
    );
  }
}

/** One key per distinct event, so a transaction that changes twenty products tells subscribers once. */
export function eventKey(event: DomainEvent): string {
  return JSON.stringify(event);
}
