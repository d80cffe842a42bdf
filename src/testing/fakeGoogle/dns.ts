import { createSocket as createUdpSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

// A tiny DNS responder on UDP (RFC 1035) that answers MX questions from a table, so google mode's
// MX lookups (PORTAL_DNS_SERVERS) can run against the fake without the internet. Test-only.

const TYPE_MX = 15;
const CLASS_IN = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_NOTIMP = 4;
const HEADER_BYTES = 12;
const TTL_SECONDS = 300;
const FLAG_RESPONSE = 0x8000;
const FLAG_AUTHORITATIVE = 0x0400;
const FLAG_RECURSION_DESIRED = 0x0100;
const FLAG_RECURSION_AVAILABLE = 0x0080;
/** A pointer to the question's name, which starts right after the header. */
const NAME_POINTER = 0xc000 | HEADER_BYTES;
const MX_PREFERENCE_STEP = 10;

function encodeName(name: string): Buffer {
  const labels = name
    .replace(/\.$/, '')
    .split('.')
    .filter((label) => label !== '');
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

/** The question's name and where it ends; null for a packet this responder does not understand. */
function readQuestion(packet: Buffer): { name: string; end: number; type: number } | null {
  if (packet.length < HEADER_BYTES || packet.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  while (offset < packet.length) {
    const length = packet[offset] ?? 0;
    if (length === 0) break;
    // Questions never use compression; anything else is refused.
    if (length > 63) return null;
    labels.push(packet.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  if (offset + 5 > packet.length) return null;
  const type = packet.readUInt16BE(offset + 1);
  return { name: labels.join('.').toLowerCase(), end: offset + 5, type };
}

function answer(query: Buffer, exchanges: readonly string[] | undefined): Buffer {
  const question = readQuestion(query);
  const header = Buffer.alloc(HEADER_BYTES);
  query.copy(header, 0, 0, 2);
  const recursion = (query.readUInt16BE(2) & FLAG_RECURSION_DESIRED) !== 0;
  let flags = FLAG_RESPONSE | FLAG_AUTHORITATIVE | FLAG_RECURSION_AVAILABLE;
  if (recursion) flags |= FLAG_RECURSION_DESIRED;
  if (question === null) {
    header.writeUInt16BE(flags | RCODE_NOTIMP, 2);
    return header;
  }
  const records =
    question.type === TYPE_MX && exchanges !== undefined
      ? exchanges.map((exchange, index) => {
          const target = encodeName(exchange);
          const fixed = Buffer.alloc(12);
          fixed.writeUInt16BE(NAME_POINTER, 0);
          fixed.writeUInt16BE(TYPE_MX, 2);
          fixed.writeUInt16BE(CLASS_IN, 4);
          fixed.writeUInt32BE(TTL_SECONDS, 6);
          fixed.writeUInt16BE(2 + target.length, 10);
          const preference = Buffer.alloc(2);
          preference.writeUInt16BE((index + 1) * MX_PREFERENCE_STEP);
          return Buffer.concat([fixed, preference, target]);
        })
      : [];
  header.writeUInt16BE(flags | (exchanges === undefined ? RCODE_NXDOMAIN : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(HEADER_BYTES, question.end), ...records]);
}

export interface FakeDns {
  /** host:port, as PORTAL_DNS_SERVERS takes it. */
  server: string;
  /** While true, questions are read and never answered (a DNS server that hangs). */
  silent: boolean;
  questions: string[];
  close(): Promise<void>;
}

/** Answers MX questions from `table` (domain → exchanges); other names are NXDOMAIN. */
export async function startFakeDns(
  table: (domain: string) => readonly string[] | undefined,
  port = 0,
): Promise<FakeDns> {
  const socket = createUdpSocket('udp4');
  const dns: FakeDns = {
    server: '',
    silent: false,
    questions: [],
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (query: Buffer, remote: RemoteInfo) => {
    const question = readQuestion(query);
    if (question !== null) dns.questions.push(question.name);
    if (dns.silent) return;
    const exchanges = question === null ? undefined : table(question.name);
    socket.send(answer(query, exchanges), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  dns.server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return dns;
}
