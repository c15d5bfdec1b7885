import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process that keeps every mail it accepts (plain, no auth). */
export class Mailbox {
  private constructor(
    private readonly server: SMTPServer,
    readonly mails: ParsedMail[],
  ) {}

  static async start(port: number): Promise<Mailbox> {
    const mails: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      },
    });
    const box = new Mailbox(server, mails);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    expect((server.server.address() as AddressInfo).port).toBe(port);
    return box;
  }

  /** The first link containing `path` in the newest mail to `address`, once `count` mails to it have arrived. */
  async linkFor(address: string, path: string, count = 1, timeout = 60_000): Promise<string> {
    let link: string | undefined;
    await expect.poll(() => {
      const mine = this.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);
      const mail = mine.length >= count ? mine.at(-1) : undefined;
      link = [...(mail?.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).find((l) => l.includes(path));
      return link;
    }, { timeout }).toBeTruthy();
    return link!;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
