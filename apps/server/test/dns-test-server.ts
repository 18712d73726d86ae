import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';

// A name server of the tests' own on 127.0.0.1 (UDP): it answers the TXT records a test publishes
// and "no such name" for everything else, so single sign-on's domain proof runs its real look-ups
// (SSO_DNS_SERVERS) without reaching any other server.

export type TDnsTestServer = {
  /** `127.0.0.1:port`, as SSO_DNS_SERVERS takes it. */
  address: string;
  /** Publishes a TXT record (replacing any of that name); `undefined` removes it. */
  setTxt: (name: string, value: string | undefined) => void;
  close: () => Promise<void>;
};

/** On a random port, or on `port` when the server under test was told it beforehand. */
export const startDnsTestServer = async ({ port = 0 }: { port?: number } = {}): Promise<TDnsTestServer> => {
  const records = new Map<string, string>();
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const [question] = query.questions ?? [];
    const value = question?.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      // 0x8000 response, 0x0100 recursion desired (echoed), 0x0080 recursion available; rcode 3 = NXDOMAIN
      flags: 0x8180 | (value === undefined ? 3 : 0),
      questions: query.questions ?? [],
      answers:
        value === undefined || !question
          ? []
          : [{ type: 'TXT', class: 'IN', name: question.name, ttl: 1, data: [value] }],
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt: (name, value) => {
      if (value === undefined) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), value);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
};
