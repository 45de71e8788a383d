// CRM: the sales team's leads (pipeline, real-time boards, Bark import) and quotes (builder, public
// proposal page, deposit). Issue 16, decision 027. Nothing imports this module but app.ts.
export { crmRoutes } from './routes';
export { publicQuoteRoutes } from './quotes/public-routes';
export { renderQuotePageHead } from './quotes/page-head';
export { applyQuoteDepositEvent, quoteStraySubject } from './quotes/deposit-events';
export { seedDemoLeads } from './leads/demo-leads';
export { seedDemoCrmKit } from './settings/service';
