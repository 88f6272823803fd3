import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  /** the message as it came over the wire, headers and body */
  raw: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that records what it receives. Pass the `port` and `received` of
 * a sink closed earlier to bring "the same" server back, as after an SMTP outage.
 */
export async function startSmtpSink(port = 0, received: ReceivedMail[] = []): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // An unfolded header value (RFC 5322 folds long ones onto indented lines).
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
            .exec(raw)?.[1]
            ?.replace(/\r?\n[ \t]/g, ' ');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header('Message-ID') ?? '',
          subject: header('Subject') ?? '',
          raw,
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (an SMTP server that is down). */
export async function closedSmtpPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}
