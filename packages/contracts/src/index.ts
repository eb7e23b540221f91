export * from './common.js';
export * from './roles.js';
export * from './companies.js';
export * from './users.js';
export * from './auth.js';
export * from './environment.js';
export * from './scheduling.js';
export * from './server-config.js';
