/**
 * The simulated serial console of a sandbox server (issue 19): what a customer would see on the
 * server's ttyS0. A few boot-log lines, a `login:` prompt that accepts `root` with the server's
 * root password, and a handful of commands, enough to prove the path from the portal's terminal
 * to the server and back. No socket and no database here: consoleSession.ts feeds it the bytes
 * the customer types and sends on what it writes; the password check and the clock are handed in.
 *
 * The console does what a terminal's line discipline would: it echoes what is typed (not the
 * password), handles Backspace, Ctrl-C and Ctrl-D, and ignores escape sequences (arrow keys).
 */
import type { components } from '../../src/api/schema';
import type { Task } from '../billing/resourceRows';

type ServerStatus = components['schemas']['ServerStatus'];

/** A console runs while the server is active and no task stops or replaces it. */
export function consoleCanRun(state: { status: ServerStatus; task: Task | null }): boolean {
  return state.status === 'active' && (state.task === null || state.task === 'reset_password');
}

/** What the console knows of its server. */
export interface ConsoleMachine {
  id: number;
  name: string;
  /** The image's name and distribution, e.g. "Ubuntu 22.04", "ubuntu". */
  imageName: string;
  distro: string;
  ipv4: readonly string[];
  ipv6: readonly string[];
  cpu: number;
  ram: number;
  /** When the server last came up (the sandbox does not keep reboots: its creation). */
  bootedAt: Date;
}

export interface ConsoleIo {
  write: (text: string) => void;
  /** Whether this is the account's root password (constant time; false for other users). */
  checkPassword: (user: string, password: string) => Promise<boolean>;
  now: () => Date;
  /** Ends the session (too many failed sign-ins). */
  end: (reason: string) => void;
}

/** Wrong passwords one session may try before the console hangs up, as `login` does. */
export const MAX_LOGIN_FAILURES = 5;
const MAX_LINE = 1024;
const NL = '\r\n';

type Mode = 'login' | 'password' | 'checking' | 'shell' | 'ended';

export class ConsoleShell {
  private mode: Mode = 'login';
  private line = '';
  private user = '';
  private failures = 0;
  private pending = '';
  private lastWasCr = false;
  private readonly hostname: string;

  constructor(
    private readonly machine: ConsoleMachine,
    private readonly io: ConsoleIo,
  ) {
    this.hostname = hostnameOf(machine.name);
  }

  /** The boot log's last lines and the first prompt. */
  start(): void {
    const kernel = kernelOf(this.machine.distro);
    const lines = [
      `[    0.000000] Linux version ${kernel} (sandbox) #1 SMP`,
      `[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz-${kernel} root=/dev/vda1 ro console=tty1 console=ttyS0,115200n8`,
      `[    0.412871] smpboot: Allowing ${this.machine.cpu} CPUs, 0 hotplug CPUs`,
      `[    0.913502] Memory: ${this.machine.ram * 1024}MB available`,
      `[    2.104419] EXT4-fs (vda1): mounted filesystem with ordered data mode.`,
      `[  OK  ] Started OpenSSH server daemon.`,
      `[  OK  ] Started Serial Getty on ttyS0.`,
      `[  OK  ] Reached target Multi-User System.`,
      '',
      `${this.machine.imageName} ${this.hostname} ttyS0`,
      '',
    ];
    this.io.write(lines.join(NL) + NL);
    this.promptLogin();
  }

  /** What the customer typed or pasted (any number of characters). */
  input(data: string): void {
    if (this.mode === 'ended') return;
    if (this.mode === 'checking') {
      this.pending += data;
      return;
    }
    // Escape sequences (arrows, function keys) do nothing on this simple line editor.
    // eslint-disable-next-line no-control-regex
    const text = data.replace(/\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?/g, '');
    for (let index = 0; index < text.length; index += 1) {
      // A key may have started a password check (the rest waits) or ended the session.
      const mode = this.currentMode();
      if (mode === 'checking') {
        this.pending += text.slice(index);
        return;
      }
      if (mode === 'ended') return;
      this.key(text[index] as string);
    }
  }

  private currentMode(): Mode {
    return this.mode;
  }

  private key(char: string): void {
    const wasCr = this.lastWasCr;
    this.lastWasCr = char === '\r';
    if (char === '\n' && wasCr) return; // CR LF is one Enter
    if (char === '\r' || char === '\n') {
      const line = this.line;
      this.line = '';
      this.io.write(NL);
      this.enter(line);
    } else if (char === '\x7f' || char === '\b') {
      if (this.line.length > 0) {
        this.line = this.line.slice(0, -1);
        if (this.mode !== 'password') this.io.write('\b \b');
      }
    } else if (char === '\x03') {
      this.line = '';
      this.io.write(`^C${NL}`);
      if (this.mode === 'shell') this.promptShell();
      else this.promptLogin();
    } else if (char === '\x04') {
      if (this.mode === 'shell' && this.line === '') this.logout();
    } else if (char === '\t' || char >= ' ') {
      if (this.line.length >= MAX_LINE) return;
      this.line += char;
      if (this.mode !== 'password') this.io.write(char);
    }
  }

