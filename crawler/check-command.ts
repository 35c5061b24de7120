/**
 * Wiring of `npm run outlets -- check` (docs/outlets-evidence.md): the worker's own fetcher and
 * polite client (crawler/compose.ts `politeClientFor`), the outlets checked once, the report
 * printed and each outlet's check stored as its last one. Offline it refuses and writes nothing.
 */
import os from "node:os";
import type { Db } from "../db/client";
import { saveOutletChecks } from "../db/outlet-checks";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { formatCheckReport, offlineMessage } from "../lib/outlet-check-report";
import type { OutletConfig } from "../lib/outlets-file";
import { loadOrCreateSigningKey } from "../lib/web-bot-auth/keys";
import { politeClientFor } from "./compose";
import { systemLookup, type LookupAll } from "./fetch/connect-target";
import { createHttpFetcher } from "./fetch/http";
import { checkOutlets } from "./jobs/check-outlets";

/** What the command did: its report (or refusal) and whether the outlets could be reached. */
export interface CheckCommandResult {
  offline: boolean;
  report: string;
  stored: number;
}

export async function runOutletsCheck(p: {
  config: Config;
  db: Db;
  clock: Clock;
  outlets: readonly OutletConfig[];
  /** The resolver asked before anything is sent; the system's by default. */
  lookup?: LookupAll;
  signal?: AbortSignal;
  /** Called as each outlet's check ends, for progress on a long run. */
  progress?: (line: string) => void;
}): Promise<CheckCommandResult> {
  const { config, db, clock } = p;
  const key = await loadOrCreateSigningKey(config.dataDir);
  const fetcher = createHttpFetcher({ config, clock, refuseUnlisted: config.onlyResolved });
  const workerId = `outlets-check:${os.hostname()}:${process.pid}`;
  const client = politeClientFor({ config, db, clock, workerId, fetcher, key });
  const run = await checkOutlets({
    outlets: p.outlets,
    client,
    now: () => clock.now(),
    resolve: { rules: config.resolve, refuseUnlisted: config.onlyResolved, lookup: p.lookup ?? systemLookup },
    signal: p.signal ?? new AbortController().signal,
    onChecked: (c) => p.progress?.(`checked ${c.slug}: ${c.urls.filter((u) => u.state === "ok").length} of ${c.urls.length} URLs answered`),
  });
  if (run.offline) return { offline: true, report: offlineMessage(run.reason), stored: 0 };
  const stored = await saveOutletChecks(db, run.checks);
  return { offline: false, report: formatCheckReport(p.outlets, run.checks), stored };
}
