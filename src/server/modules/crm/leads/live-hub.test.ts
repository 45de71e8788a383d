import { describe, expect, it } from 'vitest';
import { LeadsLiveHub, type LiveSubscriber } from './live-hub';
import type { NotificationHandler } from '../../../db/notifications';

// The hub alone: books kept apart, caps, the shared keep-alive timer, missed notifications, closing.
function board() {
  const seen: string[] = [];
  const s: LiveSubscriber = { changed: () => seen.push('changed'), ping: () => seen.push('ping'), close: () => seen.push('close') };
  return { s, seen };
}

function manualTimer() {
  const timers = new Set<() => void>();
  return {
    every: (_ms: number, fn: () => void) => {
      timers.add(fn);
      return () => timers.delete(fn);
    },
    tick: () => [...timers].forEach((fn) => fn()),
    get running() {
      return timers.size;
    },
  };
}

const hubWith = (over: Partial<ConstructorParameters<typeof LeadsLiveHub>[0]> = {}) => {
  const timer = manualTimer();
  const hub = new LeadsLiveHub({ maxSubscribers: 10, maxPerBook: 5, pingEveryMs: 25_000, every: timer.every, ...over });
  return { hub, timer };
};

describe('LeadsLiveHub', () => {
  it('tells only the boards of the book a notification names; "*" tells all', () => {
    const { hub } = hubWith();
    const a = board();
    const b = board();
    const p = board();
    hub.subscribe('tenant-a', a.s);
    hub.subscribe('tenant-b', b.s);
    hub.subscribe('platform', p.s);
    hub.publish('tenant-a');
    hub.publish('platform');
    hub.publish('unknown');
    expect([a.seen, b.seen, p.seen]).toEqual([['changed'], [], ['changed']]);
    hub.publish('*');
    expect([a.seen, b.seen, p.seen]).toEqual([['changed', 'changed'], ['changed'], ['changed', 'changed']]);
  });

  it('refuses boards past the instance cap and the per-book cap; removing one frees its slot', () => {
    const { hub } = hubWith({ maxSubscribers: 3, maxPerBook: 2 });
    const first = hub.subscribe('a', board().s);
    expect(hub.subscribe('a', board().s)).not.toBeNull();
    expect(hub.subscribe('a', board().s)).toBeNull();
    expect(hub.subscribe('b', board().s)).not.toBeNull();
    expect(hub.subscribe('c', board().s)).toBeNull();
    expect(hub.size).toBe(3);
    first!();
    first!();
    expect(hub.size).toBe(2);
    expect(hub.subscribe('c', board().s)).not.toBeNull();
  });

  it('runs one keep-alive timer only while a board is open', () => {
    const { hub, timer } = hubWith();
    expect(timer.running).toBe(0);
    const a = board();
    const b = board();
    const offA = hub.subscribe('a', a.s)!;
    const offB = hub.subscribe('b', b.s)!;
    expect(timer.running).toBe(1);
    timer.tick();
    expect([a.seen, b.seen]).toEqual([['ping'], ['ping']]);
    offA();
    offB();
    expect(timer.running).toBe(0);
  });

  it('one failing board does not stop the others hearing', () => {
    const { hub } = hubWith();
    const good = board();
    hub.subscribe('a', { changed: () => { throw new Error('socket gone'); }, ping: () => {}, close: () => {} });
    hub.subscribe('a', good.s);
    hub.publish('a');
    expect(good.seen).toEqual(['changed']);
  });

  it('follows the channel: notifications and missed ones reach the boards', async () => {
    const { hub } = hubWith();
    let handler: NotificationHandler | null = null;
    let stopped = false;
    const stop = await hub.follow({
      listen: async (channel, h) => {
        expect(channel).toBe('crm_leads_changed');
        handler = h;
        return async () => void (stopped = true);
      },
    });
    const a = board();
    const b = board();
    hub.subscribe('a', a.s);
    hub.subscribe('b', b.s);
    handler!.notify('a');
    handler!.missed();
    expect([a.seen, b.seen]).toEqual([['changed', 'changed'], ['changed']]);
    await stop();
    expect(stopped).toBe(true);
  });

  it('closeAll ends every board, stops the timer and refuses new boards', () => {
    const { hub, timer } = hubWith();
    const a = board();
    hub.subscribe('a', a.s);
    hub.closeAll();
    expect(a.seen).toEqual(['close']);
    expect(timer.running).toBe(0);
    expect(hub.size).toBe(0);
    expect(hub.subscribe('a', board().s)).toBeNull();
  });
});
