/**
 * A front-page capture as the citable page and its SVG read it (SPEC WEB-5): the outlet, the
 * capture and its list, the digest, the permalink and the citation line, or why there is none.
 */
import "server-only";
import type { Executor } from "@/db/client";
import { loadCapture, type CaptureRecord } from "@/db/queries/front-pages/capture";
import { findVisibleOutlet } from "@/db/queries/outlet-page/outlet";
import { captureDigest, citationLine } from "@/lib/pages/capture-citation";
import { captureHref } from "@/lib/pages/history-links";
import type { Policies } from "@/lib/policy";

/** A capture ready to cite. */
export interface CitedCaptureView {
  outlet: { slug: string; name: string };
  capture: CaptureRecord;
  digest: string;
  permalink: string;
  citation: string;
}

/** Why a capture cannot be shown: no such outlet or capture, or the outlet withholds positions. */
export type CaptureMissing = { missing: "capture" | "withheld"; outlet?: { slug: string; name: string } };

/** Capture `captureId` of outlet `slug`, cited as of `now` on the site at `siteUrl`. */
export async function readCitedCapture(
  db: Executor,
  policies: Policies,
  p: { slug: string; captureId: number; now: number; siteUrl: string },
): Promise<CitedCaptureView | CaptureMissing> {
  const outlet = await findVisibleOutlet(db, policies, p.slug);
  if (!outlet) return { missing: "capture" };
  const named = { slug: outlet.slug, name: outlet.name };
  if (!outlet.policy.positions) return { missing: "withheld", outlet: named };
  const capture = await loadCapture(db, { outletId: outlet.id, captureId: p.captureId, policy: outlet.policy });
  if (!capture) return { missing: "capture", outlet: named };
  const digest = captureDigest(capture.links);
  const permalink = new URL(captureHref(outlet.slug, capture.id), p.siteUrl).href;
  const citation = citationLine({
    outletName: outlet.name,
    captureId: capture.id,
    at: capture.at,
    digest,
    url: permalink,
    consultedAt: p.now,
  });
  return { outlet: named, capture, digest, permalink, citation };
}
