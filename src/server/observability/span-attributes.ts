// Imports nothing: tracing.ts loads before every other module of the server and may share only this.

/** The request id's attribute on a request's spans: OpenTelemetry has no name of its own for it. */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';
