export * from './constants';
export * from './errors';
export * from './money';
export * from './order-states';
export * from './socket-events';
export * from './delivery';
