/**
 * ADM-3 mail: the SMTP client (nodemailer), built from `HEMEROSCOPIO_SMTP_URL`. Sends plain
 * text only, with short timeouts so a dead server delays nothing but the next try.
 */
import nodemailer from "nodemailer";
import type { OperatorMail } from "./mail-text";

/** Sends one mail to the operator; rejects when the server does not accept it. */
export type SendOperatorMail = (mail: OperatorMail) => Promise<void>;

/** A sender for `mail` (the configuration's); one connection per mail, closed after it. */
export function createMailSender(mail: { smtpUrl: string; to: string; from: string }): { send: SendOperatorMail; close: () => void } {
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(m) {
      await transport.sendMail({ from: `Hemeroscopio <${mail.from}>`, to: mail.to, subject: m.subject, text: m.text });
    },
    close: () => transport.close(),
  };
}
