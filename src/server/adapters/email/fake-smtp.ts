import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  envelopeFrom: string;
  recipients: string[];
  user: string | undefined;
  raw: string;
  header(name: string): string | undefined;
  /** The decoded body of the part with this content type, with \n line ends. */
  part(type: 'text/plain' | 'text/html'): string | undefined;
}

/**
 * A local SMTP server for tests (DESIGN rule 7: the real provider is tested against a local fake).
 * Plain connection with optional login; recipients at reject.test are refused at RCPT TO.
 */
export async function startFakeSmtp(opts: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith('@reject.test')) cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
          header: (name) => headerOf(raw.split(/\r\n\r\n/)[0], name),
          part: (type) => partOf(raw, type),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A header's value with folded lines joined. */
function headerOf(head: string, name: string): string | undefined {
  const m = new RegExp(`^${name}:([^\\r\\n]*(?:\\r\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(head);
  return m?.[1].replace(/\r\n[ \t]/g, ' ').trim();
}

/** Enough MIME for nodemailer's output: find the part, undo quoted-printable or base64. */
function partOf(raw: string, type: string): string | undefined {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const chunks = boundary ? raw.split(`\r\n--${boundary}`) : [raw];
  for (const chunk of chunks) {
    const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
    if (!new RegExp(`^content-type: ${type}`, 'im').test(head)) continue;
    const body = rest.join('\r\n\r\n');
    const encoding = headerOf(head, 'content-transfer-encoding')?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    return (encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body).replace(/\r\n/g, '\n');
  }
  return undefined;
}

function decodeQuotedPrintable(body: string): string {
  const s = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === '=' ? /^[0-9A-F]{2}$/i.exec(s.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
