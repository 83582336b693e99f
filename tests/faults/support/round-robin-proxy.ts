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
    upstream.once('connect', () => {
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.once('error', () => {
      if (!upstream.readyState.startsWith('open') && tries < backendPorts.length) return connect(client, tries + 1);
      client.destroy();
    });
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
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
