/**
 * The one gate list (lib/gate-list.ts): the crawler runs the job's checks in its order, the
 * docs print it as it is, and the request's checks come after the job's (POL-1, ROB-1, PUB-1).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { jobGate, type Gate } from "../../../crawler/politeness/gates";
import type { Job } from "../../../crawler/schedule/claim";
import { GATES, REQUEST_CHECKS, gateTable } from "../../../lib/gate-list";

const job = { kind: "frontpage", sourceId: 1, outletId: 1, url: "https://a.test/" } as unknown as Job;

describe("the gate list", () => {
  test("PUB-1, BLK-1: the job's checks run in the list's order whatever order they are wired in", async () => {
    const ran: string[] = [];
    const check =
      (id: string): Gate =>
      async () => (ran.push(id), { kind: "go" });
    await jobGate({ closed: check("closed"), publishers: check("publishers") })(job, 0);
    expect(ran).toEqual(["publishers", "closed"]);
  });

  test("the first check that does not say go decides, and later ones do not run", async () => {
    const ran: string[] = [];
    const gate = jobGate({
      publishers: async () => (ran.push("publishers"), { kind: "skip", why: "excluded" }),
      closed: async () => (ran.push("closed"), { kind: "go" }),
    });
    expect(await gate(job, 0)).toEqual({ kind: "skip", why: "excluded" });
    expect(ran).toEqual(["publishers"]);
  });

  test("ROB-1, POL-1: every job check comes before the request's checks, robots.txt first among them", () => {
    const runs = GATES.map((g) => g.runs);
    expect(runs.indexOf("request")).toBe(runs.lastIndexOf("job") + 1);
    expect(REQUEST_CHECKS).toEqual(["robots", "backoff", "pacing"]);
  });

  test("docs/architecture.md prints the list as it is", () => {
    const doc = readFileSync(new URL("../../../docs/architecture.md", import.meta.url), "utf8");
    const printed = doc.slice(doc.indexOf("<!-- gate-table -->\n") + 20, doc.indexOf("\n<!-- /gate-table -->"));
    expect(printed).toBe(gateTable());
  });
});
