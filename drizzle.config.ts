import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates the committed SQL migrations from db/schema (no database needed). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
