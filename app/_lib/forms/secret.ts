/**
 * The site's own secret for signing form tokens and salting address hashes (SEC-2), kept
 * under the data directory (secret-file.ts).
 */
import "server-only";
import { appConfig } from "../../../db/server";
import { readOrCreateSecret } from "../../../lib/forms/secret-file";

let secret: string | undefined;

/** The secret, created on first use. */
export function siteSecret(): string {
  return (secret ??= readOrCreateSecret(appConfig().dataDir));
}
