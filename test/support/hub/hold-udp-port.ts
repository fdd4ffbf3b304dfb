/**
 * Holds the UDP port PORT on every address without sharing it (no SO_REUSEADDR), as a program that
 * takes mDNS's port for itself would; prints one JSON line once it holds it, and lets go when its
 * stdin closes.
 */
import { createSocket } from 'node:dgram';

const socket = createSocket({ type: 'udp4', reuseAddr: false });
socket.once('error', (error) => {
  process.stdout.write(`${JSON.stringify({ event: 'error', message: error.message })}\n`);
  process.exit(1);
});
socket.bind(Number(process.env.PORT), '0.0.0.0', () => process.stdout.write(`${JSON.stringify({ event: 'holding' })}\n`));
process.stdin.on('end', () => socket.close(() => process.exit(0)));
process.stdin.resume();
