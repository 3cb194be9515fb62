export * from './errors';
export * from './gateway-client';
export * from './http';
export * from './multipart';
export * from './organization-client';
