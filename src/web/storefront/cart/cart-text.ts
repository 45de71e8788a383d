/** The cart's words as the storefront spec gives them (§2 Cart, §5, §8); quoted text is exact. */
export const CART_TEXT = {
  chooseTitle: 'Choose an option',
  chooseBody: 'Please select a variant before adding to your cart.',
  addFailedTitle: 'Unable to add to cart',
  addFailedBody: 'Please try again in a moment.',
  // Not in the spec: a change to a line that did not go through.
  updateFailedTitle: 'Unable to update your cart',
  added: 'Added to cart',
  viewCart: 'View cart',
  empty: 'Your cart is empty',
  browse: 'Browse Products',
  checkout: 'Proceed to Checkout',
  // Not in the spec: stock that fell below a line's quantity (decision 010).
  soldOut: 'Out of stock. Remove it to check out.',
  lowerQuantity: 'Lower the quantity to check out.',
  overStock: 'Some items have less stock than your cart asks for. Update them to check out.',
  // Not in the spec: a shop with no delivery options yet (the notice above the cart says why).
  noCheckout: 'Checkout opens once the shop adds a delivery option.',
} as const;
