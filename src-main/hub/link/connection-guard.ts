import type { Socket } from 'node:net';
import type { Logger } from '../../base/log';

/**
 * Who may hold the hub's port. Every connection is a stranger until it proves a device credential
 * on the screens' socket (pairing's requests and the card stay strangers): a port scan, a browser,
 * one device on the Wi-Fi opening connections and never speaking. Strangers are held to a few per
 * address (the extra one is refused) and to a share of the server's places in all (the extra one
 * pushes out the oldest stranger), so what is left of the server's `maxConnections` is always the
 * proven devices', and a screen reconnecting — itself a stranger for the fraction of a second its
 * handshake and credential take — still gets in. A stranger silent before TLS is cut by the TLS
 * server itself (`handshakeTimeout`, ConnectionCaps.handshakeWithinMs); past TLS, by the HTTPS
 * server's header and request timeouts, or the screens' credential deadline.
 *
 * Addresses are compared whole: on a LAN every IPv6 device shares one /64, so a device that gives
 * itself many addresses is left to the cap in all.
 */
export interface ConnectionCaps {
  /** Strangers at once from one address. */
  perAddress: number;
  /** Strangers at once in all (the server keeps at most half its places for them, whatever this says). */
  strangers: number;
  /** A connection that has not finished its TLS handshake by then is cut (tls.Server `handshakeTimeout`, 120 s by default). */
  handshakeWithinMs: number;
}

/**
 * A store's LAN: a handful of screens, each one socket once paired, and a pairing's or a card's
 * request now and then: no device needs more than a few at once. Its screens are next to it:
 * a handshake takes milliseconds there, so 5 s is generous.
 */
export const HUB_CONNECTION_CAPS: ConnectionCaps = { perAddress: 8, strangers: 64, handshakeWithinMs: 5_000 };

export class ConnectionGuard {
  /** Strangers now, oldest first, by connection: the TLS socket and the TCP one under it have the same address and port. */
  private readonly strangers = new Map<string, { address: string; socket: Socket }>();
  private readonly perAddress = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  /** Addresses already logged as over their cap (until they hold none again): a flood is one line, not thousands. */
  private readonly told = new Set<string>();

  constructor(
    private readonly caps: Pick<ConnectionCaps, 'perAddress' | 'strangers'>,
    private readonly logger: Logger,
  ) {}

  /** Strangers held now. */
  get count(): number {
    return this.strangers.size;
  }

  /** A TCP connection the server accepted, before its TLS handshake: held as a stranger, or cut now. */
  admit(socket: Socket): void {
    const { remoteAddress: address, remotePort: port } = socket;
    if (address === undefined || port === undefined) return void socket.destroy();
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.caps.perAddress) {
      if (!this.told.has(address)) this.logger.warn('hub: too many connections from one address; more are refused', { address, held: fromAddress });
      this.told.add(address);
      socket.destroy();
      return;
    }
    const key = connectionKey(address, port);
    this.sockets.add(socket);
    this.strangers.set(key, { address, socket });
    this.perAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.forget(key);
    });
    if (this.strangers.size > this.caps.strangers) this.pushOutOldest();
  }

  /** The connection under `socket` (the screen's TLS socket) proved a device credential: no stranger any more. */
  proven(socket: { remoteAddress?: string | undefined; remotePort?: number | undefined }): void {
    if (socket.remoteAddress !== undefined && socket.remotePort !== undefined) this.forget(connectionKey(socket.remoteAddress, socket.remotePort));
  }

  /** Cuts every connection, those still before TLS too (the HTTPS server only knows the ones past it). */
  closeAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private pushOutOldest(): void {
    const [key, oldest] = this.strangers.entries().next().value ?? [];
    if (key === undefined || !oldest) return;
    this.logger.debug('hub: too many strangers at once; the oldest is cut', { address: oldest.address });
    this.forget(key);
    oldest.socket.destroy();
  }

  private forget(key: string): void {
    const stranger = this.strangers.get(key);
    if (!stranger) return;
    this.strangers.delete(key);
    const left = (this.perAddress.get(stranger.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stranger.address, left);
    else {
      this.perAddress.delete(stranger.address);
      this.told.delete(stranger.address);
    }
  }
}

function connectionKey(address: string, port: number): string {
  return `${address}|${port}`;
}
