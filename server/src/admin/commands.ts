import { randomBytes } from 'node:crypto';
import { LIMITS, REGISTRATION_MODES, USER_FILTERS, emailSchema, usernameSchema, type RegistrationMode, type UserFilter } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { CLI_ACTOR, listAudit } from './audit.ts';
import { issueInvite } from './invites.ts';
import { changeRegistration, registrationMode } from './settings.ts';
import { confirmEmail, createUser, deleteUser, disableUser, enableUser, findUser, listUsers, resetLink, setPassword, setRole, type AdminOps } from './users.ts';

export const COMMANDS = [
  'create-user', 'list', 'show', 'make-admin', 'unmake-admin', 'confirm-email', 'disable', 'enable', 'delete', 'set-password', 'reset-link', 'invite',
  'registration', 'audit',
] as const;

/** A mistake in how the command was called (exit code 2, with the usage text). */
export class UsageError extends Error {}

export interface CommandContext extends AdminOps {
  db: Db;
  publicUrl: string | undefined;
  registrationDefault: RegistrationMode;
}

export type Flags = Record<string, string | boolean | undefined>;

/** What a command prints: `text` for people, `data` for --json. */
export interface CommandResult {
  text: string;
  data: unknown;
}

export const USAGE = `Usage: npm run admin -- <command> [options] [--json]

Works on the configured database (DATABASE_URL, or DATA_DIR's embedded one: stop the server first).
<user> is an e-mail address or a user id.

  create-user --email E --username U [--password P] [--admin]
                             create a confirmed account (a password is generated when none is given)
  list [--search TEXT] [--filter all|disabled|unconfirmed|admins] [--limit N]
  show <user>
  make-admin <user>          give admin rights          unmake-admin <user>   take them away
  confirm-email <user>       mark the e-mail address confirmed
  disable <user>             sign out everywhere at once and refuse sign-in
  enable <user>              allow sign-in again
  delete <user> --yes        delete the account and everything that belongs only to it
  set-password <user> [--password P]
                             set a new password (generated when none is given), for servers without e-mail
  reset-link <user>          print a password-reset link (1 hour, single use), for servers without e-mail
  invite [--uses N] [--expires-hours H | --never-expires]
                             create an invite link (default: 1 use, 7 days)
  registration [open|invite|closed]
                             show or change who may sign up
  audit [--action NAME] [--search TEXT] [--limit N]
                             the latest audit log entries

Exit codes: 0 done, 1 refused (no such user, address taken...), 2 wrong usage, 3 configuration or database error.`;

const str = (flags: Flags, name: string): string | undefined => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
}

