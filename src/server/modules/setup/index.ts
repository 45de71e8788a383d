// Store set-up and launch (issue 25): the checklist, the launch, and the preview password.
export { setupRoutes } from './routes';
