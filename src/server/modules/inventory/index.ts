// Inventory owns stock levels and the append-only stock ledger (stock_movements): every other module
// changes stock only through these functions.
export { stockRoutes } from './ledger/routes';
export { listLowStock } from './ledger/service';
export { commitSale, recordFormAdjustment, recordImportAdjustments, release, reserve, returnLineUnits, returnSoldStock, type ImportAdjustment, type ReturnLine, type StockLine, type StockSource } from './stock-levels';