function int(flags: Flags, name: string, fallback: number, max: number): number {
  const raw = str(flags, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

const generatedPassword = () => randomBytes(12).toString('base64url');

function checkPassword(password: string) {
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
    throw new UsageError(`The password must have ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`);
  }
}

const userLine = (u: Awaited<ReturnType<typeof findUser>>) =>
  `${u.id}  ${u.email}  ${u.username ?? '-'}  ${u.role}${u.disabled ? '  disabled' : ''}${u.emailConfirmed ? '' : '  unconfirmed'}`;

export async function runCommand(ctx: CommandContext, command: string, args: string[], flags: Flags): Promise<CommandResult> {
  const user = async () => findUser(ctx.db, need(args[0], '<user>'));
  switch (command) {
    case 'create-user': {
      const email = emailSchema.safeParse(need(str(flags, 'email'), '--email'));
      if (!email.success) throw new UsageError('--email is not a valid e-mail address');
      const username = usernameSchema.safeParse(need(str(flags, 'username'), '--username'));
      if (!username.success) throw new UsageError(`--username: ${username.error.issues[0]?.message ?? 'not valid'}`);
      const given = str(flags, 'password');
      const password = given ?? generatedPassword();
      checkPassword(password);
      const created = await createUser(ctx, CLI_ACTOR, { email: email.data, username: username.data, password, admin: flags.admin === true });
      const data = given ? { user: created } : { user: created, password };
      return { text: `Created ${userLine(created)}${given ? '' : `\nPassword: ${password}`}`, data };
    }
    case 'list': {
      const filter = str(flags, 'filter') ?? 'all';
      if (!(USER_FILTERS as readonly string[]).includes(filter)) throw new UsageError(`--filter must be one of ${USER_FILTERS.join(', ')}`);
      const list = await listUsers(ctx.db, { q: str(flags, 'search'), filter: filter as UserFilter, limit: int(flags, 'limit', 50, 1000), offset: 0 });
      return { text: [...list.users.map(userLine), `${list.users.length} of ${list.total}`].join('\n'), data: list };
    }
    case 'show': {
      const u = await user();
      return { text: userLine(u), data: { user: u } };
    }
    case 'make-admin':
    case 'unmake-admin': {
      const u = await setRole(ctx, CLI_ACTOR, (await user()).id, command === 'make-admin' ? 'admin' : 'user');
      return { text: userLine(u), data: { user: u } };
    }
    case 'confirm-email': {
      const u = await confirmEmail(ctx, CLI_ACTOR, (await user()).id);
      return { text: userLine(u), data: { user: u } };
    }
    case 'disable':
    case 'enable': {
      const target = await user();
      const u = command === 'disable' ? await disableUser(ctx, CLI_ACTOR, target.id) : await enableUser(ctx, CLI_ACTOR, target.id);
      return { text: userLine(u), data: { user: u } };
    }
    case 'delete': {
      const target = await user();
      if (flags.yes !== true) throw new UsageError(`This deletes ${target.email} for good; add --yes to go ahead`);
      await deleteUser(ctx, CLI_ACTOR, target.id);
      return { text: `Deleted ${target.email}`, data: { deleted: target } };
    }
    case 'set-password': {
      const target = await user();
      const given = str(flags, 'password');
      const password = given ?? generatedPassword();
      checkPassword(password);
      await setPassword(ctx, CLI_ACTOR, target.id, password);
      return { text: `New password for ${target.email}${given ? ' set' : `: ${password}`}`, data: given ? { user: target } : { user: target, password } };
    }
    case 'reset-link': {
      const link = await resetLink(ctx, CLI_ACTOR, (await user()).id, ctx.publicUrl);
      const note = ctx.publicUrl ? '' : '\n(PUBLIC_URL is not set: put the server\'s address in front of the path)';
      return { text: `${link.url}\nFor ${link.email}; works once, until ${link.expiresAt}${note}`, data: link };
    }
    case 'invite': {
      const expiresInHours = flags['never-expires'] === true ? null : int(flags, 'expires-hours', 24 * 7, 24 * 365);
      const invite = await issueInvite(ctx.db, CLI_ACTOR, { maxUses: int(flags, 'uses', 1, 10_000), expiresInHours, publicUrl: ctx.publicUrl }, ctx.now());
      const note = ctx.publicUrl ? '' : '\n(PUBLIC_URL is not set: put the server\'s address in front of the path)';
      return { text: `${invite.url}\n${invite.maxUses} use(s), expires ${invite.expiresAt ?? 'never'}${note}`, data: { invite } };
    }
    case 'registration': {
      const mode = args[0];
      if (mode === undefined) {
        const current = await registrationMode(ctx.db, ctx.registrationDefault);
        return { text: `Registration: ${current}`, data: { mode: current } };
      }
      if (!(REGISTRATION_MODES as readonly string[]).includes(mode)) throw new UsageError(`Registration must be one of ${REGISTRATION_MODES.join(', ')}`);
      await changeRegistration(ctx.db, CLI_ACTOR, { mode: mode as RegistrationMode, fallback: ctx.registrationDefault }, ctx.now());
      return { text: `Registration: ${mode}`, data: { mode } };
    }
    case 'audit': {
      const entries = await listAudit(ctx.db, { action: str(flags, 'action'), q: str(flags, 'search'), limit: int(flags, 'limit', 50, 500) });
      const lines = entries.map((e) => `${e.at}  ${e.action}  ${e.actorEmail ?? '-'} -> ${e.targetEmail ?? '-'}  ${e.address ?? ''}  ${e.details ? JSON.stringify(e.details) : ''}`.trimEnd());
      return { text: lines.join('\n') || 'No entries', data: { entries } };
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}
