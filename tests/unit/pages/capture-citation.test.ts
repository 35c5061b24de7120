/** A capture cited as evidence: its digest and citation line (SPEC WEB-5). */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { captureDigest, citationLine } from "../../../lib/pages/capture-citation";

const links = [
  { rank: 2, url: "https://medio.es/b", headline: "Segunda noticia" },
  { rank: 1, url: "https://medio.es/a", headline: "Primera noticia" },
];

describe("citing a front-page capture", () => {
  it("WEB-5, WEB-10: the digest is SHA-256 of «rank TAB url TAB headline» lines in rank order, so anyone can recompute it", () => {
    const expected = createHash("sha256")
      .update("1\thttps://medio.es/a\tPrimera noticia\n2\thttps://medio.es/b\tSegunda noticia\n")
      .digest("hex");
    expect(captureDigest(links)).toBe(`sha256:${expected}`);
    expect(captureDigest([...links].reverse())).toBe(captureDigest(links));
    expect(captureDigest([{ ...links[0]!, headline: "Segunda noticia, cambiada" }, links[1]!])).not.toBe(captureDigest(links));
  });

  it("WEB-5, WEB-10: the citation names the outlet, the minute in peninsular time, the capture, the digest, the permalink and the day consulted", () => {
    const line = citationLine({
      outletName: "EL PAÍS",
      captureId: 1234,
      at: Date.parse("2026-12-05T09:15:30Z"),
      digest: "sha256:abc",
      url: "https://hemeroscopio.example/cabeceras/elpais/capturas/1234",
      consultedAt: Date.parse("2026-12-05T23:30:00Z"),
    });
    expect(line).toBe(
      "Hemeroscopio. Portada de EL PAÍS, 5 dic 2026, 10:15 (hora peninsular), captura n.º 1234, sha256:abc. " +
        "https://hemeroscopio.example/cabeceras/elpais/capturas/1234. Consultado el 6 de diciembre de 2026.",
    );
  });
});
