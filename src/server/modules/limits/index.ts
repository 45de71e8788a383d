// Rate limits counted in the database, so every instance agrees (decisions 001, 011 and 033).
export { COUNTER_KEEP_MS, forgetPlatformKeys, forgetStoreKeys, rateLimited, spendPlatformAllowance, spendStoreAllowance, windowState, windowStates, type Limit, type WindowState } from './limiter';
export { outboundLimit, spendOutboundAllowance, spendRecoveryEmailAllowance, type OutboundLimit } from './outbound';
export { deleteOldPlatformCounters, deleteOldStoreCounters } from './housekeeping';
