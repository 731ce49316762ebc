export * from './auth.js';
export * from './app.js';
