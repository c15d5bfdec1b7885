import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  /** Every mail accepted, parsed. */
  mails: ParsedMail[];
  /** RCPT TO commands seen (each delivery attempt that got that far). */
  attempts: number;
  /** Answer the next RCPT TO with this reply instead of accepting (a 4xx or 5xx), per attempt. */
  refuse: ((attempt: number) => { code: number; message: string } | undefined) | undefined;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (Nodemailer's smtp-server): plain, no auth, on `port` (0: any free one). */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0, mails: [], attempts: 0, refuse: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.attempts += 1;
      const refusal = state.refuse?.(state.attempts);
      if (!refusal) return callback();
      const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        state.mails.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}

/** The links in a mail's text. */
export function linksIn(mail: ParsedMail): string[] {
  return [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}
