// Run by the Playwright web server's command before the server starts (playwright.config.ts): adds staff members of
// every role to the fresh embedded database through the staff command line, and keeps their one-time set-up links
// in `<DATA_DIR>/staff-links.json` for tests/e2e/ops-support.ts addStaff. The command line cannot run beside the
// server: the embedded PGlite is one process's database, and the server would not see another's writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { StaffRole } from '../../contract/ops.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { runStaffCommand } from '../../server/domain/staff/staff-command.ts';

/** Staff members made per role: each test that needs one takes the next. */
const PER_ROLE = 4;

const config = loadConfig();
const { db, close } = await openDatabase(config);
const links: { role: StaffRole; email: string; token: string }[] = [];
try {
  for (const role of StaffRole.options)
    for (let i = 1; i <= PER_ROLE; i++) {
      const email = `e2e-${role}-${i}@ops.test`;
      const out = await runStaffCommand(db, config.publicUrl, ['add', '--email', email, '--role', role]);
      links.push({ role, email, token: new URL(out.match(/https?:\/\/\S+/)![0]).searchParams.get('token')! });
    }
} finally {
  await close();
}
writeFileSync(path.join(config.dataDir, 'staff-links.json'), JSON.stringify(links));
