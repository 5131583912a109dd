/** drizzle-kit: `npm run db:generate -w @store/server` writes SQL migrations from src/db/schema.ts. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
