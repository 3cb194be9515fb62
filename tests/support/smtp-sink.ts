/** An SMTP server on 127.0.0.1 for tests: what the console's mail would reach, recorded. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:port` */
  url: string;
  received: ReceivedMail[];
  /** Stops listening (a second call does nothing): mail sent after it fails to connect. */
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closing: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => (closing ??= new Promise<void>((resolve) => server.close(resolve))),
  };
}
