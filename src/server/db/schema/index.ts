export * from './platform';
export * from './catalog';
export * from './orders';
export * from './search';
export * from './push';
