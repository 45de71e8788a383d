import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, isAllowedEndpoint } from './endpoint-policy';

describe('push endpoints the server sends to', () => {
  it('accepts the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMx',
    ]) expect(isAllowedEndpoint(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(true);
  });

  it('refuses anything that could reach an internal address', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://localhost/x',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'http://127.0.0.1:9999/push/1',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) expect(isAllowedEndpoint(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(false);
  });

  it('allows plain http only to a loopback host listed with its port', () => {
    expect(isAllowedEndpoint('http://127.0.0.1:9999/push/1', ['127.0.0.1:9999'])).toBe(true);
    expect(isAllowedEndpoint('http://127.0.0.1:9998/push/1', ['127.0.0.1:9999'])).toBe(false);
    expect(isAllowedEndpoint('http://10.0.0.5:9999/push/1', ['10.0.0.5:9999'])).toBe(false);
    expect(isAllowedEndpoint('http://127.0.0.1:9999/push/1', ['*'])).toBe(false);
    expect(isAllowedEndpoint('https://push.example.org/x', ['*'])).toBe(true);
  });
});
