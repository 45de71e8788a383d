// Discounts (issue 28): a store's discount codes, checked at the cart and taken by checkouts. It sits
// below orders (which asks it through this file) and above catalogue (products' categories).
export { evaluateCode, holdUse, refusal, releaseUse, spendUse, type AppliedDiscount, type CartDiscount, type RefusedDiscount } from './service';
// The admin's discount codes (issue 28 item 1): list with figures, create, edit, switch off, delete.
export { adminDiscountRoutes } from './admin-routes';
