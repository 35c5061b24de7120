import { describe, expect, it } from "vitest";
import type { AttentionItem } from "../../../db/admin-attention";
import { composeOperatorMail } from "../../../crawler/notify/mail-text";
import { retryDelayMs } from "../../../crawler/notify/operator-notices";
import { confirmationPromise } from "../../../lib/exclusion-request";

const item = (n: number, over: Partial<AttentionItem> = {}): AttentionItem => ({
  key: `dead-${n}`,
  topic: `dead-${n}`,
  kind: "fuente-muerta",
  title: `Fuente muerta: Diario ${n} (feed)`,
  detail: `https://diario${n}.test/rss no responde.`,
  since: n,
  path: "/admin/cabeceras",
  ...over,
});

describe("the operator's mail", () => {
  it("ADM-3: one item is a mail of its own, titled by it, with the link to where it is handled", () => {
    const m = composeOperatorMail([item(1)], "https://obs.example");
    expect(m.subject).toBe("Hemeroscopio: Fuente muerta: Diario 1 (feed)");
    expect(m.text.split("\n").slice(0, 3)).toEqual([
      "Fuente muerta: Diario 1 (feed)",
      "https://diario1.test/rss no responde.",
      "https://obs.example/admin/cabeceras",
    ]);
    expect(m.text).toContain("Todo lo pendiente: https://obs.example/admin/atencion");
  });

  it("ADM-3: several items at once are one numbered digest", () => {
    const m = composeOperatorMail([item(1), item(2), item(3)], "https://obs.example");
    expect(m.subject).toBe("Hemeroscopio: 3 avisos nuevos");
    expect(m.text).toMatch(/^3 avisos nuevos necesitan tu atención:\n\n1\. Fuente muerta: Diario 1 \(feed\)\n/);
    expect(m.text).toContain("\n\n3. Fuente muerta: Diario 3 (feed)\n");
  });

  it("ADM-3: a line break in a title cannot add a header or reshape the mail; a long subject is cut", () => {
    const m = composeOperatorMail([item(1, { title: `Error\r\nBcc: x@y.test ${"a".repeat(300)}` })], "https://obs.example");
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.subject.length).toBeLessThanOrEqual(150);
    expect(m.text.split("\n")[0]).toMatch(/^Error Bcc: x@y\.test a+$/);
  });

  it("ADM-3: a failed send waits 1, 2, 4 … minutes before the next try, at most an hour", () => {
    expect([1, 2, 3, 4, 7, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000]);
  });

  it("ADM-3: the exclusion's page promises a confirmation by mail only when mail is configured", () => {
    expect(confirmationPromise(true)).toMatch(/por correo/);
    expect(confirmationPromise(false)).not.toMatch(/correo/);
    expect(confirmationPromise(false)).toMatch(/esta página y en el registro público/);
  });
});
