// Domain rules shared by the browser islands and the API server.
export * from './constants.ts';
export * from './customer.ts';
export * from './validate.ts';
export * from './artnr.ts';
export * from './pricing.ts';
export * from './locale.ts';
export * from './lastSeen.ts';
export * from './labelLayout.ts';
export * from './quickOrder.ts';
export * from './packSize.ts';
export * from './address.ts';
