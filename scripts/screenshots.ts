/**
 * `npm run screenshots -- [--url http://127.0.0.1:3000] [--out screenshots] [--widths 1280,390] [--also /path]`:
 * full-page PNGs of every public page of a running site (the demo, or a real one) at each
 * width, and a list of what a reader would trip on — a page wider than the screen, text
 * under 11 px, a page not answered. Exits 1 when there is any. Look at the pictures before
 * calling a page done.
 */
import path from "node:path";
import { launchBrowser } from "../tests/support/browser";
import { problemsIn, publicPaths, surveyPages } from "../tests/support/page-survey";
import { parseCommandLine } from "./command-line";

const USAGE = `usage: npm run screenshots -- [--url URL] [--out DIR] [--widths W,W] [--also PATH,PATH]
Full-page PNGs of every public page of a running site at each width, and what a reader
would trip on (a page wider than the screen, text under 11 px, a page not answered); exits 1 if any.
  --url URL     the running site (default http://127.0.0.1:3000)
  --out DIR     where the PNGs go (default screenshots)
  --widths W,W  CSS pixel widths, 200 to 4000 (default 1280,390)
  --also P,P    more paths to take beside every public page (e.g. a capture's permalink)
  -h, --help    print this help`;

async function main(): Promise<number> {
  const { values } = parseCommandLine(USAGE, {
    args: process.argv.slice(2),
    options: {
      url: { type: "string", default: "http://127.0.0.1:3000" },
      out: { type: "string", default: "screenshots" },
      widths: { type: "string", default: "1280,390" },
      also: { type: "string", default: "" },
    },
  });
  const widths = values.widths.split(",").map(Number);
  if (widths.some((w) => !Number.isInteger(w) || w < 200 || w > 4000))
    throw new Error(`--widths takes CSS pixel widths from 200 to 4000, not ${values.widths}`);
  const outDir = path.resolve(values.out);
  const browser = await launchBrowser();
  try {
    const also = values.also.split(",").filter(Boolean);
    if (also.some((p) => !p.startsWith("/"))) throw new Error(`--also takes paths that start with /, not ${values.also}`);
    const paths = [...(await publicPaths(browser, values.url)), ...also];
    const readings = await surveyPages({ browser, siteUrl: values.url, paths, widths, outDir });
    for (const r of readings)
      process.stdout.write(
        `${r.status} ${r.width} px ${r.path}: ${r.overflowPx ? `${r.overflowPx} px too wide` : "fits"}, smallest text ${r.smallestTextPx} px\n`,
      );
    const problems = problemsIn(readings);
    process.stdout.write(`${readings.length} screenshots in ${outDir}\n`);
    for (const p of problems) process.stderr.write(`✗ ${p}\n`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`screenshots: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
