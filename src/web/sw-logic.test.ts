import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushMessage } from './sw-logic';

const ORIGIN = 'http://demo.localhost:3000';

describe('the service worker', () => {
  it('reads the server’s message, and shows anything else as plain text', () => {
    expect(readPushMessage(JSON.stringify({ title: 'New order', body: 'Ada paid', icon: '/i.png', url: '/admin/orders/1', tag: 'order-1' }))).toEqual({ title: 'New order', body: 'Ada paid', icon: '/i.png', url: '/admin/orders/1', tag: 'order-1' });
    expect(readPushMessage(JSON.stringify({ title: 'Only a title' }))).toEqual({ title: 'Only a title', body: '', icon: null, url: null, tag: '' });
    expect(readPushMessage('hello')).toEqual({ title: 'Notification', body: 'hello', icon: null, url: null, tag: '' });
    expect(readPushMessage('null')).toEqual({ title: 'Notification', body: 'null', icon: null, url: null, tag: '' });
    expect(readPushMessage(JSON.stringify({ title: 'x', url: { evil: true } })).url).toBeNull();
  });

  it('opens the notification’s link on its own site or an https page, and nothing else', () => {
    expect(notificationTarget('/admin/orders/1', ORIGIN)).toBe(`${ORIGIN}/admin/orders/1`);
    expect(notificationTarget('/my-orders?o=TEST-001', ORIGIN)).toBe(`${ORIGIN}/my-orders?o=TEST-001`);
    expect(notificationTarget('https://shop.example/p/bowl', ORIGIN)).toBe('https://shop.example/p/bowl');
    expect(notificationTarget('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget('http://elsewhere.example/', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(42, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
