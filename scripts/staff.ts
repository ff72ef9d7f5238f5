// `npm run staff -- <command>`: the staff command line (server/domain/staff/staff-command.ts) on the database of the
// environment (DATABASE_URL, else the embedded PGlite under DATA_DIR), links on PUBLIC_URL.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { runStaffCommand } from '../server/domain/staff/staff-command.ts';

const config = loadConfig();
const { db, close } = await openDatabase(config);
try {
  console.log(await runStaffCommand(db, config.publicUrl, process.argv.slice(2)));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await close();
}
