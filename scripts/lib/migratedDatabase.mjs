// An empty n8n database with every migration applied, kept per n8n version beside that version in the
// n8n cache. Every real-n8n test file starts n8n on a fresh SQLite database, and n8n's first command
// on one runs all its migrations (measured: 3.5 s of a 7.3 s `import:credentials` on a quiet machine,
// several times that on a loaded one, once per file: 32 files a CI run). A copy of the migrated one
// starts each file where the migrations end. It holds no secret: no credential, no owner, and n8n's
// encryption key lives in the user folder's config, which each folder makes for itself.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runProcess } from './proc.mjs';

const FOLDER = 'migrated-database';
/** The database and its write-ahead log: n8n exits without folding the log into the file. */
const FILES = ['database.sqlite', 'database.sqlite-wal'];

/**
 * Gives the user folder `userDir` a migrated, empty database unless it has one already (the demo's
 * kept folder). Made once per n8n install with `n8n import:credentials` of nothing; when anything about
 * it goes wrong, n8n migrates the folder's database itself, as it always did.
 */
export async function seedMigratedDatabase({ install, env, userDir, log = () => {} }) {
	const target = path.join(userDir, '.n8n', 'database.sqlite');
	if (existsSync(target)) return false;
	const template = path.join(install.dir, FOLDER);
	if (!existsSync(template)) await makeTemplate({ install, env, template, log });
	if (!existsSync(template)) return false;
	for (const file of FILES) if (existsSync(path.join(template, file))) copyFileSync(path.join(template, file), path.join(userDir, '.n8n', file));
	return true;
}

async function makeTemplate({ install, env, template, log }) {
	const scratch = mkdtempSync(path.join(tmpdir(), 'n8n-migrate-'));
	try {
		const empty = path.join(scratch, 'nothing.json');
		writeFileSync(empty, '[]');
		const res = await runProcess(install.node, [install.bin, 'import:credentials', `--input=${empty}`], {
			cwd: scratch,
			env: { ...env, N8N_USER_FOLDER: scratch },
		});
		const made = path.join(scratch, '.n8n');
		if (res.code !== 0 || !existsSync(path.join(made, FILES[0]))) {
			log(`[n8n] no migrated database kept (exit ${res.code}): each n8n migrates its own`);
			return;
		}
		const partial = `${template}.partial-${process.pid}`;
		mkdirSync(partial, { recursive: true });
		for (const file of FILES) if (existsSync(path.join(made, file))) copyFileSync(path.join(made, file), path.join(partial, file));
		try {
			renameSync(partial, template);
		} catch (error) {
			// another test file kept its copy first
			rmSync(partial, { recursive: true, force: true });
			if (!existsSync(template)) throw error;
			return;
		}
		log(`[n8n] migrated database kept for n8n ${install.version} (${Math.round(res.ms / 100) / 10} s)`);
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}
