/**
 * The connector undici uses for one exchange (SPEC SEC-1, POL-5). It can only reach the
 * vetted `ConnectTarget`: the socket's `lookup` answers with the vetted addresses, so DNS
 * is never asked again (no rebinding), while the URL's host stays the TLS server name
 * (certificates are checked against it). The connect timeout is a real timer owned here,
 * and every socket is handed to `track` so the fetcher can destroy it whatever happens.
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import net, { isIP, type Socket } from "node:net";
import tls from "node:tls";
import type { buildConnector } from "undici";
import type { ConnectTarget, ResolvedAddress } from "./connect-target";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A connector pinned to `target`, failing with `UND_ERR_CONNECT_TIMEOUT` after `connectTimeoutMs` (TCP + TLS). */
export function pinnedConnector(
  target: ConnectTarget,
  connectTimeoutMs: number,
  track: (socket: Socket) => void,
): buildConnector.connector {
  const override = target.via === "override" ? target.addresses[0] : undefined;
  return ({ hostname, protocol, port }, callback) => {
    const defaultPort = protocol === "https:" ? 443 : 80;
    const endpoint = override
      ? // The operator's address:port (an address, or a name they chose, resolved by the system).
        { host: override.address, port: target.port ?? defaultPort }
      : // Happy eyeballs (node:net autoSelectFamily) over the vetted addresses only.
        { host: hostname, port: Number(port) || defaultPort, lookup: pinnedLookup(target.addresses), autoSelectFamily: true };
    const socket: Socket =
      protocol === "https:"
        ? tls.connect({ ...endpoint, servername: isIP(hostname) ? undefined : hostname, ALPNProtocols: ["http/1.1"] })
        : net.connect(endpoint);
    track(socket);
    socket.setNoDelay(true);
    const ready = protocol === "https:" ? "secureConnect" : "connect";
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.off(ready, onReady).off("error", finish).off("close", onClose);
      if (error) {
        socket.destroy();
        callback(error, null);
      } else callback(null, socket);
    };
    const onReady = () => finish();
    const onClose = () => finish(Object.assign(new Error("socket closed while connecting"), { code: "UND_ERR_SOCKET" }));
    const timer = setTimeout(() => {
      finish(Object.assign(new Error(`connect timeout of ${connectTimeoutMs} ms`), { code: "UND_ERR_CONNECT_TIMEOUT" }));
    }, connectTimeoutMs);
    socket.once(ready, onReady).once("error", finish).once("close", onClose);
  };
}

/** A `lookup` for node:net that answers with fixed addresses and never queries DNS. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (_host: string, options: LookupOptions, callback: LookupCallback): void => {
    const wanted = addresses.filter((a) => !options.family || a.family === options.family);
    const chosen = wanted[0];
    if (!chosen) callback(Object.assign(new Error("no vetted address of the requested family"), { code: "ENOTFOUND" }), "");
    else if (options.all)
      callback(
        null,
        wanted.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, chosen.address, chosen.family);
  };
}
