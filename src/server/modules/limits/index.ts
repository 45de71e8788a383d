// Rate limits counted in the database, so every instance agrees (decisions 001 and 011).
export { rateLimited, spendPlatformAllowance, spendStoreAllowance, windowState, type Limit, type WindowState } from './limiter';
