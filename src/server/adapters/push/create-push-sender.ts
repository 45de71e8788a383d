import type { Config } from '../../config';
import { DEFAULT_PUSH_HOSTS } from './endpoint-policy';
import { MemoryPushSender } from './memory-sender';
import type { PushSender, VapidKeys } from './push';
import { WebPushSender } from './web-push-sender';

/** The sender PUSH_PROVIDER names, signing with the platform's VAPID keys (env or generated at boot). */
export function createPushSender(config: Config, keys: { publicKey: string; privateKey: string }): PushSender {
  const hosts = config.push.endpointHosts ?? DEFAULT_PUSH_HOSTS;
  if (config.push.provider === 'memory') return new MemoryPushSender(keys.publicKey, hosts);
  const vapid: VapidKeys = { ...keys, subject: config.push.subject };
  return new WebPushSender({ vapid, endpointHosts: hosts, timeoutMs: config.push.timeoutMs });
}
