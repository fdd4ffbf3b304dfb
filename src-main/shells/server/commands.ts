import { parseArgs } from 'node:util';
import {
  flagListing,
  parserOptions,
  readCommandLine,
  usageLine,
  usageList,
  wrapText,
  type FlagSpec,
  type FlagSpecs,
  type UsageEntry,
} from '../../../src-shared/command-line';

/**
 * The chain server's command line: its commands, each with its own flags (what its parser accepts
 * and what its `--help` lists), and the usage texts made from them. docs/chain-server.md.
 */
export const SERVER_COMMANDS = ['serve', 'invite', 'devices', 'revoke', 'console-account', 'console-group'] as const;
export type ServerCommand = (typeof SERVER_COMMANDS)[number];

interface CommandSpec {
  /** The command with its required flags, as its usage's first line shows it. */
  synopsis: string;
  summary: string;
  flags: FlagSpecs;
  /** Its one positional argument, when it takes one (revoke's DEVICE_ID). */
  argument?: string;
}

const DATABASE_URL: FlagSpec = {
  type: 'string',
  value: 'URL',
  help: "The chain's PostgreSQL, postgres://user@host:5432/database, without the password (PGPASSWORD or ~/.pgpass).",
};
/** Tests against a sandbox at a pinned time, as the terminal's `--clock-at`. */
const CLOCK_AT: FlagSpec = { type: 'string', value: 'ISO-instant', help: 'Run the clock from this instant (tests against a sandbox at a pinned time).' };
const JSON_OUTPUT: FlagSpec = { type: 'boolean', help: 'Print one JSON object on stdout instead of the text, for scripts.' };
const HELP: FlagSpec = { type: 'boolean', help: 'Print this usage and exit (also -h).' };

const COMMANDS: Record<ServerCommand, CommandSpec> = {
  serve: {
    synopsis: 'serve --database-url URL --tls-cert FILE --tls-key FILE --client-id ID --api-base-url URL [flags]',
    summary:
      'Runs a replica (the default command): polls the platform while it holds the lease (one replica at a time), serves the store terminals, answers health and metrics on the admin port. Prints one line once listening; its logs go to stderr.',
    flags: {
      'database-url': DATABASE_URL,
      listen: { type: 'string', value: 'HOST:PORT', help: "The store terminals' TLS port (default 0.0.0.0:47110; port 0: any free one)." },
      'tls-cert': { type: 'string', value: 'FILE', help: "The screens' certificate (PEM), the same on every replica: terminals pin it." },
      'tls-key': { type: 'string', value: 'FILE', help: 'Its private key (PEM).' },
      'admin-listen': { type: 'string', value: 'HOST:PORT', help: 'Health (/healthz, /readyz) and /metrics (default 127.0.0.1:9464).' },
      'console-listen': {
        type: 'string',
        value: 'HOST:PORT|off',
        help: "The managers' console, HTTPS with the same certificate (default 0.0.0.0:47111; off: none on this replica).",
      },
      'client-id': { type: 'string', value: 'ID', help: "The chain's application on the platform; its secret in STORE_TERMINAL_CLIENT_SECRET." },
      'api-base-url': { type: 'string', value: 'URL', help: "The platform API's address." },
      'poll-interval-seconds': { type: 'string', value: 'N', help: 'Seconds between polls, 1 to 30 (default 30).' },
      'status-interval-seconds': {
        type: 'string',
        value: 'N',
        help: "Seconds between two reads of every store's status, 1 to 60 (default 30; each replica reads every store: mind GET status's 20000/min).",
      },
      name: { type: 'string', value: 'NAME', help: 'The name terminals show for this server (default "Chain server").' },
      'clock-at': CLOCK_AT,
      // Refused with its reason: a command line is readable by every user.
      'client-secret': { type: 'string' },
      help: HELP,
    },
  },
  invite: {
    synopsis: 'invite --database-url URL --stores ID,ID --name NAME [flags]',
    summary:
      "Makes a one-time pairing code for one store terminal of these stores (the manager's approval), and prints it with its expiry. The newest open invite is the one in force.",
    flags: {
      'database-url': DATABASE_URL,
      stores: { type: 'string', value: 'ID,ID', help: 'The stores the terminal will serve (platform store ids, comma-separated).' },
      name: { type: 'string', value: 'NAME', help: 'The terminal\'s name, e.g. "Balcão Centro" (up to 60 characters).' },
      kind: { type: 'string', value: 'counter|kitchen|expo|pickup', help: 'What the terminal is (default counter).' },
      'ttl-minutes': { type: 'string', value: 'N', help: 'How long the code is valid, 1 to 1440 minutes (default 10).' },
      json: JSON_OUTPUT,
      'clock-at': CLOCK_AT,
      help: HELP,
    },
  },
  devices: {
    synopsis: 'devices --database-url URL [--json]',
    summary: 'Lists the paired store terminals: id, kind, name, stores, last contact, state.',
    flags: { 'database-url': DATABASE_URL, json: JSON_OUTPUT, help: HELP },
  },
  revoke: {
    synopsis: 'revoke --database-url URL [--json] DEVICE_ID',
    summary: 'Revokes a store terminal (its id from devices): its connections close on every replica, and it must pair again.',
    flags: { 'database-url': DATABASE_URL, json: JSON_OUTPUT, 'clock-at': CLOCK_AT, help: HELP },
    argument: 'DEVICE_ID',
  },
  'console-account': {
    synopsis: 'console-account --database-url URL --login LOGIN --name NAME [--role owner|area_manager|viewer] < password',
    summary:
      "Makes an account of the managers' console (the first owner, then any): its password is read from standard input (one line, at least 10 characters), never from the command line.",
    flags: {
      'database-url': DATABASE_URL,
      login: { type: 'string', value: 'LOGIN', help: 'What the person types to sign in (an e-mail address or a name; case does not matter).' },
      name: { type: 'string', value: 'NAME', help: 'The name the console and the trail show.' },
      role: { type: 'string', value: 'ROLE', help: "owner (everything, the default), area_manager (only their groups' stores) or viewer (sees, never acts)." },
      json: JSON_OUTPUT,
      'clock-at': CLOCK_AT,
      help: HELP,
    },
  },
  'console-group': {
    synopsis: 'console-group --database-url URL --name NAME --stores ID,ID [--managers LOGIN,LOGIN]',
    summary: 'Makes a group of stores (or adds stores and managers to it): an area manager sees and steers only the stores of their groups.',
    flags: {
      'database-url': DATABASE_URL,
      name: { type: 'string', value: 'NAME', help: 'The group\'s name, e.g. "Zona Sul".' },
      stores: { type: 'string', value: 'ID,ID', help: 'Platform store ids, comma-separated.' },
      managers: { type: 'string', value: 'LOGIN,LOGIN', help: 'The area managers of the group.' },
      json: JSON_OUTPUT,
      help: HELP,
    },
  },
};

