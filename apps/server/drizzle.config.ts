import { defineConfig } from 'drizzle-kit';

// Used only by `npx drizzle-kit generate` to write SQL migrations from src/db/schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
