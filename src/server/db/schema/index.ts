export * from './platform';
export * from './catalog';
export * from './orders';
export * from './search';
export * from './emails';
export * from './payments';
export * from './push';
export * from './content';
