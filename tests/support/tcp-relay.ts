/**
 * A loopback TCP relay to a real server that a test can cut (every connection dropped,
 * the port closed) and restore on the same port: a database going away and coming back.
 */
import net, { type AddressInfo } from "node:net";

export interface TcpRelay {
  open(): Promise<void>;
  cut(): Promise<void>;
  port(): number;
}

export function tcpRelay(target: { host: string; port: number }): TcpRelay {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s));
            s.on("error", () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, "127.0.0.1", () => {
          port = (server!.address() as AddressInfo).port;
          resolve();
        });
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
    port: () => port,
  };
}

/** `url` with its port replaced by the relay's. */
export function throughRelay(url: string, relay: TcpRelay): string {
  const u = new URL(url);
  u.port = String(relay.port());
  return u.toString();
}
