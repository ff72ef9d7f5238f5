// The staff command line (`npm run staff -- <command>`, scripts/staff.ts; docs/operations.md "Set-up"): add a staff
// member and print their one-time set-up link, list them, disable one, or give one a new set-up link.
import { parseArgs } from 'node:util';
import type { Db } from '../../db/connect.ts';
import { ApiError } from '../../errors.ts';
import { COMMAND_LINE } from './audit.ts';
import { addStaff, disableStaff, isStaffRole, listStaff, resetStaffSetup, SETUP_LINK_HOURS } from './staff-accounts.ts';

/** What `npm run staff` answers to no or an unknown command. */
const STAFF_USAGE = `Usage: npm run staff -- <command>
  add --email <address> --role <admin|moderator|support|operator>   add a staff member, print their set-up link
  list                                                              list the staff
  disable --email <address>                                         disable a staff member, ending their sessions
  reset --email <address>                                           new set-up link (lost authenticator), TOTP off`;

/** The console's set-up page for set-up link `token` at the site `publicUrl`. */
export const setupLink = (publicUrl: string, token: string) => `${publicUrl}/ops/setup?token=${encodeURIComponent(token)}`;

/**
 * Runs staff command `args` (the words after `npm run staff --`) on `db` and answers what to print; links use
 * `publicUrl` (PUBLIC_URL). Changes are audited as the command line's. Throws Error with the text to print (and
 * STAFF_USAGE) on a bad command or argument, or the domain's message (an address taken, no such staff member).
 */
export async function runStaffCommand(db: Db, publicUrl: string, args: readonly string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' } },
  });
  const [command] = positionals;
  const email = () => {
    if (!values.email) throw new Error(`--email is needed\n${STAFF_USAGE}`);
    return values.email;
  };
  try {
    switch (command) {
      case 'add': {
        const role = values.role ?? '';
        if (!isStaffRole(role)) throw new Error(`--role must be admin, moderator, support or operator\n${STAFF_USAGE}`);
        const { member, token } = await addStaff(db, COMMAND_LINE, { email: email(), role });
        return `Added ${member.email} (${member.role}, id ${member.id}). One-time set-up link, valid ${SETUP_LINK_HOURS} hours:\n${setupLink(publicUrl, token)}`;
      }
      case 'list': {
        const rows = await listStaff(db);
        if (!rows.length) return 'No staff yet.';
        return rows
          .map((m) => {
            const state = m.disabledAt ? `disabled ${m.disabledAt.toISOString()}` : m.totpEnabled ? 'active' : 'set-up pending';
            return `${m.id}\t${m.email}\t${m.role}\t${state}`;
          })
          .join('\n');
      }
      case 'disable': {
        const member = await disableStaff(db, COMMAND_LINE, email());
        return `Disabled ${member.email}; their sessions ended.`;
      }
      case 'reset': {
        const token = await resetStaffSetup(db, COMMAND_LINE, email());
        return `New one-time set-up link, valid ${SETUP_LINK_HOURS} hours (their second factor is off until it is used):\n${setupLink(publicUrl, token)}`;
      }
      default:
        throw new Error(STAFF_USAGE);
    }
  } catch (e) {
    if (e instanceof ApiError)
      throw new Error(
        e.code === 'email_taken'
          ? 'A staff member has that address already.'
          : e.code === 'not_found'
            ? 'No staff member has that address.'
            : e.message,
      );
    throw e;
  }
}
