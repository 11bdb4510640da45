import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per domain; schema.ts only re-exports them.
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
