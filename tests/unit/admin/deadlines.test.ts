import { describe, expect, it } from "vitest";
import {
  addBusinessHours,
  bylineDeadline,
  confirmationDeadline,
  deadlineState,
  describeRemaining,
  mailExclusionDeadline,
  replyDeadline,
} from "../../../lib/deadlines";

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe("deadlines (ADM-2)", () => {
  it("PUB-2: an exclusion is confirmed within 72 h of its receipt", () => {
    expect(confirmationDeadline(at("2026-03-02T10:00:00Z"))).toBe(at("2026-03-05T10:00:00Z"));
  });

  it("PUB-4: a reply is published within 3 days of its receipt", () => {
    expect(replyDeadline(at("2026-03-02T10:00:00Z"))).toBe(at("2026-03-05T10:00:00Z"));
  });

  it("PUB-2: 24 business hours skip Saturday and Sunday in Madrid", () => {
    // Monday 10:00 Madrid (09:00Z) → Tuesday 10:00.
    expect(mailExclusionDeadline(at("2026-03-02T09:00:00Z"))).toBe(at("2026-03-03T09:00:00Z"));
    // Friday 18:00 Madrid (17:00Z): 6 h on Friday, weekend skipped, 18 h on Monday → Monday 18:00 Madrid.
    expect(mailExclusionDeadline(at("2026-03-06T17:00:00Z"))).toBe(at("2026-03-09T17:00:00Z"));
    // Received on Saturday: counting starts Monday 00:00 Madrid → Tuesday 00:00 Madrid.
    expect(mailExclusionDeadline(at("2026-03-07T12:00:00Z"))).toBe(at("2026-03-09T23:00:00Z"));
    // The time zone decides what a weekend is: Sunday 23:30 UTC is already Monday in Madrid.
    expect(addBusinessHours(at("2026-03-08T23:30:00Z"), 1)).toBe(at("2026-03-09T00:30:00Z"));
    expect(addBusinessHours(at("2026-03-08T23:30:00Z"), 1, "UTC")).toBe(at("2026-03-09T01:00:00Z"));
  });

  it("PUB-5, ADM-3: a byline request is decided within 24 business hours, weekends skipped", () => {
    // Tuesday 10:00 Madrid → Wednesday 10:00.
    expect(bylineDeadline(at("2026-03-03T09:00:00Z"))).toBe(at("2026-03-04T09:00:00Z"));
    // Friday 18:00 Madrid → Monday 18:00 Madrid.
    expect(bylineDeadline(at("2026-03-06T17:00:00Z"))).toBe(at("2026-03-09T17:00:00Z"));
    expect(deadlineState(bylineDeadline(at("2026-03-06T17:00:00Z")), at("2026-03-09T18:00:00Z"))).toBe("vencido");
  });

  it("ADM-2: states and remaining time in Spanish", () => {
    const d = at("2026-03-05T10:00:00Z");
    expect(deadlineState(d, d - 48 * H)).toBe("a-tiempo");
    expect(deadlineState(d, d - 2 * H)).toBe("vence-pronto");
    expect(deadlineState(d, d + 1)).toBe("vencido");
    expect(deadlineState(d, d + H, d - H)).toBe("cumplido");
    expect(deadlineState(d, d + 2 * H, d + H)).toBe("cumplido-tarde");
    expect(describeRemaining(d, d - (2 * 24 + 3) * H)).toBe("quedan 2 d 3 h");
    expect(describeRemaining(d, d + 5 * H)).toBe("vencido hace 5 h 0 min");
    expect(describeRemaining(d, d - 40 * 60_000)).toBe("quedan 40 min");
  });
});
