import { describe, expect, it } from 'vitest';
import { describeDevice, pushServiceOf } from './device';

describe('naming a subscribed device', () => {
  it('reads the browser and system from the user agent', () => {
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0')).toBe('Edge on Windows');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox on Linux');
    expect(describeDevice(null)).toBe('Unknown device');
    expect(describeDevice('curl/8.5')).toBe('curl/8.5');
  });

  it('names the push service of an endpoint', () => {
    expect(pushServiceOf('https://fcm.googleapis.com/fcm/send/abc')).toBe('Google (FCM)');
    expect(pushServiceOf('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe('Mozilla');
    expect(pushServiceOf('https://web.push.apple.com/x')).toBe('Apple');
    expect(pushServiceOf('http://127.0.0.1:9000/push/1')).toBe('127.0.0.1:9000');
    expect(pushServiceOf('nonsense')).toBe('Unknown');
  });
});