  private enter(line: string): void {
    if (this.mode === 'login') {
      this.user = line.trim();
      if (this.user === '') this.promptLogin();
      else {
        this.mode = 'password';
        this.io.write('Password: ');
      }
    } else if (this.mode === 'password') {
      this.mode = 'checking';
      void this.io.checkPassword(this.user, line).then(
        (ok) => this.afterCheck(ok),
        () => this.afterCheck(false),
      );
    } else if (this.mode === 'shell') {
      this.run(line.trim());
    }
  }

  private afterCheck(ok: boolean): void {
    if (this.mode !== 'checking') return;
    if (ok) {
      this.failures = 0;
      this.mode = 'shell';
      const when = clockText(this.io.now());
      this.io.write(
        [`Welcome to ${this.machine.imageName}`, '', `Last login: ${when} on ttyS0`, ''].join(NL),
      );
      this.promptShell();
    } else {
      this.failures += 1;
      this.io.write(`${NL}Login incorrect${NL}`);
      if (this.failures >= MAX_LOGIN_FAILURES) {
        this.mode = 'ended';
        this.io.write(`Maximum number of tries exceeded (${MAX_LOGIN_FAILURES})${NL}`);
        this.io.end('too many failed logins');
        return;
      }
      this.promptLogin();
    }
    const queued = this.pending;
    this.pending = '';
    if (queued) this.input(queued);
  }

  private run(command: string): void {
    const [name = '', ...args] = command.split(/\s+/);
    const out = (...lines: string[]) => this.io.write(lines.map((line) => line + NL).join(''));
    switch (name) {
      case '':
        break;
      case 'exit':
      case 'logout':
        this.logout();
        return;
      case 'hostname':
        out(this.hostname);
        break;
      case 'whoami':
        out(this.user);
        break;
      case 'uname':
        out(args.includes('-a') ? this.unameAll() : 'Linux');
        break;
      case 'uptime':
        out(this.uptime());
        break;
      case 'ip':
        if (['a', 'addr', 'address'].includes(args[0] ?? '')) out(...this.ipAddresses());
        else out('Usage: ip a');
        break;
      case 'clear':
        this.io.write('\x1b[H\x1b[2J');
        break;
      case 'help':
        out(
          'This is the sandbox\u2019s simulated serial console. It knows:',
          '  uname -a, hostname, whoami, uptime, ip a, clear, exit',
        );
        break;
      default:
        out(`-bash: ${name}: command not found`);
    }
    this.promptShell();
  }

  private logout(): void {
    this.io.write(`logout${NL}${NL}${this.machine.imageName} ${this.hostname} ttyS0${NL}${NL}`);
    this.user = '';
    this.promptLogin();
  }

  private promptLogin(): void {
    this.mode = 'login';
    this.io.write(`${this.hostname} login: `);
  }

  private promptShell(): void {
    this.io.write(`root@${this.hostname}:~# `);
  }

  private unameAll(): string {
    const kernel = kernelOf(this.machine.distro);
    return `Linux ${this.hostname} ${kernel} #1 SMP x86_64 x86_64 x86_64 GNU/Linux`;
  }

  private uptime(): string {
    const now = this.io.now();
    const minutes = Math.max(
      0,
      Math.floor((now.getTime() - this.machine.bootedAt.getTime()) / 60000),
    );
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const rest = minutes % 60;
    const up =
      (days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : '') +
      (hours > 0 ? `${hours}:${String(rest).padStart(2, '0')}` : `${rest} min`);
    return ` ${clockText(now).slice(11, 19)} up ${up},  1 user,  load average: 0.00, 0.01, 0.00`;
  }

  private ipAddresses(): string[] {
    const mac = macOf(this.machine.id);
    const lines = [
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000',
      '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
      '    inet 127.0.0.1/8 scope host lo',
      '       valid_lft forever preferred_lft forever',
      '2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000',
      `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
    ];
    for (const address of this.machine.ipv4) {
      const broadcast = address.replace(/\.\d+$/, '.255');
      lines.push(
        `    inet ${address}/24 brd ${broadcast} scope global eth0`,
        '       valid_lft forever preferred_lft forever',
      );
    }
    for (const address of this.machine.ipv6) {
      lines.push(
        `    inet6 ${address}/64 scope global`,
        '       valid_lft forever preferred_lft forever',
      );
    }
    return lines;
  }
}

/** A Linux host name from the server's name: lower case, letters, digits and hyphens. */
export function hostnameOf(name: string): string {
  const host = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return host || 'server';
}

function kernelOf(distro: string): string {
  if (distro === 'debian') return '6.1.0-18-amd64';
  if (distro === 'centos') return '5.14.0-427.el9.x86_64';
  return '5.15.0-105-generic';
}

function macOf(id: number): string {
  const bytes = [0x52, 0x54, 0x00, (id >> 16) & 0xff, (id >> 8) & 0xff, id & 0xff];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** "Thu Mar  2 14:05:00 2026" in Vietnam time (UTC+7), as `date` prints on the server. */
function clockText(now: Date): string {
  const local = new Date(now.getTime() + 7 * 60 * 60 * 1000);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const two = (value: number) => String(value).padStart(2, '0');
  const day = String(local.getUTCDate()).padStart(2, ' ');
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
  return `${days[local.getUTCDay()]} ${months[local.getUTCMonth()]} ${day} ${time} ${local.getUTCFullYear()}`;
}
