export * from './auth.js';
export * from './app.js';
export * from './market.js';
export * from './kyc.js';
export * from './orders.js';
export * from './staff.js';
export * from './chat.js';
export * from './limits.js';
