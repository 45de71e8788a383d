// The admin view of the store's sent mail (the outbox).
export { adminEmailRoutes } from './routes';
export { countOrderEmails } from './repo';
