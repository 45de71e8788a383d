import type { Listen } from '../../../db/notifications';

/** The channel migration 0024's trigger notifies: the book's tenant id, 'platform', or '*' for all. */
export const LEADS_CHANNEL = 'crm_leads_changed';
/** The payload naming the platform's own book (tenant_id null). */
export const PLATFORM_BOOK = 'platform';
const EVERY_BOOK = '*';

/** One open board: the hub tells it when to send an event, a keep-alive, or to end. */
export interface LiveSubscriber {
  /** The book's leads changed (or may have: a missed notification). */
  changed(): void;
  /** Nothing happened for a while: keep the connection (and any proxy) from timing out. */
  ping(): void;
  /** The instance is shutting down. */
  close(): void;
}

export interface LiveHubOptions {
  /** Open boards this instance serves at most; past it a board is refused (503) and retries later. */
  maxSubscribers: number;
  /** Boards on one book at most, so one busy store cannot take every slot. */
  maxPerBook: number;
  /** Keep-alive period; proxies commonly drop a connection silent for 30 to 60 s. */
  pingEveryMs: number;
  /** Starts a repeating timer; injectable so tests drive time. Must not keep the process alive. */
  every?: (ms: number, fn: () => void) => () => void;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
}

const realEvery = (ms: number, fn: () => void) => {
  const timer = setInterval(fn, ms);
  // An idle board must not keep a process (or a test run) from ending.
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * This instance's open lead boards, grouped by book (a tenant id or 'platform'). It hears every
 * committed change to leads, this instance's and others', through the database's notification
 * (follow()) and tells the boards of that book; a board then reloads through the guarded list route,
 * so nothing but "changed" crosses here. Bounded: a cap on boards per instance and per book, and one
 * shared keep-alive timer that runs only while a board is open. Each process has its own (DESIGN:
 * instances share nothing in memory).
 */
export class LeadsLiveHub {
  private books = new Map<string, Set<LiveSubscriber>>();
  private count = 0;
  private stopPing: (() => void) | null = null;
  private closed = false;

  constructor(private readonly opts: LiveHubOptions) {}

  get size(): number {
    return this.count;
  }

  /** Adds a board on a book; null when the instance or the book is full (or shutting down). Answers the function that removes it. */
  subscribe(book: string, subscriber: LiveSubscriber): (() => void) | null {
    if (this.closed || this.count >= this.opts.maxSubscribers) return null;
    let set = this.books.get(book);
    if (set && set.size >= this.opts.maxPerBook) return null;
    if (!set) this.books.set(book, (set = new Set()));
    set.add(subscriber);
    this.count++;
    this.stopPing ??= (this.opts.every ?? realEvery)(this.opts.pingEveryMs, () => this.each((s) => s.ping()));
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.remove(book, subscriber);
    };
  }

  /** A notification's payload: one book, or '*' for all (a truncate). Anything else names no board. */
  publish(payload: string): void {
    if (payload === EVERY_BOOK) return this.each((s) => s.changed());
    const set = this.books.get(payload);
    if (set) for (const s of [...set]) safely(() => s.changed());
  }

  /** Notifications may have been lost: every board may be stale. */
  changedEverywhere(): void {
    this.each((s) => s.changed());
  }

  /** Ends every board and refuses new ones (the app is closing, so its server can stop). */
  closeAll(): void {
    this.closed = true;
    const all = [...this.books.values()].flatMap((set) => [...set]);
    this.books.clear();
    this.count = 0;
    this.stopTimer();
    for (const s of all) safely(() => s.close());
  }

  /** LISTENs on the leads channel; resolves, listening, to the function that stops. */
  follow(database: { listen: Listen }, log?: HubLog): Promise<() => Promise<void>> {
    return database.listen(LEADS_CHANNEL, {
      notify: (payload) => this.publish(payload),
      missed: () => {
        this.changedEverywhere();
        log?.warn({}, 'leads live hub: listening again after a lost connection; every board told to reload');
      },
      error: (err) => log?.warn({ err }, 'leads live hub: reconnecting the notification listener failed'),
    });
  }

  private remove(book: string, subscriber: LiveSubscriber): void {
    const set = this.books.get(book);
    if (!set?.delete(subscriber)) return;
    this.count--;
    if (!set.size) this.books.delete(book);
    if (!this.count) this.stopTimer();
  }

  private stopTimer(): void {
    this.stopPing?.();
    this.stopPing = null;
  }

  private each(fn: (s: LiveSubscriber) => void): void {
    for (const set of [...this.books.values()]) for (const s of [...set]) safely(() => fn(s));
  }
}

/** One broken board (a socket already gone) must not stop the others hearing. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // The board's own close handler removes it.
  }
}
