export * from './platform';
export * from './catalog';
