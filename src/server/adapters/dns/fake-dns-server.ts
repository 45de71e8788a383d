import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny DNS server over UDP for tests (DESIGN rule 7: the real provider is tested against a local
 * fake). It answers TXT questions from `records` (name -> records, each a list of character-strings),
 * NXDOMAIN for names it does not hold, and SERVFAIL for names in `failing`.
 */
export async function startFakeDnsServer(records: Record<string, string[][]>, failing: string[] = []) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    const reply = answer(query, records, failing);
    if (reply) socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = (socket.address() as AddressInfo).port;
  return { server: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

const TXT = 16;

function answer(query: Buffer, records: Record<string, string[][]>, failing: string[]): Buffer | null {
  if (query.length < 12) return null;
  // The question: labels up to a zero byte, then type and class.
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    const len = query[at];
    labels.push(query.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += len + 1;
  }
  const questionEnd = at + 5;
  if (questionEnd > query.length) return null;
  const name = labels.join('.').toLowerCase();
  const type = query.readUInt16BE(at + 1);
  const found = records[name];
  const rcode = failing.includes(name) ? 2 : found ? 0 : 3;
  const answers = rcode === 0 && type === TXT ? found : [];

  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  header.writeUInt16BE(0x8180 | rcode, 2); // response, recursion desired and available
  header.writeUInt16BE(1, 4); // one question
  header.writeUInt16BE(answers.length, 6);
  const parts = [header, query.subarray(12, questionEnd)];
  for (const strings of answers) {
    const rdata = Buffer.concat(strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])));
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(TXT, 2);
    rr.writeUInt16BE(1, 4); // class IN
    rr.writeUInt32BE(60, 6); // TTL
    rr.writeUInt16BE(rdata.length, 10);
    parts.push(rr, rdata);
  }
  return Buffer.concat(parts);
}
