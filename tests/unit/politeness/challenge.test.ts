import { describe, expect, it } from "vitest";
import { detectChallenge, type ChallengeVendor } from "@/crawler/politeness/challenge";
import type { HeaderBag } from "@/crawler/politeness/http-fields";

// Real-looking interstitials, shortened; tokens and ids are made up.
const CLOUDFLARE_MANAGED = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<meta http-equiv="refresh" content="390"></head><body class="no-js"><div class="main-wrapper" role="main">
<div class="main-content"><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "www.diario.test",cType: 'managed',cRay: '8fcb3f8a0cc56750',
cUPMDTk: "\\/portada?__cf_chl_tk=abc123-1700000000-0-gaNycGzNCxs"};var cpo = document.createElement('script');
cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8fcb3f8a0cc56750';
document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;
const CLOUDFLARE_TITLE_ONLY = `<html><head><title>Just a moment&hellip;</title></head><body>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script></body></html>`;
const CLOUDFLARE_LEGACY = `<html><head><title>Please Wait... | Cloudflare</title></head><body>
<div id="cf-challenge-running">Checking your browser before accessing diario.test.</div></body></html>`;
const CLOUDFLARE_BLOCK = `<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>
<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper"><h1>Sorry, you have been blocked</h1>
<span>Cloudflare Ray ID: <strong>8fcb3f8a0cc56750</strong></span></div></div></body></html>`;
const DDOS_GUARD = `<!DOCTYPE html><html><head><title>DDoS-Guard</title><meta charset="utf-8">
<script src="/.well-known/ddos-guard/js-challenge/index.js"></script></head>
<body><div id="title">Checking your browser before accessing diario.test</div></body></html>`;
const DDOS_GUARD_CAPTCHA = `<html><head><title>Comprobación</title></head><body>
<iframe src="/.well-known/ddos-guard/ddg-captcha-page/index.html"></iframe></body></html>`;
const QRATOR = `<html><head><meta charset="utf-8"><script src="/__qrator/qauth_utm_v2_e8e0.js" async defer></script></head><body></body></html>`;
const AKAMAI = `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;www&#46;diario&#46;test&#47;" on this server.<P>
Reference&#32;&#35;18&#46;2f3c1202&#46;1700000000&#46;1a2b3c4d
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;2f3c1202&#46;1700000000&#46;1a2b3c4d</P>
</BODY>
</HTML>`;
const DATADOME = `<html><head><title>diario.test</title><style>#cmsg{animation: A 1.5s;}</style></head><body style="margin:0">
<p id="cmsg">Please enable JS and disable any ad blocker</p><script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA',
'hsh':'2013457ADA70C67D6A4123E0A76873','t':'fe','s':43337,'e':'3ab0d1','host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;
const PERIMETERX = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Access to this page has been denied</title>
<script>window._pxAppId = 'PXabcdefgh';window._pxJsClientSrc = '/abcdefgh/init.js';window._pxHostUrl = '/abcdefgh/xhr';</script>
</head><body><div class="px-captcha-container"><div class="px-captcha-message">Press &amp; Hold to confirm you are<br>a human (and not a bot).</div>
<div id="px-captcha"></div></div><script src="/abcdefgh/captcha/captcha.js?a=c&u=1b2c&v=&m=0"></script></body></html>`;
const PERIMETERX_NO_DIV = `<html><head><title>Access to this page has been denied.</title><script>window._pxAppId='PXabcdefgh';</script></head>
<body><p>Access to this page has been denied because we believe you are using automation tools to browse the website.</p></body></html>`;
const IMPERVA = `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"></head><body style="margin:0px;height:100%">
<iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=9&xinfo=10-1-0&incident_id=1234-5678&edet=12" frameborder=0>
Request unsuccessful. Incapsula incident ID: 1234-5678</iframe></body></html>`;
const SUCURI = `<html><head><title>You are being redirected...</title><script>var s={},u,c,U,r,i,l=0,a,e=eval,w=String.fromCharCode,
sucuri_cloudproxy_js='',S='cz0iMTAiOw==';</script></head><body></body></html>`;
const VERCEL = `<!DOCTYPE html><html><head><title>Vercel Security Checkpoint</title></head><body><p>We're verifying your browser</p></body></html>`;
const ANUBIS = `<!doctype html><html><head><title>Making sure you&#39;re not a bot!</title>
<script id="anubis_challenge" type="application/json">{"challenge":"abc","rules":{"difficulty":4}}</script></head><body></body></html>`;

