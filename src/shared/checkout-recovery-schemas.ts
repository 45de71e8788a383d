import { z } from 'zod';
import { CHECKOUT_RECOVERY, CHECKOUT_RECOVERY_TEXT } from './checkout-recovery';

// Checkout recovery (decision 048): the admin setting's request and answer. Imports Zod: admin and
// server only.
export { CHECKOUT_RECOVERY_SETTINGS_API } from './checkout-recovery';

/** PUT /api/admin/settings/checkout-recovery (owners and admins). */
export const checkoutRecoverySettingsBody = z.strictObject({
  enabled: z.boolean({ error: CHECKOUT_RECOVERY_TEXT.enabledInvalid }),
  send_after_hours: z
    .number({ error: CHECKOUT_RECOVERY_TEXT.hoursInvalid })
    .int(CHECKOUT_RECOVERY_TEXT.hoursInvalid)
    .min(CHECKOUT_RECOVERY.minHours, CHECKOUT_RECOVERY_TEXT.hoursInvalid)
    .max(CHECKOUT_RECOVERY.maxHours, CHECKOUT_RECOVERY_TEXT.hoursInvalid),
});
export type CheckoutRecoverySettingsBody = z.infer<typeof checkoutRecoverySettingsBody>;

const settings = z.object({ enabled: z.boolean(), send_after_hours: z.number() });
const stats = z.object({ sent: z.number(), restored: z.number(), recovered: z.number(), recovered_revenue: z.number() });

/** GET (staff with the Settings permission may read) and PUT answer the setting, the figures and who may change it. */
export const checkoutRecoverySettingsResponse = z.object({ settings, stats, can_edit: z.boolean() });
export type CheckoutRecoverySettingsView = z.infer<typeof checkoutRecoverySettingsResponse>;
