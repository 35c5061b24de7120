/**
 * Published Web Bot Auth test vectors (docs/standards.md §3.5; draft-meunier-webbotauth-httpsig-protocol
 * "Test Vectors", cloudflare/web-bot-auth web_bot_auth_architecture_v2.json). Ed25519 is
 * deterministic, so the same key and parameters must give the same bytes.
 */
import { createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { jwkThumbprint, publicKeyDirectory, signingKeyFrom } from "../../../lib/web-bot-auth/keys";
import { signComponents, signDirectoryResponse, signRequest } from "../../../lib/web-bot-auth/signature";

// RFC 9421 App. B.1.4 test-key-ed25519: a test key, never for production.
const TEST_JWK = {
  kty: "OKP",
  crv: "Ed25519",
  x: "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs",
  d: "n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU",
};
const key = signingKeyFrom(createPrivateKey({ key: TEST_JWK, format: "jwk" }));
const KEYID = "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";
const CREATED = 1735689600;
const AGENT = '"https://signature-agent.test"';

const dictionaryVector = {
  nonce: "n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==",
  params: `("@authority" "signature-agent";key="agent2");created=1735689600;keyid="${KEYID}";alg="ed25519";expires=4889289600;nonce="n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==";tag="web-bot-auth"`,
  signature: ":RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==:",
};

describe("Web Bot Auth published test vectors", () => {
  it("ID-3: keyid is the RFC 7638 thumbprint of the RFC 9421 Ed25519 test key", () => {
    expect(key.keyid).toBe(KEYID);
    expect(jwkThumbprint(key.publicJwk)).toBe(KEYID);
    // docs/standards.md surprise 5: the draft's directory example `kid` is not this key's thumbprint.
    expect(key.keyid).not.toBe("NFcWBst6DXG-N35nHdzMrioWntdzNZghQSkjHNMMSjw");
  });

  it("ID-3: the Dictionary Signature-Agent vector gives the exact base, Signature-Input and Signature", () => {
    const signed = signComponents({
      label: "sig2",
      components: [
        { name: "@authority", value: "example.com" },
        { name: "signature-agent", params: [["key", "agent2"]], value: AGENT },
      ],
      params: [
        ["created", CREATED],
        ["keyid", KEYID],
        ["alg", "ed25519"],
        ["expires", 4889289600],
        ["nonce", dictionaryVector.nonce],
        ["tag", "web-bot-auth"],
      ],
      privateKey: key.privateKey,
    });
    const base = [
      '"@authority": example.com',
      `"signature-agent";key="agent2": ${AGENT}`,
      `"@signature-params": ${dictionaryVector.params}`,
    ].join("\n");
    expect(signed.base).toBe(base);
    expect(Buffer.byteLength(signed.base)).toBe(375);
    expect(signed.signatureInput).toBe(`sig2=${dictionaryVector.params}`);
    expect(signed.signature).toBe(`sig2=${dictionaryVector.signature}`);
  });

  it("ID-3: signRequest reproduces the Dictionary vector's headers byte for byte (label relabelled, RFC 9421 §7.2.5)", () => {
    // The vector keys its Signature-Agent member `agent2` and labels the signature `sig2`; we key the
    // member by our label (httpsig-protocol-02), and a label is not part of the signature base.
    const headers = signRequest({
      url: "https://example.com/path/to/resource",
      key,
      signatureAgent: "https://signature-agent.test",
      now: CREATED * 1000 + 999,
      nonce: dictionaryVector.nonce,
      ttlSeconds: 4889289600 - CREATED,
      label: "agent2",
    });
    expect(headers).toEqual({
      "Signature-Agent": `agent2=${AGENT}`,
      "Signature-Input": `agent2=${dictionaryVector.params}`,
      Signature: `agent2=${dictionaryVector.signature}`,
    });
  });

  it("ID-3: the legacy sf-string Signature-Agent vector signs to the published value", () => {
    const nonce = "e8N7S2MFd/qrd6T2R3tdfAuuANngKI7LFtKYI/vowzk4lAZYadIX6wW25MwG7DCT9RUKAJ0qVkU0mEeLElW1qg==";
    const signed = signComponents({
      label: "sig2",
      components: [
        { name: "@authority", value: "example.com" },
        { name: "signature-agent", value: AGENT },
      ],
      params: [
        ["created", CREATED],
        ["keyid", KEYID],
        ["alg", "ed25519"],
        ["expires", 1735693200],
        ["nonce", nonce],
        ["tag", "web-bot-auth"],
      ],
      privateKey: key.privateKey,
    });
    expect(signed.signatureInput).toBe(
      `sig2=("@authority" "signature-agent");created=1735689600;keyid="${KEYID}";alg="ed25519";expires=1735693200;nonce="${nonce}";tag="web-bot-auth"`,
    );
    expect(signed.signature).toBe("sig2=:jdq0SqOwHdyHr9+r5jw3iYZH6aNGKijYp/EstF4RQTQdi5N5YYKrD+mCT1HA1nZDsi6nJKuHxUi/5Syp3rLWBA==:");
  });

  it("ID-3: the minimal @authority-only vector signs to the published value", () => {
    const nonce = "zIW8+cdmA3vdYagbxojpONwa/l0EKJ/O3/wD486VvsQjO/RxPaSt6ZxvQaMcQzNnqKN/mQ6hpGiFro2L2qkz5A==";
    const signed = signComponents({
      label: "sig1",
      components: [{ name: "@authority", value: "example.com" }],
      params: [
        ["created", CREATED],
        ["keyid", KEYID],
        ["alg", "ed25519"],
        ["expires", 4889289600],
        ["nonce", nonce],
        ["tag", "web-bot-auth"],
      ],
      privateKey: key.privateKey,
    });
    expect(signed.signature).toBe("sig1=:QKN4fTdIYfh82fvoZCQiQA1weuozfCS/Led2zTMbewMMqH8PI2Wsy/5c4ao6B6D09nraNQdBNOADg8aM1MqfCg==:");
  });

  it("ID-3: the signed directory response vector: exact body, Content-Digest, Signature-Input and Signature", () => {
    const body = JSON.stringify(publicKeyDirectory([key]));
    expect(body).toBe(`{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"${KEYID}","x":"${TEST_JWK.x}","use":"sig"}]}`);
    const proof = signDirectoryResponse({
      body,
      authority: "signature-agent.test",
      keys: [key],
      now: CREATED * 1000,
      ttlSeconds: 4889289600 - CREATED,
    });
    expect(proof).toEqual({
      "Content-Digest": "sha-256=:CADMT2aBdV/rqQr/NIru64ERQkCobVvllA4V0fLFDu0=:",
      "Signature-Input": `binding=("@authority";req "content-digest");created=1735689600;expires=4889289600;keyid="${KEYID}";tag="http-message-signatures-directory"`,
      Signature: "binding=:l6P8R67tm3kujAxbHWio7ll01qrEZ0dKD/WWlGhNYEmTnFZM8Wt0VQ9zqGfvo7T/UMkBxsigzChM1Gpz7gOVBg==:",
    });
  });
});
