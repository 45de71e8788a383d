// Reviews: shoppers' product reviews and their moderation. It sits above catalogue (the product and
// its rating figures) and orders (whether the reviewer bought it), asking each through its index.ts.
export { reviewRoutes } from './routes';
export { REVIEW_POSTS_PER_WINDOW } from './service';
export { eraseReviewsBy, reviewsByEmail, type ExportedReview } from './customer-data';
