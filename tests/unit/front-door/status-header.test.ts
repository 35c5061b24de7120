import { describe, expect, test } from "vitest";
import { STATUS_HEADER, statusFromHeader } from "../../../lib/front-door/page-cache/status-header";

describe("a status asked for by a page that still renders", () => {
  test.each([
    [200, "400", 400],
    [200, undefined, 200],
    [200, "500", 200],
    [200, "abc", 200],
    [404, "400", 404],
    [503, "400", 503],
  ])("SEC-6, WEB-2: upstream %i with %s is sent as %i, and the header never leaves the front door", (status, asked, sent) => {
    const headers: Record<string, string | string[]> = {
      "content-type": "text/html",
      ...(asked === undefined ? {} : { [STATUS_HEADER]: asked }),
    };
    expect(statusFromHeader(status, headers)).toBe(sent);
    expect(headers).toEqual({ "content-type": "text/html" });
  });
});
