// AI copy help and the Store Brain's findings.
export { aiRoutes } from './routes';
export { spendAiAllowance, storeFindings, toWins } from './service';
