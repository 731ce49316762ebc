export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_ORIGIN = 'http://localhost:3000';
export const SUPER_ADMIN = { email: 'admin@cedicrypto.test', password: 'SuperAdmin-Passw0rd!' };
export const TEMPLATE_DB = 'app_template';
