export * from './events';
export * from './failure';
export * from './handle';
export * from './handlers';
