/**
 * drizzle-kit configuration: `npx drizzle-kit generate --name <name>` writes SQL migrations for
 * src/server/db/schema.ts into src/server/db/migrations. The server applies them at start.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
