// Imports: product CSV import batches (issue 15). Above catalogue: the later import steps write
// products through catalogue's index.ts; nothing imports this module but app.ts.
export { importRoutes } from './routes';
