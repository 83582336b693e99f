/**
 * A small TCP load balancer for the scale-out tests: each new connection goes to the next
 * backend in turn; a backend that refuses the connection is skipped, like a load balancer whose
 * health check has not noticed yet.
 */
import net from 'node:net';

export interface RoundRobinProxy {
  port: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backendPorts: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const connect = (client: net.Socket, tries: number) => {
    const port = backendPorts[next++ % backendPorts.length];
    const upstream = net.connect(port, '127.0.0.1');
    const refused = () => {
      if (tries < backendPorts.length) connect(client, tries + 1);
      else client.destroy();
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.once('close', () => { sockets.delete(upstream); client.destroy(); });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    connect(client, 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