const PROGRAM = 'npm run server --';

/** The environment the commands read; the client secret is serve's alone. */
const ENVIRONMENT: readonly (UsageEntry & { serveOnly?: true })[] = [
  {
    term: 'STORE_TERMINAL_CLIENT_SECRET',
    serveOnly: true,
    help: 'The client secret (serve). Never a flag: --client-secret is refused, as a command line is readable by every user.',
  },
  {
    term: 'STORE_TERMINAL_ALERT_WEBHOOK',
    serveOnly: true,
    help: "Where the console's alerts are POSTed as JSON when raised and cleared (serve; optional: its address may carry a token).",
  },
  { term: 'PGPASSWORD', help: "The database's password (or ~/.pgpass), read by the driver." },
  {
    term: 'STORE_TERMINAL_LOG_LEVEL',
    help: 'debug, info, warn or error (default: info for serve, warn for the other commands). Logs are JSON lines on stderr.',
  },
];

function environment(command: ServerCommand | 'all'): string {
  return usageList(ENVIRONMENT.filter((entry) => command === 'all' || command === 'serve' || !entry.serveOnly));
}

/** `npm run server -- --help`: the commands, and where each one's flags are. */
export function serverUsage(): string {
  return [
    ...usageLine(`${PROGRAM} [COMMAND] [flags]`),
    '       node out/main/server.js [COMMAND] [flags]',
    '',
    ...wrapText("The chain server: the hub of a chain's store terminals, on PostgreSQL (docs/chain-server.md).", 0),
    '',
    'Commands:',
    usageList(SERVER_COMMANDS.map((command) => ({ term: command, help: COMMANDS[command].summary }))),
    '',
    `${PROGRAM} COMMAND --help prints a command's flags.`,
    '',
    'Environment:',
    environment('all'),
    '',
  ].join('\n');
}

/** `npm run server -- COMMAND --help`. */
export function commandUsage(command: ServerCommand): string {
  const spec = COMMANDS[command];
  return [
    ...usageLine(`${PROGRAM} ${spec.synopsis}`),
    '',
    ...wrapText(spec.summary, 0),
    '',
    'Flags:',
    flagListing(spec.flags),
    '',
    'Environment:',
    environment(command),
    '',
  ].join('\n');
}

/** A command's flags as parsed: strings, and `json` (the switch). */
export type CommandValues = Partial<Record<string, string | boolean>>;

/** What a command line asks of the server; `usage` is the text a refusal or `--help` shows. */
export type ServerCommandLine =
  | { kind: 'help'; usage: string }
  | { kind: 'refused'; reason: string; usage: string }
  | { kind: 'run'; command: ServerCommand; values: CommandValues; argument: string | undefined };

function isCommand(word: string): word is ServerCommand {
  return (SERVER_COMMANDS as readonly string[]).includes(word);
}

/**
 * The command is the first word (serve when the line starts with a flag), then that command's
 * flags only: a flag of another command is refused, not ignored.
 */
export function readServerCommandLine(argv: readonly string[]): ServerCommandLine {
  const [first] = argv;
  const named = first !== undefined && !first.startsWith('-');
  if (named && !isCommand(first)) return { kind: 'refused', reason: `unknown command ${first}`, usage: serverUsage() };
  const command: ServerCommand = named && isCommand(first) ? first : 'serve';
  const usage = named ? commandUsage(command) : serverUsage();
  const args = named ? argv.slice(1) : argv;
  const spec = COMMANDS[command];
  const line = readCommandLine(args, () =>
    parseArgs({ args: [...args], options: parserOptions(spec.flags), strict: true, allowPositionals: spec.argument !== undefined }),
  );
  if (line.kind === 'help') return { kind: 'help', usage };
  if (line.kind === 'refused') return { ...line, usage };
  const { values, positionals } = line.parsed;
  if (positionals.length > 1) return { kind: 'refused', reason: `${command} takes one ${spec.argument}`, usage };
  return { kind: 'run', command, values: { ...values }, argument: positionals[0] };
}
