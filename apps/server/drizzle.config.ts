/** drizzle-kit: `npm run db:generate -w @store/server` writes SQL migrations from drizzle-schema.ts. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './drizzle-schema.ts',
  out: './drizzle',
});
