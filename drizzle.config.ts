import { defineConfig } from 'drizzle-kit';
import { writeRuleRegistry } from './scripts/compliance-rules.mjs';

// The schema builds the settings columns from the monitoring rules' metadata (docs/decisions/047).
writeRuleRegistry();

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
