import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", "dist/", "data/", "db/migrations/", "next-env.d.ts", "tmp-local/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/config.ts (docs/style.md §12)." },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { process: "readonly", require: "readonly", module: "writable" } },
  },
  {
    files: ["lib/config.ts", "scripts/**", "tests/**", "*.config.ts", "*.config.js"],
    rules: { "no-restricted-properties": "off" },
  },
);
