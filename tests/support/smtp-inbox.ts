/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives, for
 * tests of the operator's mail. Plain SMTP, no STARTTLS, no auth; it can be told to refuse
 * mail (a 451, as a server having trouble would) until told otherwise.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One received mail, decoded enough to assert on. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  contentType: string;
  text: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1] ?? "";
  const text = decodeBody(raw.slice(split + 4), header("Content-Transfer-Encoding")).replace(/\r\n/g, "\n");
  return { from, to, subject: decodeWords(header("Subject")), contentType: header("Content-Type"), text, raw };
}

/** Starts the server on 127.0.0.1; `url` is what HEMEROSCOPIO_SMTP_URL would hold. */
export async function startSmtpInbox(): Promise<{ url: string; mails: ReceivedMail[]; refuse(on: boolean): void; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) {
        const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const from = session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address;
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString("latin1"),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (on) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
