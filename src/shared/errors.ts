/**
 * Every error code the API answers with (DESIGN rule 5): one list, so the server cannot invent a code
 * the web app does not know, and the web app can switch on them with the compiler's help.
 */
export const ERROR_CODES = [
  // Input and transport
  'invalid_input', 'invalid_json', 'body_too_large', 'unsupported_media_type', 'bad_origin', 'bad_request',
  // Who may do what
  'unauthorized', 'forbidden', 'not_found', 'invalid_credentials', 'rate_limited',
  // Overload and outside services
  'busy', 'not_ready', 'internal', 'payment_unavailable', 'storage_unavailable', 'ai_unavailable', 'missing_api_key', 'invalid_api_key',
  // Accounts, stores and claims
  'email_taken', 'domain_taken', 'slug_taken', 'invalid_claim', 'already_used', 'last_domain', 'store_closed', 'store_suspended',
  // Account recovery and settings (issue 26)
  'invalid_link', 'wrong_password', 'same_email', 'address_limit', 'wrong_code', 'two_step_required', 'two_step_setup_required',
  // Privacy: data export and erasure (issue 26)
  'account_in_use', 'orders_under_way', 'customer_erased',
  // Team permissions (issue 27)
  'not_staff',
  // Store set-up, policies and launch (issue 25)
  'page_exists', 'launch_blocked', 'store_opening_soon',
  // Client Access (decision 030)
  'self_invite', 'inviter_lost_access',
  // Catalogue, pictures and stock
  'product_in_checkout', 'tracking_disabled', 'insufficient_stock', 'stock_limit', 'out_of_stock', 'too_many_images', 'duplicate_image', 'file_too_large', 'unsupported_file_type', 'media_in_use',
  // Checkout, orders and refunds
  'no_shipping', 'order_too_large', 'order_free', 'checkout_in_progress', 'deposit_in_progress', 'already_paid', 'not_awaiting_payment', 'payment_arrived', 'invalid_transition',
  'not_paid', 'refund_unavailable', 'refund_too_large', 'refund_not_paid', 'refund_invalid', 'refund_failed', 'refund_unconfirmed', 'refund_unrecorded',
  // Discount codes (issue 28): why a code cannot be used, and a code already taken in the store
  'discount_refused', 'discount_code_taken', 'discount_in_use',
  // Payment webhooks
  'bad_signature', 'invalid_event',
  // Email settings
  'template_taken',
  // Card-payment onboarding
  'connect_unavailable', 'connect_no_account',
  // Web push
  'template_key_taken', 'no_subscription', 'subscription_limit', 'push_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error body every failing API call answers with (DESIGN rule 5). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' && value !== null && 'error' in value &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}