const pages: [ChallengeVendor, string, HeaderBag, string][] = [
  ["cloudflare", "managed challenge", { server: "cloudflare", "cf-ray": "8fcb3f8a0cc56750-MAD" }, CLOUDFLARE_MANAGED],
  ["cloudflare", "title with challenge-platform script", {}, CLOUDFLARE_TITLE_ONLY],
  ["cloudflare", "legacy interstitial", {}, CLOUDFLARE_LEGACY],
  ["cloudflare", "block page", {}, CLOUDFLARE_BLOCK],
  ["cloudflare", "cf-mitigated header on an empty body", { "CF-Mitigated": "challenge" }, ""],
  ["aws-waf", "x-amzn-waf-action header", { "x-amzn-waf-action": "challenge" }, "<html><body></body></html>"],
  ["ddos-guard", "js-challenge", { server: "ddos-guard" }, DDOS_GUARD],
  ["ddos-guard", "captcha page", {}, DDOS_GUARD_CAPTCHA],
  ["qrator", "qauth script", {}, QRATOR],
  ["akamai", "Access Denied page", { server: "AkamaiGHost" }, AKAMAI],
  ["datadome", "captcha-delivery interstitial", { "x-datadome": "protected" }, DATADOME],
  ["perimeterx", "press & hold", {}, PERIMETERX],
  ["perimeterx", "denied page with app id", {}, PERIMETERX_NO_DIV],
  ["imperva", "incident page", {}, IMPERVA],
  ["sucuri", "cloudproxy js", {}, SUCURI],
  ["sucuri", "x-sucuri-block header", { "X-Sucuri-Block": "BL001" }, ""],
  ["vercel", "security checkpoint", {}, VERCEL],
  ["anubis", "proof-of-work", {}, ANUBIS],
];
const challenges = pages.flatMap(([vendor, name, headers, body]) =>
  [200, 403, 503].map((status) => [`${vendor} ${name} served with ${status}`, vendor, status, headers, body] as const),
);

describe("detectChallenge — real markers (BLK-5)", () => {
  it.each(challenges)("BLK-5: %s is a challenge", (_name, vendor, status, headers, body) => {
    expect(detectChallenge({ status, headers, body })?.vendor).toBe(vendor);
  });

  it("BLK-5: cf-mitigated also marks a 429 (Super Bot Fight Mode)", () => {
    expect(detectChallenge({ status: 429, headers: { "cf-mitigated": "challenge" } })).toEqual({
      vendor: "cloudflare",
      marker: "cf-mitigated: challenge",
    });
  });

  it("BLK-5: a Qrator server refusing with 401 is a Qrator block", () => {
    expect(detectChallenge({ status: 401, headers: { server: "QRATOR" }, body: "<html></html>" })?.vendor).toBe("qrator");
  });
});

const article = (text: string, head = ""): string =>
  `<!DOCTYPE html><html lang="es"><head><title>Noticia | Diario</title>${head}</head><body><article><h1>Titular</h1><p>${text}</p></article></body></html>`;

const normal: [string, number, HeaderBag, string][] = [
  [
    "an article about a Cloudflare outage",
    200,
    { server: "cloudflare", "cf-ray": "8fcb-MAD", "cf-cache-status": "HIT" },
    article("Cloudflare sufrió una caída; muchos usuarios vieron la página «Just a moment...» y el mensaje Checking your browser."),
  ],
  [
    "an article about Akamai",
    200,
    { server: "AkamaiGHost" },
    article("Akamai explicó que el error «Access Denied: You don't have permission to access» afectó a bancos."),
  ],
  [
    "an article about captchas",
    200,
    {},
    article("Los captcha, DataDome, PerimeterX y el «Press & Hold» de HUMAN frenan a los bots. La web captcha-delivery.com fue citada."),
  ],
  ["an article about DDoS-Guard and Qrator", 200, {}, article("DDoS-Guard y Qrator protegen webs rusas; Incapsula y Sucuri también.")],
  [
    "a page with Cloudflare bot-management JS",
    200,
    { server: "cloudflare" },
    article("Texto.", `<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script>`),
  ],
  [
    "a comment form with a Turnstile widget",
    200,
    {},
    article("Comenta.", `<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>`),
  ],
  [
    "a DataDome-protected page",
    200,
    { "x-datadome": "protected", "set-cookie": "datadome=abc" },
    article("Texto.", `<script src="https://js.datadome.co/tags.js" async></script>`),
  ],
  [
    "a PerimeterX-protected page",
    200,
    {},
    article(
      "Texto.",
      `<script>window._pxAppId='PXabcdefgh';</script><script src="//client.perimeterx.net/PXabcdefgh/main.min.js"></script>`,
    ),
  ],
  [
    "an Imperva-protected page",
    200,
    { "x-iinfo": "10-1-0" },
    article("Texto.", `<script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script>`),
  ],
  ["a Qrator-served page", 200, { server: "QRATOR" }, article("Texto.")],
  [
    "a plain 403 with no vendor markup",
    403,
    { server: "nginx" },
    "<html><head><title>403 Forbidden</title></head><body>Forbidden</body></html>",
  ],
  ["a plain 503", 503, { "retry-after": "120" }, "<html><head><title>Service Unavailable</title></head></html>"],
  [
    "a headline titled like a challenge",
    200,
    {},
    "<html><head><title>Just a moment...</title></head><body><p>Un relato.</p></body></html>",
  ],
  ["an empty response", 204, {}, ""],
];

describe("detectChallenge — no false positives (BLK-5)", () => {
  it.each(normal)("BLK-5: %s is not a challenge", (_name, status, headers, body) => {
    expect(detectChallenge({ status, headers, body })).toBeUndefined();
  });
});
